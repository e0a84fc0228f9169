import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { cn } from '@/lib/utils';

/** The 'Rushflow' word mark, linking home. */
export function Logo({ className, onClick }: { className?: string; onClick?: () => void }) {
  return (
    <Link
      to={paths.home.getHref()}
      onClick={onClick}
      className={cn(
        'inline-flex items-center gap-2 rounded-lg text-xl font-bold tracking-tight text-slate-900 outline-none focus-visible:ring-2 focus-visible:ring-violet-600 focus-visible:ring-offset-2',
        className,
      )}
    >
      <span aria-hidden="true" className="grid size-8 place-items-center rounded-lg bg-violet-700">
        <svg viewBox="0 0 24 24" className="size-4 fill-white">
          <path d="M8 5.5v13l10.5-6.5z" />
        </svg>
      </span>
      <span>
        Rush<span className="text-violet-700">flow</span>
      </span>
    </Link>
  );
}

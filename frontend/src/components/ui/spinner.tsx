import { Loader2 } from 'lucide-react';
import { cn } from '@/lib/utils';

export function Spinner({
  label,
  fullPage = false,
  className,
}: {
  label?: string;
  fullPage?: boolean;
  className?: string;
}) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={cn(
        'flex flex-col items-center justify-center gap-3 text-slate-600',
        // The viewport's height below the header: the footer stays out of view until the page
        // arrives, so nothing visible moves when it does.
        fullPage && 'min-h-[calc(100dvh-4rem)] w-full px-4 py-16',
        className,
      )}
    >
      <Loader2 className="size-8 animate-spin text-violet-700" aria-hidden="true" />
      {label ? <p className="text-sm">{label}</p> : <span className="sr-only">…</span>}
    </div>
  );
}

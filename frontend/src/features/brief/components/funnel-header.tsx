import { HowItWorksDialog } from '@/components/how-it-works/how-it-works-dialog';
import { cn } from '@/lib/utils';

/** A funnel's title and subtitle, with the "how it works" dialog beside them. */
export function FunnelHeader({
  title,
  subtitle,
  subtitleClassName,
}: {
  title: string;
  subtitle: string;
  subtitleClassName?: string;
}) {
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
        <p className={cn('mt-2 text-slate-600', subtitleClassName)}>{subtitle}</p>
      </div>
      <HowItWorksDialog triggerClassName="self-start sm:self-auto" />
    </div>
  );
}

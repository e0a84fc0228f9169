import { cn } from '@/lib/utils';

/** A violet bar filled to `value` out of `max` (a percentage unless told), named for screen readers. */
export function ProgressBar({
  label,
  value,
  max = 100,
  className,
}: {
  label: string;
  value: number;
  max?: number;
  /** The track's height and colour. */
  className?: string;
}) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={value}
      className={cn('h-2 overflow-hidden rounded-full', className)}
    >
      <div
        className="h-full rounded-full bg-violet-600 transition-[width]"
        style={{ width: `${(value * 100) / max}%` }}
      />
    </div>
  );
}

import { cn } from '@/lib/utils';

/** Pills to tick any number of values from a fixed list. */
export function Choices<T extends string>({
  legend,
  values,
  selected,
  label,
  onToggle,
  error,
}: {
  legend: string;
  values: readonly T[];
  selected: string[];
  label: (value: T) => string;
  onToggle: (value: T) => void;
  error?: string;
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-900">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {values.map((value) => {
          const checked = selected.includes(value);
          return (
            <label
              key={value}
              className={cn(
                'inline-flex cursor-pointer items-center gap-2 rounded-full border px-3 py-1.5 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-violet-600',
                checked
                  ? 'border-violet-600 bg-violet-50 text-violet-900'
                  : 'border-slate-300 text-slate-700 hover:bg-slate-50',
              )}
            >
              <input type="checkbox" className="sr-only" checked={checked} onChange={() => onToggle(value)} />
              {label(value)}
            </label>
          );
        })}
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}

import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

interface ChoiceCardProps {
  name: string;
  value: string;
  checked: boolean;
  onSelect: () => void;
  title: string;
  detail?: string;
  children?: ReactNode;
}

/** One radio button as a card: title, an optional figure on the right, a description below. */
export function ChoiceCard({ name, value, checked, onSelect, title, detail, children }: ChoiceCardProps) {
  return (
    <label
      className={cn(
        'flex cursor-pointer flex-col gap-1 rounded-xl border p-4 transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-violet-600',
        checked ? 'border-violet-600 bg-violet-50' : 'border-slate-200 bg-white hover:border-slate-300',
      )}
    >
      <span className="flex items-center justify-between gap-3">
        <span className="flex items-center gap-2 font-semibold text-slate-900">
          <input
            type="radio"
            name={name}
            value={value}
            checked={checked}
            onChange={onSelect}
            className="size-4 accent-violet-700"
          />
          {title}
        </span>
        {detail && <span className="text-sm font-semibold whitespace-nowrap text-violet-700">{detail}</span>}
      </span>
      {children && <span className="pl-6 text-sm text-slate-600">{children}</span>}
    </label>
  );
}

import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_NAMESPACE } from '../locales';
import { Field, inputClass } from './form-field';

/** A list filter: « Tous » (no filter, the empty value) first, then the choices. */
export function FilterSelect({
  label,
  value,
  onChange,
  options,
  className,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
  className?: string;
}) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const id = useId();
  return (
    <Field id={id} label={label} className={className}>
      <select id={id} className={inputClass} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{t('common.all')}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** A yes/no list filter, its box left of the label. */
export function FilterCheckbox({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="flex h-10 items-center gap-2 text-sm text-slate-800">
      <input
        type="checkbox"
        className="size-4 accent-violet-700"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      {label}
    </label>
  );
}

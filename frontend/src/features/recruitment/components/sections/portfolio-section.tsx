import { PORTFOLIO_LINKS_MAX } from '@domain/recruitment';
import { Link2, Plus, X } from 'lucide-react';
import { useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { RECRUITMENT_NAMESPACE } from '../../locales';
import { ErrorText, inputClass } from '@/components/form/fields';
import { FormSection } from '../form-section';
import { firstMessage, type ApplicationSectionProps } from './section-props';

/** 'vimeo.com/lea' → 'https://vimeo.com/lea': an address typed without its scheme gets one. */
function withScheme(link: string): string {
  const text = link.trim();
  return text && !/^[a-z][a-z\d+.-]*:/i.test(text) && /^[\w-]+(\.[\w-]+)+/.test(text) ? `https://${text}` : link;
}

/**
 * 9. The portfolio links as rows: one added at a time, any removed, at least one kept (000 §5);
 * empty rows are dropped when sending.
 */
export function PortfolioSection({ form, values }: ApplicationSectionProps) {
  const { t } = useTranslation(RECRUITMENT_NAMESPACE);
  const { control, register, setValue, formState } = form;
  const { fields, append, remove } = useFieldArray({ control, name: 'portfolioLinks' });
  // The schema checks the links sent, empty rows left out: its n-th error is the n-th filled row's.
  const filledRows = (values.portfolioLinks ?? []).flatMap((link, row) => (link?.url?.trim() ? [row] : []));
  const linkErrors = formState.errors.portfolioLinks as unknown as Record<number, { message?: string }> | undefined;
  const rowError = (row: number) => {
    const sent = filledRows.indexOf(row);
    return sent >= 0 ? linkErrors?.[sent]?.message : undefined;
  };
  const atMax = fields.length >= PORTFOLIO_LINKS_MAX;

  return (
    <FormSection section="portfolio">
      <ol className="flex flex-col gap-3 sm:col-span-2">
        {fields.map((field, row) => {
          const id = `portfolio-link-${field.id}`;
          const error = rowError(row);
          const input = register(`portfolioLinks.${row}.url`, {
            onBlur: (event: { target: HTMLInputElement }) => {
              const fixed = withScheme(event.target.value);
              if (fixed !== event.target.value) setValue(`portfolioLinks.${row}.url`, fixed, { shouldValidate: true });
            },
          });
          return (
            <li key={field.id} className="flex flex-col gap-1">
              <label htmlFor={id} className="text-sm font-medium text-slate-800">
                {t('fields.portfolioLink', { number: row + 1 })}
              </label>
              <div className="flex items-center gap-2">
                <div className="relative min-w-0 flex-1">
                  <Link2
                    className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
                    aria-hidden="true"
                  />
                  <input
                    id={id}
                    type="url"
                    inputMode="url"
                    placeholder="https://vimeo.com/…"
                    aria-invalid={Boolean(error)}
                    aria-describedby={error ? `${id}-error` : undefined}
                    className={`${inputClass} pl-9`}
                    {...input}
                  />
                </div>
                <Button
                  variant="ghost"
                  size="icon"
                  disabled={fields.length <= 1}
                  onClick={() => remove(row)}
                  aria-label={t('fields.removeLink', { number: row + 1 })}
                >
                  <X aria-hidden="true" />
                </Button>
              </div>
              <ErrorText id={`${id}-error`}>{error}</ErrorText>
            </li>
          );
        })}
      </ol>
      <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
        <Button variant="outline" disabled={atMax} onClick={() => append({ url: '' })}>
          <Plus aria-hidden="true" />
          {t('fields.addLink')}
        </Button>
        {atMax && <p className="text-xs text-slate-600">{t('fields.linksLimit', { max: PORTFOLIO_LINKS_MAX })}</p>}
        {!Array.isArray(formState.errors.portfolioLinks) && (
          <ErrorText id="portfolio-links-error">{firstMessage(formState.errors.portfolioLinks)}</ErrorText>
        )}
      </div>
    </FormSection>
  );
}

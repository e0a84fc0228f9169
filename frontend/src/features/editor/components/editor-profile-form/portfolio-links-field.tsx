import { Plus, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { EDITOR_NAMESPACE } from '../../locales';
import { inputClass } from './profile-field';

/** The portfolio's links, one input each, always at least one row; each link's error under it. */
export function PortfolioLinksField({
  links,
  onChange,
  errorAt,
}: {
  links: string[];
  onChange: (links: string[]) => void;
  errorAt: (index: number) => string | undefined;
}) {
  const { t } = useTranslation(EDITOR_NAMESPACE);
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-900">{t('form.portfolio')}</legend>
      {links.map((link, index) => (
        <div key={index} className="space-y-1">
          <div className="flex gap-2">
            <input
              className={inputClass}
              type="url"
              inputMode="url"
              placeholder="https://"
              aria-label={t('form.portfolioLink', { number: index + 1 })}
              value={link}
              onChange={(event) =>
                onChange(links.map((current, position) => (position === index ? event.target.value : current)))
              }
              aria-invalid={Boolean(errorAt(index))}
            />
            {links.length > 1 && (
              <Button
                variant="ghost"
                size="icon"
                aria-label={t('form.removeLink', { number: index + 1 })}
                onClick={() => onChange(links.filter((_, position) => position !== index))}
              >
                <X aria-hidden="true" />
              </Button>
            )}
          </div>
          {errorAt(index) && (
            <p role="alert" className="text-sm text-red-700">
              {errorAt(index)}
            </p>
          )}
        </div>
      ))}
      <Button variant="outline" size="sm" onClick={() => onChange([...links, ''])}>
        <Plus aria-hidden="true" />
        {t('form.addLink')}
      </Button>
    </fieldset>
  );
}

import { useTranslation } from 'react-i18next';
import { LANGUAGES, changeLanguage, currentLanguage, type Language } from '@/i18n';
import { cn } from '@/lib/utils';

/** FR/EN switch: only changes the local display; the choice is kept in localStorage. */
export function LanguageToggle({ className }: { className?: string }) {
  const { t } = useTranslation();
  const active = currentLanguage();

  return (
    <div
      role="group"
      aria-label={t('language.label')}
      className={cn('inline-flex rounded-lg bg-slate-100 p-0.5', className)}
    >
      {LANGUAGES.map((language: Language) => (
        <button
          key={language}
          type="button"
          lang={language}
          aria-pressed={active === language}
          title={t(`language.${language}`)}
          onClick={() => void changeLanguage(language)}
          className={cn(
            'rounded-md px-2.5 py-1 text-xs font-semibold uppercase outline-none transition-colors focus-visible:ring-2 focus-visible:ring-violet-600',
            active === language ? 'bg-white text-violet-800 shadow-sm' : 'text-slate-600 hover:text-slate-900',
          )}
        >
          {language.toUpperCase()}
        </button>
      ))}
    </div>
  );
}

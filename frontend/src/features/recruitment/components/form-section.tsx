import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RECRUITMENT_NAMESPACE } from '../locales';
import { SECTION_IDS, sectionAnchor, type SectionId } from './sections';

/** One numbered section of the application; its heading takes the focus the navigation gives it. */
export function FormSection({ section, children }: { section: SectionId; children: ReactNode }) {
  const { t } = useTranslation(RECRUITMENT_NAMESPACE);
  const anchor = sectionAnchor(section);
  return (
    <section
      id={anchor}
      aria-labelledby={`${anchor}-title`}
      className="scroll-mt-32 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 lg:scroll-mt-24"
    >
      <div className="flex items-start gap-3">
        <span
          aria-hidden="true"
          className="flex size-8 shrink-0 items-center justify-center rounded-full bg-violet-100 text-sm font-semibold text-violet-800"
        >
          {SECTION_IDS.indexOf(section) + 1}
        </span>
        <div className="min-w-0">
          <h2
            id={`${anchor}-title`}
            tabIndex={-1}
            className="rounded text-lg font-semibold text-slate-900 outline-none focus-visible:ring-2 focus-visible:ring-violet-600"
          >
            {t(`sections.${section}`)}
          </h2>
          <p className="mt-0.5 text-sm text-slate-600">{t(`intros.${section}`)}</p>
        </div>
      </div>
      <div className="mt-5 grid gap-4 sm:grid-cols-2">{children}</div>
    </section>
  );
}

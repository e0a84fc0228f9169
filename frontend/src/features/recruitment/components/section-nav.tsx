import type { EditorApplicationFormValues } from '@domain/recruitment';
import { Check } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ProgressBar } from '@/components/ui/progress-bar';
import { scrollBehavior } from '@/lib/motion';
import { cn } from '@/lib/utils';
import { RECRUITMENT_NAMESPACE } from '../locales';
import { SECTION_IDS, sectionAnchor, sectionFilled, type SectionId } from './sections';

/** Scrolls to a section and moves the focus to its heading, so the keyboard continues from there. */
export function goToSection(section: SectionId) {
  const element = document.getElementById(sectionAnchor(section));
  if (!element) return;
  element.scrollIntoView({ behavior: scrollBehavior(), block: 'start' });
  document.getElementById(`${sectionAnchor(section)}-title`)?.focus({ preventScroll: true });
}

/** The section in the reading zone (upper third of the window) as the page scrolls. */
export function useCurrentSection(): SectionId {
  const [current, setCurrent] = useState<SectionId>(SECTION_IDS[0]);
  useEffect(() => {
    const observer = new IntersectionObserver(
      (entries) => {
        const visible = entries.filter((entry) => entry.isIntersecting);
        if (visible.length === 0) return;
        const top = visible.reduce((a, b) => (a.boundingClientRect.top < b.boundingClientRect.top ? a : b));
        const section = SECTION_IDS.find((id) => sectionAnchor(id) === top.target.id);
        if (section) setCurrent(section);
      },
      { rootMargin: '-20% 0px -65% 0px' },
    );
    for (const id of SECTION_IDS) {
      const element = document.getElementById(sectionAnchor(id));
      if (element) observer.observe(element);
    }
    return () => observer.disconnect();
  }, []);
  return current;
}

function Progress({ done, compact = false }: { done: number; compact?: boolean }) {
  const { t } = useTranslation(RECRUITMENT_NAMESPACE);
  const total = SECTION_IDS.length;
  const label = t('nav.progress', { done, total });
  const bar = <ProgressBar label={label} value={done} max={total} className="h-1.5 flex-1 bg-slate-200" />;
  if (compact)
    return (
      <div className="flex items-center gap-2">
        {bar}
        <span aria-hidden="true" className="text-xs font-medium text-slate-700 tabular-nums">
          {done}/{total}
        </span>
      </div>
    );
  return (
    <div className="flex flex-col gap-1.5">
      <p className="text-xs font-medium text-slate-700" data-testid="recruitment-progress">
        {label}
      </p>
      {bar}
    </div>
  );
}

interface NavProps {
  values: EditorApplicationFormValues;
  current: SectionId;
}

/** On a phone: a bar that stays under the header, with the progress and a section picker. */
export function SectionBar({ values, current }: NavProps) {
  const { t } = useTranslation(RECRUITMENT_NAMESPACE);
  const done = SECTION_IDS.filter((section) => sectionFilled(section, values)).length;
  return (
    <div className="sticky top-16 z-30 -mx-4 mb-4 border-b border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:-mx-6 sm:px-6 lg:hidden">
      <div className="flex flex-col gap-2">
        <label className="sr-only" htmlFor="recruitment-section-picker">
          {t('nav.jump')}
        </label>
        <select
          id="recruitment-section-picker"
          value={current}
          onChange={(event) => goToSection(event.target.value as SectionId)}
          className="h-10 w-full rounded-lg border border-slate-500 bg-white px-2 text-sm text-slate-900 outline-none focus-visible:ring-2 focus-visible:ring-violet-600"
        >
          {SECTION_IDS.map((section, index) => (
            <option key={section} value={section}>
              {`${index + 1}. ${t(`sections.${section}`)}${sectionFilled(section, values) ? ' ✓' : ''}`}
            </option>
          ))}
        </select>
        <Progress done={done} compact />
      </div>
    </div>
  );
}

/** On a wide screen: the sections beside the form, the filled ones ticked, the current one marked. */
export function SectionNav({ values, current }: NavProps) {
  const { t } = useTranslation(RECRUITMENT_NAMESPACE);
  const done = SECTION_IDS.filter((section) => sectionFilled(section, values)).length;
  return (
    <nav aria-label={t('nav.label')} className="hidden lg:sticky lg:top-24 lg:block lg:self-start">
      <Progress done={done} />
      <ol className="mt-4 flex flex-col gap-0.5">
        {SECTION_IDS.map((section, index) => {
          const complete = sectionFilled(section, values);
          const active = section === current;
          return (
            <li key={section}>
              <a
                href={`#${sectionAnchor(section)}`}
                aria-current={active ? 'location' : undefined}
                onClick={(event) => {
                  event.preventDefault();
                  goToSection(section);
                }}
                className={cn(
                  'flex items-center gap-2.5 rounded-lg px-2.5 py-1.5 text-sm outline-none focus-visible:ring-2 focus-visible:ring-violet-600',
                  active ? 'bg-violet-50 font-medium text-violet-900' : 'text-slate-700 hover:bg-slate-100',
                )}
              >
                <span
                  aria-hidden="true"
                  className={cn(
                    'flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-semibold',
                    complete ? 'bg-emerald-600 text-white' : 'bg-slate-200 text-slate-700',
                  )}
                >
                  {complete ? <Check className="size-3.5" /> : index + 1}
                </span>
                <span>
                  {t(`sections.${section}`)}
                  {complete && <span className="sr-only"> ({t('nav.filled')})</span>}
                </span>
              </a>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

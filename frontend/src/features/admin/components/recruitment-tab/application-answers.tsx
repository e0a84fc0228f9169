import type { AdminApplicationView } from '@domain/admin';
import {
  APPLICATION_PAYMENT_METHODS,
  APPLICATION_TIMEZONES,
  CLIENT_TYPES,
  COMPLEXITY_LEVELS,
  optionLabel,
  SOFTWARE,
  SPECIALTY_DOMAINS,
  TECHNICAL_COMPETENCIES,
  VIDEO_GENRES,
  VIDEO_SPECIALTIES,
  WEEKDAYS,
} from '@domain/recruitment';
import type { BriefOption } from '@domain/brief-options';
import { formatHourlyRate } from '@domain/format';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '@/i18n';
import { ADMIN_NAMESPACE } from '../../locales';

/** Every answer of the application, section by section; « — » for what was left blank. */
export function ApplicationAnswers({ application }: { application: AdminApplicationView }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const language = currentLanguage();
  const labels = (list: readonly BriefOption[], values: string[]) =>
    values.length ? values.map((value) => optionLabel(list, value, language)).join(', ') : null;
  const yesNo = (value: boolean) => (value ? t('recruitment.accepted') : t('recruitment.refused'));
  const hours =
    application.availabilityStartTime && application.availabilityEndTime
      ? `${application.availabilityStartTime} – ${application.availabilityEndTime}`
      : null;

  const sections: [string, [string, ReactNode][]][] = [
    [
      'personal',
      [
        ['email', application.email],
        ['phone', application.phone],
        ['address', application.address],
        ['paymentMethod', optionLabel(APPLICATION_PAYMENT_METHODS, application.paymentMethod, language) || null],
      ],
    ],
    [
      'skills',
      [
        ['complexityLevels', labels(COMPLEXITY_LEVELS, application.complexityLevels)],
        ['specialtyDomains', labels(SPECIALTY_DOMAINS, application.specialtyDomains)],
        ['videoSpecialties', labels(VIDEO_SPECIALTIES, application.videoSpecialties)],
        ['technicalCompetencies', labels(TECHNICAL_COMPETENCIES, application.technicalCompetencies)],
        ['software', labels(SOFTWARE, application.softwareMastered)],
        ['otherSoftware', application.otherSoftware],
        ['languages', application.languages.join(', ') || null],
        [
          'experienceYears',
          application.experienceYears === null ? null : t('recruitment.years', { count: application.experienceYears }),
        ],
        ['hourlyRate', application.hourlyRate === null ? null : formatHourlyRate(application.hourlyRate, language)],
      ],
    ],
    [
      'availability',
      [
        ['timezone', optionLabel(APPLICATION_TIMEZONES, application.timezone, language)],
        ['days', labels(WEEKDAYS, application.availabilityDays)],
        ['hours', hours],
        ['hoursPerWeek', application.availabilityHoursPerWeek],
        ['unavailable', application.unavailablePeriods.join(' ; ') || null],
      ],
    ],
    [
      'presentation',
      [
        ['experience', application.experienceDescription],
        ['motivation', application.motivation],
        ['technicalSkills', application.technicalSkills],
        ['equipment', application.equipmentDescription],
        [
          'portfolio',
          application.portfolioLinks.length ? (
            <ul className="flex flex-col gap-1">
              {application.portfolioLinks.map((link) => (
                <li key={link}>
                  <a
                    href={link}
                    target="_blank"
                    rel="noreferrer noopener"
                    className="break-all text-violet-700 underline-offset-4 hover:underline"
                  >
                    {link}
                  </a>
                </li>
              ))}
            </ul>
          ) : null,
        ],
      ],
    ],
    [
      'preferences',
      [
        ['clientTypes', labels(CLIENT_TYPES, application.preferredClientTypes)],
        ['genres', labels(VIDEO_GENRES, application.preferredVideoGenres)],
      ],
    ],
    [
      'consents',
      [
        ['terms', yesNo(application.acceptsTerms)],
        ['privacy', yesNo(application.acceptsPrivacy)],
        ['contract', yesNo(application.acceptsContract)],
        ['portfolioUse', yesNo(application.authorizesPortfolioUse)],
      ],
    ],
  ];

  return (
    <div className="mt-3 grid gap-4 md:grid-cols-2">
      {sections.map(([section, rows]) => (
        <div key={section}>
          <h4 className="text-sm font-semibold text-slate-900">{t(`recruitment.sections.${section}`)}</h4>
          <dl className="mt-2 space-y-1.5 text-sm">
            {rows.map(([field, value]) => (
              <div key={field} className="grid grid-cols-[10rem_1fr] gap-2 max-sm:grid-cols-1 max-sm:gap-0">
                <dt className="text-slate-500">{t(`recruitment.fields.${field}`)}</dt>
                <dd className="whitespace-pre-line break-words text-slate-800">{value ?? t('common.none')}</dd>
              </div>
            ))}
          </dl>
        </div>
      ))}
    </div>
  );
}

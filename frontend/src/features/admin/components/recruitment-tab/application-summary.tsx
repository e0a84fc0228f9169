import type { AdminApplicationView } from '@domain/admin';
import { optionLabel, SPECIALTY_DOMAINS } from '@domain/recruitment';
import { formatHourlyRate } from '@domain/format';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '@/i18n';
import { ADMIN_NAMESPACE } from '../../locales';

/** The line an admin scans first: domains, experience, rate. */
export function ApplicationSummary({ application }: { application: AdminApplicationView }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const language = currentLanguage();
  const parts = [
    application.specialtyDomains.map((value) => optionLabel(SPECIALTY_DOMAINS, value, language)).join(', '),
    application.experienceYears === null ? '' : t('recruitment.years', { count: application.experienceYears }),
    application.hourlyRate === null ? '' : formatHourlyRate(application.hourlyRate, language),
  ].filter(Boolean);
  return parts.length ? <p className="mt-1 text-sm text-slate-800">{parts.join(' · ')}</p> : null;
}

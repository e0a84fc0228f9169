import type { AdminProjectRow } from '@domain/admin';
import { useTranslation } from 'react-i18next';
import { ADMIN_NAMESPACE } from '../../locales';

/** « En retard » beside the status of a project past its delivery date. */
export function OverdueBadge({ project }: { project: AdminProjectRow }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  if (!project.overdue) return null;
  return (
    <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800">
      {t('projects.overdueBadge')}
    </span>
  );
}

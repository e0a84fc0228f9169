import type { AdminProjectRow } from '@domain/admin';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import { ADMIN_NAMESPACE } from '../../locales';

/** What an admin has to look at on the project, if anything. */
export function AttentionNote({ project, className }: { project: AdminProjectRow; className: string }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  if (!project.needsAttention) return null;
  return (
    <p className={cn('text-xs font-medium text-amber-800', className)}>
      {t('projects.attention', { message: project.needsAttention })}
    </p>
  );
}

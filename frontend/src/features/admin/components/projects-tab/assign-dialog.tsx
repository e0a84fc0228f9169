import type { AdminProjectRow } from '@domain/admin';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { useAssignEditor, useEligibleEditors, useReassignEditor } from '../../api/admin-projects';
import { ADMIN_NAMESPACE } from '../../locales';

/**
 * The editors one may assign by hand (or give an assigned project to instead of its editor), with
 * their load; each button goes through the project's workflow.
 */
export function AssignDialog({
  project,
  reassign = false,
  onClose,
}: {
  project: AdminProjectRow | null;
  reassign?: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const editors = useEligibleEditors(project?.id ?? null);
  const assign = useAssignEditor();
  const reassignTo = useReassignEditor();
  const change = reassign ? reassignTo : assign;

  const choose = (editor: { id: string; name: string }) => {
    if (!project) return;
    change.mutate(
      { projectId: project.id, editorId: editor.id },
      {
        onSuccess: () => {
          toast.success(t(reassign ? 'projects.reassigned' : 'projects.assigned', { name: editor.name }));
          onClose();
        },
        onError: (error) => toast.error(error.message),
      },
    );
  };

  return (
    <Dialog open={project !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent closeLabel={t('common:close')}>
        <DialogTitle>{t(reassign ? 'projects.reassignTitle' : 'projects.assignTitle')}</DialogTitle>
        <DialogDescription>
          {reassign
            ? t('projects.reassignText', { title: project?.title ?? '', editor: project?.editor?.name ?? '' })
            : t('projects.assignText', { title: project?.title ?? '' })}
        </DialogDescription>
        {editors.isPending ? (
          <div className="space-y-2" role="status" aria-label={t('common.loading')}>
            <Skeleton className="h-14 rounded-xl" />
            <Skeleton className="h-14 rounded-xl" />
          </div>
        ) : editors.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {editors.error.message}
          </p>
        ) : editors.data.length === 0 ? (
          <p className="text-sm text-slate-600">{t('projects.noEligible')}</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {editors.data.map((editor) => (
              <li
                key={editor.id}
                className="flex flex-col gap-2 rounded-xl border border-slate-200 p-3 sm:flex-row sm:items-center"
              >
                <div className="min-w-0 flex-1">
                  <p className="font-medium text-slate-900">{editor.name}</p>
                  <p className="text-xs text-slate-600">
                    {t('projects.load', { current: editor.current, max: editor.max })} ·{' '}
                    {editor.specialties.join(', ') || '—'}
                  </p>
                  {editor.matches ? (
                    <span className="mt-1 inline-block rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800">
                      {t('projects.matches')}
                    </span>
                  ) : null}
                </div>
                <Button size="sm" disabled={change.isPending} onClick={() => choose(editor)}>
                  {t(reassign ? 'projects.reassignConfirm' : 'projects.assignConfirm', { name: editor.name })}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  );
}

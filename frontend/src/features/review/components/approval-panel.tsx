import type { ProjectDetail } from '@domain/projects';
import { REVIEW_ACTIONS, type VersionView } from '@domain/review';
import { BadgeCheck, Download } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { ApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useProjectAction } from '@/lib/project-actions';
import { downloadOriginal } from '../api/review';
import { REVIEW_NAMESPACE } from '../locales';

/** The client approves the version on screen (confirmed in a dialog): the revision window closes. */
export function ApproveCard({ project, version }: { project: ProjectDetail; version: VersionView }) {
  const { t } = useTranslation(REVIEW_NAMESPACE);
  const [open, setOpen] = useState(false);
  const action = useProjectAction();
  const ready = version.preview.status === 'ready';
  return (
    <section
      className="space-y-3 rounded-2xl border border-emerald-200 bg-emerald-50/60 p-4"
      aria-labelledby="approve-title"
      data-testid="approve-card"
    >
      <h2 id="approve-title" className="font-semibold text-emerald-950">
        {t('approval.title')}
      </h2>
      <p className="text-sm text-slate-700">{t('approval.hint', { version: version.number })}</p>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogTrigger asChild>
          <Button className="bg-emerald-700 hover:bg-emerald-800" disabled={!ready} data-testid="action-approve">
            <BadgeCheck aria-hidden="true" />
            {t('approval.button', { version: version.number })}
          </Button>
        </DialogTrigger>
        <DialogContent closeLabel={t('common:close')}>
          <DialogTitle>{t('approval.dialogTitle', { version: version.number })}</DialogTitle>
          <DialogDescription>{t('approval.dialogDescription')}</DialogDescription>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => setOpen(false)}>
              {t('common:cancel')}
            </Button>
            <Button
              className="bg-emerald-700 hover:bg-emerald-800"
              disabled={action.isPending}
              onClick={() =>
                action.mutate(
                  { projectId: project.id, action: 'approve', body: { versionNumber: version.number } },
                  { onSuccess: () => setOpen(false) },
                )
              }
              data-testid="approve-confirm"
            >
              {REVIEW_ACTIONS.approve.label}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </section>
  );
}

/** After approval: the approved version, the closed window, and the originals through short-lived links. */
export function DeliverablesCard({ project, version }: { project: ProjectDetail; version: VersionView | undefined }) {
  const { t } = useTranslation(REVIEW_NAMESPACE);
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    if (!version) return;
    setDownloading(true);
    try {
      await downloadOriginal(project.id, version);
    } catch (error) {
      toast.error(error instanceof ApiError && error.status > 0 ? error.message : t('versions.originalFailed'));
    } finally {
      setDownloading(false);
    }
  };
  return (
    <section
      className="space-y-3 rounded-2xl border border-emerald-200 bg-emerald-50/60 p-4"
      aria-labelledby="deliverables-title"
      data-testid="deliverables-card"
    >
      <h2 id="deliverables-title" className="flex items-center gap-2 font-semibold text-emerald-950">
        <BadgeCheck className="size-5 text-emerald-700" aria-hidden="true" />
        {t('approval.approved', { version: project.approvedVersionNumber })}
      </h2>
      {version?.approvedAt && <p className="text-sm text-slate-700">{formatDateTime(version.approvedAt)}</p>}
      <p className="text-sm text-slate-700">{t('approval.windowClosed')}</p>
      {version?.originalAvailable && (
        <Button onClick={() => void download()} disabled={downloading} data-testid="download-deliverables-studio">
          <Download aria-hidden="true" />
          {t('approval.deliverables')}
        </Button>
      )}
    </section>
  );
}

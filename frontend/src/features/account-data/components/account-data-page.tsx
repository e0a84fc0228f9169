import { Download, ShieldCheck, Trash2, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/lib/auth';
import { formatDate, formatDateTime } from '@/lib/format';
import { useAccountData, useCancelDeletion, useRequestDeletion, useRequestExport } from '../api/account-data';
import { ACCOUNT_DATA_NAMESPACE } from '../locales';

/** The server's French refusal, else the page's own message. */
const errorText = (error: unknown, fallback: string) => (error instanceof Error && error.message) || fallback;

function ExportCard() {
  const { t } = useTranslation(ACCOUNT_DATA_NAMESPACE);
  const { data } = useAccountData();
  const requestExport = useRequestExport();
  const running = data?.exportRunning ?? false;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Download className="size-5 text-violet-700" aria-hidden="true" />
          {t('export.title')}
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <p className="text-sm text-slate-600">{t('export.description')}</p>
        <p className="text-sm text-slate-900" role="status" data-testid="export-state">
          {running
            ? t('export.running')
            : data?.lastExport
              ? t('export.last', {
                  createdAt: formatDateTime(data.lastExport.createdAt),
                  expiresAt: formatDate(data.lastExport.expiresAt),
                })
              : t('export.none')}
        </p>
        <Button
          disabled={running || requestExport.isPending}
          onClick={() =>
            requestExport.mutate(undefined, {
              onSuccess: () => toast.success(t('export.requested')),
              onError: (error) => toast.error(errorText(error, t('loadFailed'))),
            })
          }
        >
          {running || requestExport.isPending ? <Spinner aria-hidden="true" /> : <Download aria-hidden="true" />}
          {t('export.action')}
        </Button>
      </CardContent>
    </Card>
  );
}

function DeletionCard() {
  const { t } = useTranslation(ACCOUNT_DATA_NAMESPACE);
  const { data } = useAccountData();
  const requestDeletion = useRequestDeletion();
  const cancelDeletion = useCancelDeletion();
  const [confirming, setConfirming] = useState(false);
  const dueAt = data?.deletionDueAt ?? null;
  return (
    <Card className={dueAt ? 'border-red-200' : undefined}>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Trash2 className="size-5 text-red-700" aria-hidden="true" />
          {t('deletion.title')}
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <p className="text-sm text-slate-600">{t('deletion.description')}</p>
        {dueAt ? (
          <div className="space-y-3 rounded-xl bg-red-50 p-4 text-sm text-red-900" data-testid="deletion-pending">
            <p className="font-semibold">{t('deletion.pending', { date: formatDate(dueAt) })}</p>
            <p>{t('deletion.pendingHint')}</p>
            <Button
              variant="outline"
              disabled={cancelDeletion.isPending}
              onClick={() =>
                cancelDeletion.mutate(undefined, {
                  onSuccess: () => toast.success(t('deletion.cancelled')),
                  onError: (error) => toast.error(errorText(error, t('loadFailed'))),
                })
              }
            >
              {cancelDeletion.isPending ? <Spinner aria-hidden="true" /> : <Undo2 aria-hidden="true" />}
              {t('deletion.cancel')}
            </Button>
          </div>
        ) : (
          <Button
            variant="outline"
            className="border-red-300 text-red-800 hover:bg-red-50"
            onClick={() => setConfirming(true)}
          >
            <Trash2 aria-hidden="true" />
            {t('deletion.action')}
          </Button>
        )}
        <Dialog open={confirming} onOpenChange={setConfirming}>
          <DialogContent closeLabel={t('close')}>
            <DialogTitle>{t('deletion.confirmTitle')}</DialogTitle>
            <DialogDescription>{t('deletion.confirmBody')}</DialogDescription>
            <p className="flex items-start gap-2 rounded-xl bg-slate-50 p-3 text-sm text-slate-700">
              <ShieldCheck className="mt-0.5 size-4 shrink-0 text-violet-700" aria-hidden="true" />
              {t('deletion.invoicesKept')}
            </p>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="outline" onClick={() => setConfirming(false)}>
                {t('deletion.keep')}
              </Button>
              <Button
                className="bg-red-700 hover:bg-red-800"
                disabled={requestDeletion.isPending}
                onClick={() =>
                  requestDeletion.mutate(undefined, {
                    onSuccess: () => {
                      setConfirming(false);
                      toast.success(t('deletion.requested'));
                    },
                    onError: (error) => toast.error(errorText(error, t('loadFailed'))),
                  })
                }
              >
                {requestDeletion.isPending && <Spinner aria-hidden="true" />}
                {t('deletion.confirm')}
              </Button>
            </div>
          </DialogContent>
        </Dialog>
      </CardContent>
    </Card>
  );
}

/** The client's or editor's requests: loading, error, then the two cards. */
function OwnData() {
  const { t } = useTranslation(ACCOUNT_DATA_NAMESPACE);
  const { isPending, isError, refetch } = useAccountData();
  if (isPending)
    return (
      <div className="space-y-4" role="status" aria-label={t('loading')}>
        <Skeleton className="h-48 rounded-2xl" />
        <Skeleton className="h-48 rounded-2xl" />
      </div>
    );
  if (isError)
    return (
      <div className="flex flex-col items-start gap-3 rounded-xl bg-red-50 p-4 text-sm text-red-800">
        <p>{t('loadFailed')}</p>
        <Button variant="outline" size="sm" onClick={() => void refetch()}>
          {t('common:retry')}
        </Button>
      </div>
    );
  return (
    <div className="space-y-6">
      <ExportCard />
      <DeletionCard />
    </div>
  );
}

/** « Mes données » (the privacy page's rights): export of everything held, deletion after 30 days, cancellable. */
export function AccountDataPage() {
  const { t } = useTranslation(ACCOUNT_DATA_NAMESPACE);
  const { roles } = useAuth();
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-10">
      <header className="mb-6">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t('title')}</h1>
        <p className="mt-1 text-slate-600">{t('subtitle')}</p>
      </header>
      {roles.includes('admin') ? (
        <p className="rounded-xl bg-slate-100 p-4 text-sm text-slate-700">{t('adminsExcluded')}</p>
      ) : (
        <OwnData />
      )}
    </div>
  );
}

import {
  describeFinding,
  QC_MESSAGES,
  type DeliveryQcReport,
  type FrameSpan,
  type QcFinding,
  type VersionAnalysisView,
  type VersionClock,
} from '@domain/delivery-qc';
import { framesToTimecode } from '@domain/timecode';
import { CircleCheck, Eye, Loader2, MessageSquarePlus, ShieldCheck, TriangleAlert } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';
import { formatNumber } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useShareAnalysis } from '../api/review';
import { REVIEW_NAMESPACE } from '../locales';

/** « −14 »: the typographic minus, which the locale's number format writes as a hyphen. */
const signedNumber = (value: number) => `${value < 0 ? '−' : ''}${formatNumber(Math.abs(value))}`;

/**
 * The version's delivery QC (« Contrôle qualité »): its state while the worker measures, then the
 * summary, the loudness target and each finding, warnings first. A finding with frames seeks the
 * player there and can become a comment on them. The editor decides when the client sees it; a
 * warning (or a report that failed to load) never stops the review.
 */
export function QualityReport({
  projectId,
  versionNumber,
  status,
  analysis,
  clock,
  mayShare,
  onSeek,
  onComment,
}: {
  projectId: string;
  versionNumber: number;
  status: VersionAnalysisView['status'];
  /** Once `status` is ready: undefined while it loads, null when it failed. */
  analysis: VersionAnalysisView | null | undefined;
  clock: VersionClock;
  /** The editor and the admin show the report to the client. */
  mayShare: boolean;
  onSeek: (frame: number) => void;
  /** Absent when the version takes no more comments. */
  onComment?: (span: FrameSpan, sentence: string) => void;
}) {
  const { t } = useTranslation(REVIEW_NAMESPACE);
  return (
    <section
      aria-labelledby="review-qc-title"
      className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
      data-testid="quality-report"
    >
      <h2 id="review-qc-title" className="flex items-center gap-2 font-semibold text-slate-900">
        <ShieldCheck className="size-4 text-violet-700" aria-hidden="true" />
        {t('qc.title')}
      </h2>
      {status === 'pending' ? (
        <p className="flex items-center gap-2 text-sm text-slate-700" role="status">
          <Loader2 className="size-4 animate-spin text-violet-700" aria-hidden="true" />
          {t('qc.pending')}
        </p>
      ) : status === 'unavailable' ? (
        <p className="text-sm text-slate-700">{QC_MESSAGES.notAnalysed}</p>
      ) : analysis === undefined ? (
        <div className="space-y-2" role="status" aria-label={t('qc.loading')}>
          <Skeleton className="h-5 w-1/2" />
          <Skeleton className="h-10" />
        </div>
      ) : analysis === null ? (
        <p className="text-sm text-slate-700">{t('qc.loadFailed')}</p>
      ) : analysis.qc === null ? (
        <p className="text-sm text-slate-700">{QC_MESSAGES.notShared}</p>
      ) : (
        <>
          <ReportBody report={analysis.qc} clock={clock} onSeek={onSeek} onComment={onComment} />
          {mayShare && <ShareControl projectId={projectId} versionNumber={versionNumber} shared={analysis.qcShared} />}
        </>
      )}
    </section>
  );
}

function ReportBody({
  report,
  clock,
  onSeek,
  onComment,
}: {
  report: DeliveryQcReport;
  clock: VersionClock;
  onSeek: (frame: number) => void;
  onComment?: (span: FrameSpan, sentence: string) => void;
}) {
  const { t } = useTranslation(REVIEW_NAMESPACE);
  const findings = [
    ...report.findings.filter((finding) => finding.status === 'warning'),
    ...report.findings.filter((finding) => finding.status === 'ok'),
  ];
  return (
    <>
      <div className="space-y-1">
        <p
          className={cn(
            'flex items-center gap-2 text-sm font-semibold',
            report.warnings > 0 ? 'text-amber-900' : 'text-emerald-800',
          )}
          data-testid="qc-summary"
        >
          {report.warnings > 0 ? (
            <TriangleAlert className="size-4" aria-hidden="true" />
          ) : (
            <CircleCheck className="size-4" aria-hidden="true" />
          )}
          {report.warnings > 0 ? t('qc.warnings', { count: report.warnings }) : t('qc.allPassed')}
        </p>
        <p className="text-sm text-slate-700" data-testid="qc-target">
          {t('qc.target', { lufs: signedNumber(report.target.lufs), platforms: t(`qc.targets.${report.target.key}`) })}
        </p>
        {report.warnings > 0 && <p className="text-xs text-slate-600">{t('qc.advisory')}</p>}
      </div>
      <ul className="divide-y divide-slate-100" aria-label={t('qc.findings')} data-testid="qc-findings">
        {findings.map((finding, index) => (
          <FindingRow
            key={`${finding.check}-${finding.span?.frameIn ?? index}`}
            finding={finding}
            clock={clock}
            onSeek={onSeek}
            onComment={onComment}
          />
        ))}
      </ul>
    </>
  );
}

function FindingRow({
  finding,
  clock,
  onSeek,
  onComment,
}: {
  finding: QcFinding;
  clock: VersionClock;
  onSeek: (frame: number) => void;
  onComment?: (span: FrameSpan, sentence: string) => void;
}) {
  const { t } = useTranslation(REVIEW_NAMESPACE);
  const sentence = describeFinding(finding, clock);
  const warning = finding.status === 'warning';
  const { span } = finding;
  return (
    <li
      className="flex flex-wrap items-start gap-x-2 gap-y-1 py-2 text-sm"
      data-testid="qc-finding"
      data-status={finding.status}
    >
      {warning ? (
        <TriangleAlert className="mt-0.5 size-4 shrink-0 text-amber-700" aria-hidden="true" />
      ) : (
        <CircleCheck className="mt-0.5 size-4 shrink-0 text-emerald-700" aria-hidden="true" />
      )}
      <span
        className={cn(
          'shrink-0 rounded px-1.5 py-0.5 text-xs font-medium',
          warning ? 'bg-amber-100 text-amber-900' : 'bg-emerald-50 text-emerald-900',
        )}
      >
        {t(`qc.status.${finding.status}`)}
        <span className="sr-only"> : </span>
      </span>
      {span ? (
        <button
          type="button"
          className="min-h-6 min-w-0 flex-1 basis-40 rounded text-left font-medium text-violet-800 underline-offset-2 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-violet-600"
          title={t('qc.seek', { timecode: framesToTimecode(clock.startFrame + span.frameIn, clock.frameRate) })}
          onClick={() => onSeek(span.frameIn)}
        >
          {sentence}
        </button>
      ) : (
        <span className="min-w-0 flex-1 basis-40 text-slate-800">{sentence}</span>
      )}
      {span && onComment && (
        <Button
          variant="outline"
          size="sm"
          // On a phone it goes under the sentence rather than squeezing it.
          className="ml-auto h-7 px-2"
          aria-label={t('qc.commentOn', { finding: sentence })}
          onClick={() => onComment(span, sentence)}
        >
          <MessageSquarePlus aria-hidden="true" />
          {t('qc.comment')}
        </Button>
      )}
    </li>
  );
}

/** « Montrer le rapport au client » until it is shown, then a plain statement that it is. */
function ShareControl({
  projectId,
  versionNumber,
  shared,
}: {
  projectId: string;
  versionNumber: number;
  shared: boolean;
}) {
  const { t } = useTranslation(REVIEW_NAMESPACE);
  const share = useShareAnalysis(projectId, versionNumber);
  // The button goes away once pressed: the focus moves to the sentence that replaces it.
  const statementRef = useRef<HTMLParagraphElement>(null);
  const focusStatement = useRef(false);
  useEffect(() => {
    if (!shared || !focusStatement.current) return;
    focusStatement.current = false;
    statementRef.current?.focus();
  }, [shared]);
  if (shared)
    return (
      <p
        ref={statementRef}
        tabIndex={-1}
        className="flex items-center gap-2 text-sm text-slate-700 outline-none"
        data-testid="qc-shared"
      >
        <Eye className="size-4 text-violet-700" aria-hidden="true" />
        {t('qc.shared')}
      </p>
    );
  return (
    <div className="flex flex-wrap items-center gap-2 border-t border-slate-100 pt-3">
      <p className="text-xs text-slate-600">{t('qc.notSharedYet')}</p>
      {/* aria-disabled, not disabled: a disabled button would drop the keyboard's focus. */}
      <Button
        size="sm"
        className="ml-auto"
        aria-disabled={share.isPending}
        data-testid="qc-share"
        onClick={() => {
          if (share.isPending) return;
          share.mutate(undefined, {
            onSuccess: () => {
              focusStatement.current = true;
              toast.success(t('qc.sharedToast'));
            },
            onError: (failure) => toast.error(failure instanceof ApiError ? failure.message : t('qc.shareFailed')),
          });
        }}
      >
        <Eye aria-hidden="true" />
        {t('qc.share')}
      </Button>
    </div>
  );
}

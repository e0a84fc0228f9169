import type { CommentView, VersionView } from '@domain/review';
import { framesToTimecode } from '@domain/timecode';
import { MessageSquare } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import type { FrameSpan } from '@domain/delivery-qc';
import { useAnalysis, useComments } from '../api/review';
import { REVIEW_NAMESPACE } from '../locales';
import { useFramePlayer } from '../lib/use-frame-player';
import { useFullscreen } from '../lib/use-fullscreen';
import { jumpMarks, markFrom } from '../lib/marks';
import { transportShortcuts, useShortcuts } from '../lib/use-shortcuts';
import { CommentForm, type CommentPrefill } from './comment-form';
import type { DrawingDraft } from './comment-form/drawing-tools';
import { CommentList } from './comment-list';
import { DrawingOverlay, type PictureSize } from './drawing-overlay';
import { PlayerControls, Timeline } from './player-controls';
import { QualityReport } from './quality-report';
import { usePreviewSource } from './use-preview-source';

/** 16:9 and 29.97 until the probe of the original is known. */
const FALLBACK_SIZE: PictureSize = { width: 1600, height: 900 };
const FALLBACK_RATE = { num: 30_000, den: 1001 };

/** The picture box keeps the media's proportions, within the height left on screen. */
export function pictureBoxStyle(size: PictureSize, fullscreen: boolean, maxHeight = '70vh') {
  const ratio = size.width / size.height;
  return {
    aspectRatio: `${size.width} / ${size.height}`,
    width: `min(100%, calc(${fullscreen ? '100dvh - 8.5rem' : maxHeight} * ${ratio}))`,
  };
}

/**
 * The review of one version: the player (picture, drawings, controls, timeline with the comment
 * markers, the waveform and the scene cuts) with its quality control under it, and, beside them on
 * a wide screen or between them on a phone, the new comment and the threads.
 */
export function ReviewPlayer({
  projectId,
  version,
  canComment,
  mayShareQc,
  helpButton,
  onToggleHelp,
}: {
  projectId: string;
  version: VersionView;
  canComment: boolean;
  /** The editor's side shows the QC report to the client. */
  mayShareQc: boolean;
  helpButton: ReactNode;
  onToggleHelp: () => void;
}) {
  const { t } = useTranslation(REVIEW_NAMESPACE);
  const media = version.media;
  const rate = media?.frameRate ?? FALLBACK_RATE;
  const startFrame = media?.startFrame ?? 0;
  const size = media ? { width: media.width, height: media.height } : FALLBACK_SIZE;
  const player = useFramePlayer(rate, media?.frameCount ?? null);
  const fullscreen = useFullscreen<HTMLDivElement>();
  const comments = useComments(projectId, version.number);
  const analysis = useAnalysis(projectId, version);
  const source = usePreviewSource(projectId, version);
  const [range, setRange] = useState<{ frameIn: number | null; frameOut: number | null }>({
    frameIn: null,
    frameOut: null,
  });
  const [drawing, setDrawing] = useState<DrawingDraft | null>(null);
  const [prefill, setPrefill] = useState<CommentPrefill | null>(null);

  const threads = useMemo(() => comments.data ?? [], [comments.data]);
  const analysed = analysis.data?.status === 'ready' ? analysis.data : null;
  const marks = useMemo(() => jumpMarks(analysed?.sceneCuts ?? [], threads), [analysed, threads]);
  const { frame } = player;
  const shown = useMemo(
    () =>
      threads
        .filter(
          (comment) =>
            comment.drawing &&
            comment.frameIn !== null &&
            frame >= comment.frameIn &&
            frame <= (comment.frameOut ?? comment.frameIn),
        )
        .map((comment) => ({ key: comment.id, drawing: comment.drawing! })),
    [threads, frame],
  );

  const setIn = () =>
    setRange((current) => ({
      frameIn: frame,
      frameOut: current.frameOut !== null && current.frameOut >= frame ? current.frameOut : null,
    }));
  const setOut = () =>
    setRange((current) => {
      const from = current.frameIn ?? frame;
      return from <= frame ? { frameIn: from, frameOut: frame } : { frameIn: frame, frameOut: from };
    });

  /** Paused on `target`: what is then commented is what is seen. */
  const goTo = (target: number) => {
    player.pause();
    player.seek(target);
  };

  const jump = (direction: 1 | -1) => {
    const target = markFrom(marks, frame, direction);
    if (target !== null) goTo(target);
  };

  useShortcuts({
    ...transportShortcuts(player),
    markIn: canComment ? setIn : undefined,
    markOut: canComment ? setOut : undefined,
    previousMark: () => jump(-1),
    nextMark: () => jump(1),
    fullscreen: fullscreen.toggle,
    help: onToggleHelp,
  });

  const seekToComment = (comment: CommentView) => {
    if (comment.frameIn !== null) goTo(comment.frameIn);
  };

  // A QC finding becomes a comment on its frames, worded as the report words it.
  const commentOnFinding = (span: FrameSpan, sentence: string) => {
    goTo(span.frameIn);
    setRange({ frameIn: span.frameIn, frameOut: span.frameOut > span.frameIn ? span.frameOut : null });
    setPrefill((current) => ({ id: (current?.id ?? 0) + 1, text: sentence }));
  };

  const startDrawing = (draft: DrawingDraft | null) => {
    if (draft && player.speed !== 0) player.pause();
    setDrawing(draft);
  };

  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_22rem] lg:grid-rows-[auto_1fr] xl:grid-cols-[minmax(0,1fr)_24rem]">
      <div
        ref={fullscreen.ref}
        className={cn(
          'overflow-hidden rounded-2xl bg-slate-950 lg:col-start-1 lg:row-start-1',
          fullscreen.active && 'flex flex-col justify-center rounded-none',
        )}
        data-testid="review-player"
      >
        <div className="relative mx-auto bg-black" style={pictureBoxStyle(size, fullscreen.active)}>
          {source.url ? (
            // The preview is the editor's cut under review, watermarked and commented frame by frame:
            // it carries no caption track (subtitles, when ordered, are a deliverable made from the
            // approved cut), and the review itself is written in the comments beside it.
            // eslint-disable-next-line jsx-a11y/media-has-caption
            <video
              ref={player.attach}
              key={source.url}
              src={source.url}
              className="absolute inset-0 size-full"
              playsInline
              preload="auto"
              aria-label={t('player.video', { version: version.number })}
              data-testid="review-video"
              onError={source.onError}
              onLoadedData={source.onLoaded}
            />
          ) : null}
          <DrawingOverlay
            drawings={drawing ? [] : shown}
            size={size}
            editor={
              drawing
                ? {
                    ...drawing,
                    onShapesChange: (shapes) => setDrawing({ ...drawing, shapes }),
                    label: t('drawing.canvas', { timecode: framesToTimecode(startFrame + frame, rate) }),
                  }
                : null
            }
          />
          {source.failed && (
            <p role="alert" className="absolute inset-x-4 top-1/2 -translate-y-1/2 text-center text-sm text-white">
              {t('player.loadFailed')}
            </p>
          )}
        </div>
        <PlayerControls
          player={player}
          startFrame={startFrame}
          fullscreen={fullscreen}
          onJump={jump}
          extra={helpButton}
        />
        <Timeline
          player={player}
          startFrame={startFrame}
          comments={threads}
          selection={range}
          onMarker={seekToComment}
          analysis={analysed ?? undefined}
        />
      </div>

      <section
        aria-labelledby="review-comments-title"
        className="flex min-w-0 flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm lg:col-start-2 lg:row-span-2 lg:row-start-1"
      >
        <h2 id="review-comments-title" className="flex items-center gap-2 font-semibold text-slate-900">
          <MessageSquare className="size-4 text-violet-700" aria-hidden="true" />
          {t('comments.title')}
          <span className="text-sm font-normal text-slate-500" data-testid="comment-counts">
            {t('comments.openCount', { count: version.comments.open })} ·{' '}
            {t('comments.resolvedCount', { count: version.comments.resolved })}
          </span>
        </h2>
        {canComment && (
          <CommentForm
            projectId={projectId}
            versionNumber={version.number}
            rate={rate}
            startFrame={startFrame}
            frame={frame}
            range={range}
            onSetIn={setIn}
            onSetOut={setOut}
            onClearRange={() => setRange({ frameIn: null, frameOut: null })}
            drawing={drawing}
            onDrawingChange={startDrawing}
            onFocusField={() => {
              if (player.speed !== 0) player.pause();
            }}
            prefill={prefill}
          />
        )}
        <div className="min-h-0 flex-1 lg:max-h-[60vh] lg:overflow-y-auto" aria-busy={comments.isPending}>
          {comments.isPending ? (
            <div className="space-y-2" role="status" aria-label={t('comments.loading')}>
              <Skeleton className="h-20" />
              <Skeleton className="h-20" />
            </div>
          ) : comments.isError ? (
            <p role="alert" className="text-sm text-red-700">
              {t('comments.loadFailed')}
            </p>
          ) : (
            <CommentList
              projectId={projectId}
              comments={threads}
              rate={rate}
              startFrame={startFrame}
              frame={frame}
              onSeek={seekToComment}
            />
          )}
        </div>
      </section>

      <div className="min-w-0 self-start lg:col-start-1 lg:row-start-2">
        <QualityReport
          projectId={projectId}
          versionNumber={version.number}
          status={analysis.data?.status ?? version.analysis.status}
          analysis={analysis.isPending ? undefined : (analysis.data ?? null)}
          clock={{ frameRate: rate, startFrame }}
          mayShare={mayShareQc}
          onSeek={goTo}
          onComment={canComment ? commentOnFinding : undefined}
        />
      </div>
    </div>
  );
}

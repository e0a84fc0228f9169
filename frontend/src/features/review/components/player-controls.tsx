import type { CommentView } from '@domain/review';
import { ChevronLeft, ChevronRight, Maximize, Minimize, Pause, Play, Rewind } from 'lucide-react';
import { useRef, type PointerEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { REVIEW_NAMESPACE } from '../locales';
import { framesToTimecode } from '@domain/timecode';
import type { FramePlayer } from '../lib/use-frame-player';

const iconButton = 'size-10 text-white hover:bg-white/15 hover:text-white focus-visible:ring-offset-slate-950';

/** Play/pause, one frame back and forward, the timecode and the shuttle speed. */
export function PlayerControls({
  player,
  startFrame,
  fullscreen,
  extra,
}: {
  player: FramePlayer;
  startFrame: number;
  fullscreen?: { active: boolean; toggle: () => void };
  extra?: ReactNode;
}) {
  const { t } = useTranslation(REVIEW_NAMESPACE);
  const { speed, frame, frameCount, rate } = player;
  const playing = speed !== 0;
  return (
    <div className="flex flex-wrap items-center gap-1 px-2 py-2 text-white sm:gap-2 sm:px-3">
      <Button
        variant="ghost"
        size="icon"
        className={iconButton}
        onClick={() => player.step(-1)}
        disabled={!player.ready}
        aria-label={t('player.previousFrame')}
        title={t('player.previousFrame')}
      >
        <ChevronLeft aria-hidden="true" />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        className={iconButton}
        onClick={player.togglePlay}
        disabled={!player.ready}
        aria-label={playing ? t('player.pause') : t('player.play')}
        data-testid="player-play"
      >
        {playing ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
      </Button>
      <Button
        variant="ghost"
        size="icon"
        className={iconButton}
        onClick={() => player.step(1)}
        disabled={!player.ready}
        aria-label={t('player.nextFrame')}
        title={t('player.nextFrame')}
      >
        <ChevronRight aria-hidden="true" />
      </Button>
      <div className="ml-1 flex min-w-0 flex-col leading-tight">
        <output
          className="font-mono text-base font-semibold tracking-wide tabular-nums sm:text-lg"
          aria-label={t('player.timecode')}
          data-testid="player-timecode"
        >
          {framesToTimecode(startFrame + frame, rate)}
        </output>
        <span className="text-xs text-slate-300 tabular-nums" data-testid="player-frame">
          {t('player.frame', { frame: frame + 1, count: Math.max(frameCount, 1) })}
        </span>
      </div>
      {speed !== 0 && speed !== 1 && (
        <span
          className="ml-1 inline-flex items-center gap-1 rounded-md bg-white/15 px-2 py-0.5 text-xs font-semibold tabular-nums"
          data-testid="player-speed"
        >
          {speed < 0 && <Rewind className="size-3" aria-hidden="true" />}
          {t('player.speed', { speed: Math.abs(speed) })}
        </span>
      )}
      <div className="ml-auto flex items-center gap-1">
        {extra}
        {fullscreen && (
          <Button
            variant="ghost"
            size="icon"
            className={iconButton}
            onClick={fullscreen.toggle}
            aria-label={fullscreen.active ? t('player.exitFullscreen') : t('player.fullscreen')}
            title={fullscreen.active ? t('player.exitFullscreen') : t('player.fullscreen')}
          >
            {fullscreen.active ? <Minimize aria-hidden="true" /> : <Maximize aria-hidden="true" />}
          </Button>
        )}
      </div>
    </div>
  );
}

/**
 * The version's timeline: the playhead, the in/out being set, and a marker per comment (a point,
 * or a bar over its range). Pressing or dragging on it seeks; a marker seeks to its comment.
 */
export function Timeline({
  player,
  startFrame,
  comments,
  selection,
  onMarker,
}: {
  player: FramePlayer;
  startFrame: number;
  comments: CommentView[];
  selection?: { frameIn: number | null; frameOut: number | null };
  onMarker?: (comment: CommentView) => void;
}) {
  const { t } = useTranslation(REVIEW_NAMESPACE);
  const trackRef = useRef<HTMLDivElement>(null);
  const dragging = useRef(false);
  const { frame, frameCount, rate } = player;
  const total = Math.max(frameCount, 1);
  const at = (value: number) => `${(value / total) * 100}%`;
  const span = (from: number, to: number) => `${(Math.max(1, to - from + 1) / total) * 100}%`;

  const seekAt = (event: PointerEvent<HTMLDivElement>) => {
    const box = trackRef.current?.getBoundingClientRect();
    if (!box || box.width === 0) return;
    const ratio = Math.min(1, Math.max(0, (event.clientX - box.left) / box.width));
    player.seek(Math.floor(ratio * total));
  };

  const anchored = comments.filter((comment) => comment.frameIn !== null);
  const selectionIn = selection?.frameIn ?? null;
  const selectionOut = selection?.frameOut ?? null;

  return (
    <div className="px-3 pt-1 pb-3 sm:px-4">
      <div className="relative h-9">
        <div
          ref={trackRef}
          role="slider"
          tabIndex={0}
          aria-label={t('player.timeline')}
          aria-valuemin={0}
          aria-valuemax={total - 1}
          aria-valuenow={frame}
          aria-valuetext={framesToTimecode(startFrame + frame, rate)}
          data-testid="player-timeline"
          className="absolute inset-x-0 top-3 h-3 cursor-pointer rounded-full bg-white/20 outline-none focus-visible:ring-2 focus-visible:ring-violet-400"
          onPointerDown={(event) => {
            if (!player.ready) return;
            dragging.current = true;
            event.currentTarget.setPointerCapture(event.pointerId);
            seekAt(event);
          }}
          onPointerMove={(event) => {
            if (dragging.current) seekAt(event);
          }}
          onPointerUp={() => {
            dragging.current = false;
          }}
        >
          <div className="h-full rounded-full bg-violet-500/70" style={{ width: at(frame + 1) }} />
          {selectionIn !== null && (
            <div
              className="absolute inset-y-0 rounded-full bg-amber-300/70"
              style={{ left: at(selectionIn), width: span(selectionIn, selectionOut ?? selectionIn) }}
              data-testid="timeline-selection"
            />
          )}
        </div>
        <div
          className="pointer-events-none absolute top-1 h-7 w-0.5 -translate-x-1/2 rounded bg-white"
          style={{ left: at(frame + 0.5) }}
          aria-hidden="true"
        />
        {anchored.map((comment) => {
          const from = comment.frameIn ?? 0;
          const range = comment.frameOut !== null && comment.frameOut > from;
          const resolved = comment.status === 'resolved';
          return (
            <button
              key={comment.id}
              type="button"
              className={cn(
                'absolute top-0 h-3 -translate-x-px rounded-sm outline-none focus-visible:ring-2 focus-visible:ring-white',
                range ? 'min-w-1.5' : 'w-1.5 -translate-x-1/2',
                resolved ? 'bg-slate-400' : 'bg-amber-400',
              )}
              style={{ left: at(from + (range ? 0 : 0.5)), width: range ? span(from, comment.frameOut!) : undefined }}
              aria-label={t('player.marker', {
                timecode: framesToTimecode(startFrame + from, rate),
                name: comment.author.name,
              })}
              data-testid="timeline-marker"
              onClick={() => onMarker?.(comment)}
            />
          );
        })}
      </div>
    </div>
  );
}

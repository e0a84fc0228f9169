import type { Waveform } from '@domain/delivery-qc';
import type { CommentView } from '@domain/review';
import {
  ChevronLeft,
  ChevronRight,
  Maximize,
  Minimize,
  Pause,
  Play,
  Rewind,
  SkipBack,
  SkipForward,
} from 'lucide-react';
import { useRef, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { REVIEW_NAMESPACE } from '../locales';
import { framesToTimecode } from '@domain/timecode';
import { useTimecodeWords } from '../lib/timecode-words';
import type { FramePlayer } from '../lib/use-frame-player';
import { framesPerSecond } from '../lib/use-shortcuts';
import { WaveformStrip } from './waveform-strip';

const iconButton = 'size-10 text-white hover:bg-white/15 hover:text-white focus-visible:ring-offset-slate-950';

/**
 * Play/pause, one frame back and forward, the previous and next cut or comment (when `onJump` is
 * given), the timecode and the shuttle speed.
 */
export function PlayerControls({
  player,
  startFrame,
  fullscreen,
  onJump,
  extra,
}: {
  player: FramePlayer;
  startFrame: number;
  fullscreen?: { active: boolean; toggle: () => void };
  onJump?: (direction: 1 | -1) => void;
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
      {onJump &&
        ([-1, 1] as const).map((direction) => {
          const label = direction === 1 ? t('player.nextMark') : t('player.previousMark');
          return (
            <Button
              key={direction}
              variant="ghost"
              size="icon"
              className={iconButton}
              onClick={() => onJump(direction)}
              disabled={!player.ready}
              aria-label={label}
              title={label}
              data-testid={direction === 1 ? 'jump-next' : 'jump-previous'}
            >
              {direction === 1 ? <SkipForward aria-hidden="true" /> : <SkipBack aria-hidden="true" />}
            </Button>
          );
        })}
      {/* No live region: it would speak every frame during playback; the timeline says the position. */}
      <div className="ml-1 flex min-w-0 flex-col leading-tight">
        <p className="font-mono text-base font-semibold tracking-wide tabular-nums sm:text-lg">
          <span className="sr-only">{t('player.timecode')} </span>
          <span data-testid="player-timecode">{framesToTimecode(startFrame + frame, rate)}</span>
        </p>
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
 * The version's timeline: the playhead, the in/out being set, a marker per comment (a point, or a
 * bar over its range) and, once the version is analysed, its waveform and scene cuts under the
 * track. Pressing or dragging on the track or the waveform seeks; a marker seeks to its comment.
 */
export function Timeline({
  player,
  startFrame,
  comments,
  selection,
  onMarker,
  analysis,
}: {
  player: FramePlayer;
  startFrame: number;
  comments: CommentView[];
  selection?: { frameIn: number | null; frameOut: number | null };
  onMarker?: (comment: CommentView) => void;
  analysis?: { waveform: Waveform | null; sceneCuts: number[] };
}) {
  const { t } = useTranslation(REVIEW_NAMESPACE);
  const inWords = useTimecodeWords(player.rate);
  const trackRef = useRef<HTMLDivElement>(null);
  const dragging = useRef(false);
  const { frame, frameCount } = player;
  const total = Math.max(frameCount, 1);
  const at = (value: number) => `${(value / total) * 100}%`;
  const span = (from: number, to: number) => `${(Math.max(1, to - from + 1) / total) * 100}%`;

  const seekAt = (event: PointerEvent<HTMLDivElement>) => {
    const box = trackRef.current?.getBoundingClientRect();
    if (!box || box.width === 0) return;
    const ratio = Math.min(1, Math.max(0, (event.clientX - box.left) / box.width));
    player.seek(Math.floor(ratio * total));
  };

  // The slider's own keys, whether the page's shortcuts are on or off.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const oneSecond = framesPerSecond(player);
    const moves: Record<string, () => void> = {
      ArrowLeft: () => player.step(event.shiftKey ? -oneSecond : -1),
      ArrowDown: () => player.step(event.shiftKey ? -oneSecond : -1),
      ArrowRight: () => player.step(event.shiftKey ? oneSecond : 1),
      ArrowUp: () => player.step(event.shiftKey ? oneSecond : 1),
      PageDown: () => player.step(-oneSecond),
      PageUp: () => player.step(oneSecond),
      Home: () => player.seek(0),
      End: () => player.seek(total - 1),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    move();
  };

  // One marker per starting frame: comments on the same frame share it, rather than stacking
  // targets on one another.
  const byFrame = new Map<number, CommentView[]>();
  for (const comment of comments) {
    if (comment.frameIn !== null) byFrame.set(comment.frameIn, [...(byFrame.get(comment.frameIn) ?? []), comment]);
  }
  const markers = [...byFrame].map(([frameIn, here]) => ({
    frameIn,
    frameOut: Math.max(...here.map((comment) => comment.frameOut ?? frameIn)),
    comments: here,
  }));
  const selectionIn = selection?.frameIn ?? null;
  const selectionOut = selection?.frameOut ?? null;

  return (
    <div className="px-3 pt-1 pb-3 sm:px-4">
      {/* Markers in a row above the track, so each keeps a 24 px target that overlaps nothing else. */}
      <div className={cn('relative', analysis ? 'h-24' : 'h-12')}>
        {markers.map(({ frameIn, frameOut, comments: here }) => {
          const range = frameOut > frameIn;
          const open = here.some((comment) => comment.status !== 'resolved');
          const timecode = inWords(startFrame + frameIn);
          const names = [...new Set(here.map((comment) => comment.author.name))].join(', ');
          return (
            <button
              key={frameIn}
              type="button"
              className={cn(
                'absolute top-0 flex h-6 min-w-6 items-end justify-center rounded-md outline-none focus-visible:ring-2 focus-visible:ring-white',
                !range && '-translate-x-1/2',
              )}
              style={{ left: at(frameIn + (range ? 0 : 0.5)), width: range ? span(frameIn, frameOut) : undefined }}
              aria-label={
                here.length === 1
                  ? t('player.marker', { timecode, name: names })
                  : t('player.markers', { count: here.length, timecode, names })
              }
              data-testid="timeline-marker"
              onClick={() => onMarker?.(here[0])}
            >
              <span
                className={cn('h-3 rounded-sm', range ? 'w-full' : 'w-1.5', open ? 'bg-amber-400' : 'bg-slate-400')}
              />
            </button>
          );
        })}
        <div
          ref={trackRef}
          role="slider"
          tabIndex={0}
          aria-label={t('player.timeline')}
          aria-valuemin={0}
          aria-valuemax={total - 1}
          aria-valuenow={frame}
          aria-valuetext={inWords(startFrame + frame)}
          data-testid="player-timeline"
          className="absolute inset-x-0 top-6 bottom-0 cursor-pointer rounded-lg outline-none focus-visible:ring-2 focus-visible:ring-violet-400"
          onKeyDown={onKeyDown}
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
          <div className="absolute inset-x-0 top-1.5 h-3 overflow-hidden rounded-full bg-white/20">
            <div className="h-full rounded-full bg-violet-500/70" style={{ width: at(frame + 1) }} />
            {selectionIn !== null && (
              <div
                className="absolute inset-y-0 rounded-full bg-amber-300/70"
                style={{ left: at(selectionIn), width: span(selectionIn, selectionOut ?? selectionIn) }}
                data-testid="timeline-selection"
              />
            )}
          </div>
          {analysis && (
            <div className="absolute inset-x-0 top-7 bottom-1 overflow-hidden rounded-md bg-white/5">
              <WaveformStrip
                waveform={analysis.waveform}
                sceneCuts={analysis.sceneCuts}
                frameCount={player.frameCount}
                rate={player.rate}
              />
            </div>
          )}
        </div>
        <div
          className="pointer-events-none absolute top-4 bottom-1 w-0.5 -translate-x-1/2 rounded bg-white"
          style={{ left: at(frame + 0.5) }}
          aria-hidden="true"
        />
      </div>
    </div>
  );
}

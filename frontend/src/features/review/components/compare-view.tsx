import type { VersionView } from '@domain/review';
import { Columns2, Repeat } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { REVIEW_NAMESPACE } from '../locales';
import { useFramePlayer } from '../lib/use-frame-player';
import { useFullscreen } from '../lib/use-fullscreen';
import { transportShortcuts, useShortcuts } from '../lib/use-shortcuts';
import { PlayerControls, Timeline } from './player-controls';
import { pictureBoxStyle } from './review-player';
import { usePreviewSource } from './use-preview-source';

type Layout = 'side' | 'flip';

function VersionSelect({
  label,
  value,
  versions,
  onChange,
}: {
  label: string;
  value: number;
  versions: VersionView[];
  onChange: (value: number) => void;
}) {
  const id = useId();
  const { t } = useTranslation(REVIEW_NAMESPACE);
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
        className="h-9 rounded-lg border border-slate-500 bg-white px-2 text-sm outline-none focus-visible:ring-2 focus-visible:ring-violet-600"
      >
        {versions.map((version) => (
          <option key={version.number} value={version.number}>
            {t('versions.short', { number: version.number })}
          </option>
        ))}
      </select>
    </div>
  );
}

function CompareVideo({
  projectId,
  version,
  attach,
  hidden,
  muted,
  tag,
}: {
  projectId: string;
  version: VersionView;
  attach: (video: HTMLVideoElement | null) => void;
  hidden?: boolean;
  muted?: boolean;
  tag: string;
}) {
  const { t } = useTranslation(REVIEW_NAMESPACE);
  const source = usePreviewSource(projectId, version);
  return (
    <>
      {source.url && (
        // Previews of the editor's cuts carry no caption track (see review-player.tsx).
        // eslint-disable-next-line jsx-a11y/media-has-caption
        <video
          ref={attach}
          key={source.url}
          src={source.url}
          className={cn('absolute inset-0 size-full object-contain', hidden && 'invisible')}
          playsInline
          muted={muted}
          preload="auto"
          aria-label={t('player.video', { version: version.number })}
          aria-hidden={hidden || undefined}
          onError={source.onError}
          onLoadedData={source.onLoaded}
          data-testid={`compare-video-${tag}`}
        />
      )}
      {!hidden && (
        <span className="absolute top-2 left-2 rounded-md bg-slate-900/80 px-2 py-1 text-xs font-semibold text-white">
          {tag.toUpperCase()} · {t('versions.short', { number: version.number })}
        </span>
      )}
    </>
  );
}

/**
 * Two versions together: side by side, or one picture flipped between A and B with a key. The
 * first drives the clock (its frames, its timecode); the second follows every play, pause, seek and
 * step, and is put back on time when it drifts.
 */
export function CompareView({
  projectId,
  versions,
  helpButton,
  onToggleHelp,
}: {
  projectId: string;
  versions: VersionView[];
  helpButton: ReactNode;
  onToggleHelp: () => void;
}) {
  const { t } = useTranslation(REVIEW_NAMESPACE);
  const [first, setFirst] = useState(versions[1]?.number ?? versions[0].number);
  const [second, setSecond] = useState(versions[0].number);
  const [layout, setLayout] = useState<Layout>('side');
  const [showing, setShowing] = useState<'a' | 'b'>('a');
  const a = versions.find((version) => version.number === first) ?? versions[0];
  const b = versions.find((version) => version.number === second) ?? versions[0];
  const media = a.media;
  const rate = media?.frameRate ?? { num: 30_000, den: 1001 };
  const startFrame = media?.startFrame ?? 0;
  const size = media ? { width: media.width, height: media.height } : { width: 1600, height: 900 };
  const player = useFramePlayer(rate, media?.frameCount ?? null);
  const fullscreen = useFullscreen<HTMLDivElement>();
  const flip = () => setShowing((current) => (current === 'a' ? 'b' : 'a'));

  useShortcuts({
    ...transportShortcuts(player),
    flip: layout === 'flip' ? flip : undefined,
    fullscreen: fullscreen.toggle,
    help: onToggleHelp,
  });

  return (
    <div className="space-y-3" data-testid="compare-view">
      <div className="flex flex-wrap items-center gap-3">
        <VersionSelect label={t('compare.a')} value={a.number} versions={versions} onChange={setFirst} />
        <VersionSelect label={t('compare.b')} value={b.number} versions={versions} onChange={setSecond} />
        <div role="radiogroup" aria-label={t('compare.layout')} className="flex rounded-lg bg-slate-100 p-1 sm:ml-auto">
          {(['side', 'flip'] as const).map((value) => (
            <button
              key={value}
              type="button"
              role="radio"
              aria-checked={layout === value}
              onClick={() => setLayout(value)}
              className={cn(
                'flex items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium outline-none focus-visible:ring-2 focus-visible:ring-violet-600',
                layout === value ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900',
              )}
            >
              {value === 'side' ? (
                <Columns2 className="size-4" aria-hidden="true" />
              ) : (
                <Repeat className="size-4" aria-hidden="true" />
              )}
              {t(`compare.layouts.${value}`)}
            </button>
          ))}
        </div>
      </div>

      <div
        ref={fullscreen.ref}
        className={cn(
          'overflow-hidden rounded-2xl bg-slate-950',
          fullscreen.active && 'flex flex-col justify-center rounded-none',
        )}
      >
        {layout === 'side' ? (
          <div className="grid gap-1 sm:grid-cols-2">
            <div className="relative mx-auto w-full bg-black" style={{ aspectRatio: `${size.width} / ${size.height}` }}>
              <CompareVideo key={`a${a.number}`} projectId={projectId} version={a} attach={player.attach} tag="a" />
            </div>
            <div className="relative mx-auto w-full bg-black" style={{ aspectRatio: `${size.width} / ${size.height}` }}>
              <CompareVideo
                key={`b${b.number}`}
                projectId={projectId}
                version={b}
                attach={player.attachFollower}
                muted
                tag="b"
              />
            </div>
          </div>
        ) : (
          <div className="relative mx-auto bg-black" style={pictureBoxStyle(size, fullscreen.active)}>
            <CompareVideo
              key={`a${a.number}`}
              projectId={projectId}
              version={a}
              attach={player.attach}
              hidden={showing !== 'a'}
              muted={showing !== 'a'}
              tag="a"
            />
            <CompareVideo
              key={`b${b.number}`}
              projectId={projectId}
              version={b}
              attach={player.attachFollower}
              hidden={showing !== 'b'}
              muted={showing !== 'b'}
              tag="b"
            />
          </div>
        )}
        <PlayerControls
          player={player}
          startFrame={startFrame}
          fullscreen={fullscreen}
          extra={
            <>
              {layout === 'flip' && (
                <Button
                  variant="ghost"
                  size="sm"
                  className="h-10 text-white hover:bg-white/15 hover:text-white"
                  onClick={flip}
                  aria-label={t('compare.flip', { version: showing === 'a' ? b.number : a.number })}
                  data-testid="compare-flip"
                >
                  <Repeat aria-hidden="true" />
                  {showing.toUpperCase()}
                </Button>
              )}
              {helpButton}
            </>
          }
        />
        <Timeline player={player} startFrame={startFrame} comments={[]} />
      </div>
      <p className="text-xs text-slate-600">{layout === 'flip' ? t('compare.flipHint') : t('compare.sideHint')}</p>
    </div>
  );
}

import type { Waveform } from '@domain/delivery-qc';
import type { FrameRate } from '@domain/review';
import { useEffect, useRef } from 'react';

const PEAK_SCALE = 127;

/**
 * The stored peaks as wavesurfer's one channel (−1…1), cut or padded with silence to the timeline's
 * length: wavesurfer spreads whatever it is given over the whole width, and the strip must line up
 * with the frames above it.
 */
function channelOf(waveform: Waveform, durationSeconds: number): Float32Array {
  const bins = Math.max(1, Math.round(durationSeconds / waveform.secondsPerBin));
  const channel = new Float32Array(bins * 2);
  const length = Math.min(channel.length, waveform.peaks.length);
  for (let index = 0; index < length; index += 1) channel[index] = waveform.peaks[index] / PEAK_SCALE;
  return channel;
}

/**
 * The version's audio under the timeline, drawn from the peaks the worker stored (no audio is
 * decoded here), with a thin tick at each scene cut. wavesurfer.js is fetched only when a strip is
 * shown, in a chunk of its own. The strip is a picture: the timeline slider around it takes the
 * pointer and the keys, so it adds nothing for a screen reader.
 */
export function WaveformStrip({
  waveform,
  sceneCuts,
  frameCount,
  rate,
}: {
  waveform: Waveform | null;
  sceneCuts: readonly number[];
  frameCount: number;
  rate: FrameRate;
}) {
  const containerRef = useRef<HTMLDivElement>(null);
  const durationSeconds = (frameCount * rate.den) / rate.num;

  useEffect(() => {
    const container = containerRef.current;
    if (!container || !waveform || durationSeconds <= 0) return;
    let cancelled = false;
    let destroy: (() => void) | null = null;
    import('wavesurfer.js')
      .then(({ default: WaveSurfer }) => {
        if (cancelled) return;
        const surfer = WaveSurfer.create({
          container,
          peaks: [channelOf(waveform, durationSeconds)],
          duration: durationSeconds,
          interact: false,
          height: 40,
          // Dimmer than the white cut ticks drawn over it.
          waveColor: 'rgb(167 139 250 / 0.7)',
          progressColor: 'rgb(167 139 250 / 0.7)',
          cursorWidth: 0,
          // Scaled to the loudest peak: a quiet mix still shows its shape, and silences stay flat.
          normalize: true,
          barWidth: 2,
          barGap: 1,
          hideScrollbar: true,
        });
        destroy = () => surfer.destroy();
      })
      // Without the drawing (the chunk could not be fetched, no canvas), the cuts and the seek remain.
      .catch(() => undefined);
    return () => {
      cancelled = true;
      destroy?.();
    };
  }, [waveform, durationSeconds]);

  const total = Math.max(frameCount, 1);
  return (
    <div className="absolute inset-0" aria-hidden="true" data-testid="waveform-strip">
      <div ref={containerRef} className="absolute inset-0" />
      {sceneCuts.map((cut) => (
        <span
          key={cut}
          className="absolute inset-y-0 w-0.5 -translate-x-1/2 bg-white"
          style={{ left: `${(cut / total) * 100}%` }}
          data-testid="scene-cut"
        />
      ))}
    </div>
  );
}

import { correctedRushMinutes } from '@domain/analysis';
import { positiveMinutes } from '@domain/brief-estimate';
import { lazy, Suspense } from 'react';
import { useHydrated } from '@/lib/use-hydrated';
import { useDraftFiles } from './brief-draft';

// Uppy (about 32 KiB gzip) loads once the brief shows: the drop zone comes after the first fields.
const RushUploader = lazy(() =>
  import('@/components/uploader/rush-uploader').then((module) => ({ default: module.RushUploader })),
);

/**
 * A funnel's uploader. Once the rushes are analysed, their total length replaces the duration the
 * client typed, through `onDuration`: the measured seconds as minutes to the thousandth (63.52 s →
 * 1.059 min, what the estimate is priced on). Files without a duration (images) do not count; with
 * no timed file the typed duration stays. The finished files are reported to the brief's draft.
 */
export function RushDurationUploader({
  area,
  declared,
  onDuration,
}: {
  area: 'wizard' | 'brief';
  declared: unknown;
  onDuration: (minutes: string) => void;
}) {
  const draftFiles = useDraftFiles();
  // The drop zone's height meanwhile, so that nothing below it moves when it arrives.
  const placeholder = <div className="h-64 rounded-xl bg-slate-50" aria-hidden="true" />;
  // The page is written at build time (frontend/prerender-pages.ts) with the placeholder: a boundary
  // loading then would need an inline script, which the Content-Security-Policy refuses.
  if (!useHydrated()) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <RushUploader
        area={area}
        declaredDurationMinutes={positiveMinutes(declared)}
        onAnalysed={(result) => {
          const minutes = result ? correctedRushMinutes(result) : null;
          if (minutes !== null) onDuration(String(minutes));
        }}
        onFilesChange={draftFiles?.onFilesChange}
      />
    </Suspense>
  );
}

import { positiveMinutes } from '@domain/brief-estimate';
import { lazy, Suspense } from 'react';
import { useHydrated } from '@/lib/use-hydrated';

// Uppy (about 32 KiB gzip) loads once the brief shows: the drop zone comes after the first fields.
const RushUploader = lazy(() =>
  import('@/components/uploader/rush-uploader').then((module) => ({ default: module.RushUploader })),
);

/**
 * A funnel's uploader. Once the rushes are analysed, their total length (minutes, rounded to 0.1)
 * replaces the duration the client typed, through `onDuration`.
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
          if (result && result.totalRushDurationMinutes > 0)
            onDuration(String(Math.round(result.totalRushDurationMinutes * 10) / 10));
        }}
      />
    </Suspense>
  );
}

import { positiveMinutes } from '@domain/brief-estimate';
import { lazy, Suspense } from 'react';

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
  return (
    // The drop zone's height meanwhile, so that nothing below it moves when it arrives.
    <Suspense fallback={<div className="h-64 rounded-xl bg-slate-50" aria-hidden="true" />}>
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

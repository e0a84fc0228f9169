import { positiveMinutes } from '@domain/brief-estimate';
import { RushUploader } from '@/components/uploader/rush-uploader';

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
    <RushUploader
      area={area}
      declaredDurationMinutes={positiveMinutes(declared)}
      onAnalysed={(result) => {
        if (result && result.totalRushDurationMinutes > 0)
          onDuration(String(Math.round(result.totalRushDurationMinutes * 10) / 10));
      }}
    />
  );
}

import type { FrameRate } from '@domain/review';
import { framesToTimecode } from '@domain/timecode';
import { useTranslation } from 'react-i18next';
import { REVIEW_NAMESPACE } from '../locales';

/**
 * Timecodes as a screen reader should say them (« 1 minute 0 seconde, image 2 ») rather than as
 * digits and colons. The frames count from the timeline's start, the version's own timecode included.
 */
export function useTimecodeWords(rate: FrameRate): (frames: number) => string {
  const { t } = useTranslation(REVIEW_NAMESPACE);
  return (frames) => {
    const [hours, minutes, seconds, frame] = framesToTimecode(frames, rate).split(/[:;]/).map(Number);
    const units = [
      hours > 0 ? t('player.words.hours', { count: hours }) : null,
      hours > 0 || minutes > 0 ? t('player.words.minutes', { count: minutes }) : null,
      t('player.words.seconds', { count: seconds }),
    ].filter((unit) => unit !== null);
    return t('player.words.timecode', { units: units.join(' '), frame });
  };
}

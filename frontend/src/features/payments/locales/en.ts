import type { Translation } from '@/i18n/translation';
import type { fr } from './fr';

export const en: Translation<typeof fr> = {
  launchOfferHold:
    'Your launch offer place is held until {{time}}. After that, the full price applies if the places have run out.',
};

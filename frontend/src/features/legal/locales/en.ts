import type { Translation } from '@/i18n/translation';
import type { fr } from './fr';

export const en: Translation<typeof fr> = {
  lastUpdated: 'Last updated: {{date}}',
  inProgress: 'Being defined',
  frenchPrevails: 'This translation is provided for convenience; the French version prevails.',
  onThisPage: 'On this page',
};

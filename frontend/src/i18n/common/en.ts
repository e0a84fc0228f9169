import type { Translation } from '@/i18n/translation';
import type { fr } from './fr';

export const en: Translation<typeof fr> = {
  loading: 'Loading...',
  backHome: 'Back to home',
  unexpectedError: 'An unexpected error occurred',
  reload: 'Reload the page',
  titleSuffix: 'Rushflow',
  toasts: 'Messages',
  closeToast: 'Close the message',
  required: 'required',
  retry: 'Try again',
  cancel: 'Cancel',
  close: 'Close',
  loadFailed: 'This could not be loaded.',
};

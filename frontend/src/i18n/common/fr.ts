import { MESSAGES } from '@domain/messages';

/** Words every part of the interface shares (namespace `common`). */
export const fr = {
  loading: MESSAGES.loading,
  backHome: 'Retour à l’accueil',
  unexpectedError: MESSAGES.internal,
  reload: 'Recharger la page',
  titleSuffix: 'Rushflow',
  toasts: 'Messages',
  closeToast: 'Fermer le message',
  required: 'obligatoire',
  retry: 'Réessayer',
  cancel: 'Annuler',
  close: 'Fermer',
  loadFailed: 'Impossible de charger ces données.',
};

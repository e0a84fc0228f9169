/** The legal pages' text (namespace `legal`). */
export const fr = {
  lastUpdated: 'Dernière mise à jour : {{date}}',
  inProgress: 'Définition en cours',
  frenchPrevails: '',
  onThisPage: 'Sur cette page',
};

import i18n from 'i18next';

/**
 * The uploader's own labels, registered beside the component so it stays self-contained. The
 * spec's messages (limits, errors, toasts) come from domain/ and are French in both languages.
 */
const fr = {
  uploader: {
    title: 'Vos rushs',
    dropzone: 'Glissez vos fichiers ici ou cliquez pour les choisir',
    choose: 'Choisir des fichiers',
    accepted: 'Formats acceptés : {{types}}',
    count: '{{count}} / {{max}} fichiers',
    limitReached: 'Limite de {{max}} fichiers atteinte.',
    rejected: 'Fichiers refusés',
    cancel: 'Annuler l’upload de {{name}}',
    remove: 'Retirer {{name}}',
    speed: '{{speed}}/s',
    remaining: '{{time}} restantes',
    reselect: 'Sélectionnez à nouveau ce fichier pour reprendre l’upload là où il s’est arrêté.',
    duration: 'Durée : {{duration}}',
    untimed: 'Sans durée : non compté dans la durée des rushs',
    analysing: 'Analyse des rushs en cours…',
    manualEntry: 'Durée estimée manuellement : indiquez la durée totale de vos rushs.',
    versionNote: 'Note de la version {{number}}',
    versionNoteHint: 'Ce qui change dans cette version : le client la lit à côté de la vidéo.',
    versionNotePlaceholder: 'Ex. : intro raccourcie, musique remplacée à 01:00:20…',
    status: {
      uploading: 'Upload en cours',
      retrying: 'Nouvelle tentative',
      analyzing: 'Analyse…',
      completed: 'Terminé',
      error: 'Erreur',
    },
  },
};

const en: typeof fr = {
  uploader: {
    title: 'Your footage',
    dropzone: 'Drop your files here or click to choose them',
    choose: 'Choose files',
    accepted: 'Accepted formats: {{types}}',
    count: '{{count}} / {{max}} files',
    limitReached: 'Limit of {{max}} files reached.',
    rejected: 'Rejected files',
    cancel: 'Cancel the upload of {{name}}',
    remove: 'Remove {{name}}',
    speed: '{{speed}}/s',
    remaining: '{{time}} left',
    reselect: 'Select this file again to resume the upload where it stopped.',
    duration: 'Duration: {{duration}}',
    untimed: 'No duration: not counted in the footage length',
    analysing: 'Analysing your footage…',
    manualEntry: 'Duration estimated manually: enter the total length of your footage.',
    versionNote: 'Note for version {{number}}',
    versionNoteHint: 'What changes in this version: the client reads it beside the video.',
    versionNotePlaceholder: 'E.g. shorter intro, music replaced at 01:00:20…',
    status: {
      uploading: 'Uploading',
      retrying: 'Retrying',
      analyzing: 'Analysing…',
      completed: 'Done',
      error: 'Error',
    },
  },
};

export function registerUploaderLabels(): void {
  if (i18n.hasResourceBundle('fr', 'translation') && i18n.exists('uploader.title', { lng: 'fr' })) return;
  i18n.addResourceBundle('fr', 'translation', fr, true, false);
  i18n.addResourceBundle('en', 'translation', en, true, false);
}

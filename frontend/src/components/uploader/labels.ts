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
    reselectNoAccess:
      'Votre navigateur ne garde pas l’accès aux fichiers après un rechargement : sélectionnez à nouveau ce fichier pour reprendre l’upload là où il s’est arrêté.',
    allowAccess: 'Autorisez l’accès à ce fichier pour reprendre l’upload là où il s’est arrêté.',
    resume: 'Reprendre l’upload',
    resumeFile: 'Reprendre l’upload de {{name}}',
    uploaded_one: '{{count}} fichier uploadé',
    uploaded_other: '{{count}} fichiers uploadés',
    refusedOverLimit_one: '{{limit}} : {{count}} fichier refusé',
    refusedOverLimit_other: '{{limit}} : {{count}} fichiers refusés',
    refused: {
      type_one: '{{count}} fichier refusé : type non supporté',
      type_other: '{{count}} fichiers refusés : type non supporté',
      size_one: '{{count}} fichier refusé : trop volumineux',
      size_other: '{{count}} fichiers refusés : trop volumineux',
      failed_one: '{{count}} fichier n’a pas pu être ajouté',
      failed_other: '{{count}} fichiers n’ont pas pu être ajoutés',
    },
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
      paused: 'En pause',
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
    reselectNoAccess:
      'Your browser does not keep access to files after a reload: select this file again to resume the upload where it stopped.',
    allowAccess: 'Allow access to this file to resume the upload where it stopped.',
    resume: 'Resume the upload',
    resumeFile: 'Resume the upload of {{name}}',
    uploaded_one: '{{count}} file uploaded',
    uploaded_other: '{{count}} files uploaded',
    refusedOverLimit_one: '{{limit}}: {{count}} file refused',
    refusedOverLimit_other: '{{limit}}: {{count}} files refused',
    refused: {
      type_one: '{{count}} file refused: unsupported type',
      type_other: '{{count}} files refused: unsupported type',
      size_one: '{{count}} file refused: too large',
      size_other: '{{count}} files refused: too large',
      failed_one: '{{count}} file could not be added',
      failed_other: '{{count}} files could not be added',
    },
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
      paused: 'Paused',
    },
  },
};

export function registerUploaderLabels(): void {
  if (i18n.hasResourceBundle('fr', 'translation') && i18n.exists('uploader.title', { lng: 'fr' })) return;
  i18n.addResourceBundle('fr', 'translation', fr, true, false);
  i18n.addResourceBundle('en', 'translation', en, true, false);
}

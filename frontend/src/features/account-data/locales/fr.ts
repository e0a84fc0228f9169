/** « Mes données » (namespace `accountData`): export and deletion of the signed-in client's or editor's data. */
export const fr = {
  title: 'Mes données',
  subtitle: 'Téléchargez tout ce que nous détenons sur vous, ou supprimez votre compte.',
  loading: 'Chargement de l’état de vos demandes…',
  loadFailed: 'Impossible de charger l’état de vos demandes.',
  adminsExcluded:
    'Les comptes administrateurs ne gèrent pas leurs données ici : adressez-vous au responsable de traitement.',
  export: {
    title: 'Exporter mes données',
    description:
      'Un fichier ZIP avec toutes vos données (brief, projets, messages, commentaires, fichiers…) vous est envoyé par e-mail. Le lien reste valable 7 jours.',
    action: 'Exporter mes données',
    running: 'Export en cours : vous recevrez un e-mail dès qu’il est prêt.',
    none: 'Aucun export demandé pour le moment.',
    last: 'Dernier export le {{createdAt}} : lien valable jusqu’au {{expiresAt}}.',
    requested: 'Export demandé : le lien arrive par e-mail.',
  },
  deletion: {
    title: 'Supprimer mon compte',
    description:
      'Votre compte et vos données personnelles sont supprimés 30 jours après votre demande. Vous pouvez annuler pendant ce délai.',
    action: 'Supprimer mon compte',
    pending: 'Suppression programmée le {{date}}.',
    pendingHint: 'Vous avez changé d’avis ? Annulez avant cette date.',
    cancel: 'Annuler la suppression',
    cancelled: 'La suppression de votre compte est annulée.',
    requested: 'Suppression programmée : un e-mail de confirmation vous est envoyé.',
    confirmTitle: 'Supprimer votre compte ?',
    confirmBody:
      'Votre compte, vos briefs, vos messages et vos fichiers seront supprimés dans 30 jours. Jusque-là, vous pouvez annuler depuis cette page.',
    invoicesKept: 'Vos factures sont conservées 10 ans, comme la loi l’exige.',
    confirm: 'Oui, supprimer dans 30 jours',
    keep: 'Garder mon compte',
  },
  close: 'Fermer',
};

/** The /email-test page's text (namespace `emailTest`); the buttons' names come from domain/email-tests.ts. */
export const fr = {
  subtitle:
    'Chaque bouton envoie les vrais modèles d’e-mails de la plateforme, remplis avec des données d’exemple, à l’adresse saisie.',
  address: {
    label: 'Adresse de destination',
    hint: 'Tous les e-mails de test partent vers cette adresse.',
  },
  send: 'Envoyer',
  sendLabel: 'Envoyer : {{template}}',
  sending: 'Envoi…',
  sentTitle: 'E-mail de test envoyé',
  sentText: '{{template}} → {{to}}',
  failedTitle: 'Échec de l’envoi',
  pendingTitle: 'Envoi en cours',
  pendingText: 'Le résultat s’affichera dans la liste.',
  errorTitle: 'Impossible d’envoyer l’e-mail de test',
  results: {
    title: 'Résultats',
    empty: 'Aucun envoi pour l’instant : choisissez un modèle ci-dessus.',
    loadFailed: 'Impossible de charger les résultats.',
    to: 'À : {{to}}',
    subjects: 'Objets envoyés',
    error: 'Erreur',
    statuses: { pending: 'En cours', sent: 'Envoyé', failed: 'Échec' },
  },
  notes: {
    title: 'Notes techniques',
    from: 'Expéditeur',
    replyTo: 'Adresse de réponse',
    replyToHint: 'L’adresse de contact de l’équipe (Administration › Paramètres).',
    smtp: 'Serveur SMTP',
    rateLimit: 'Limite d’envoi',
    rateLimitValue:
      '{{points}} requêtes par {{minutes}} minutes, par adresse IP et par e-mail (formulaire de contact et réservation d’appel)',
  },
};

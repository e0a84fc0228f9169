import i18n from 'i18next';
import { withFrenchSpacing } from '@/i18n/typography';

export const EMAIL_TEST_NAMESPACE = 'emailTest';

/** The /email-test page's text (namespace `emailTest`); the buttons' names come from domain/email-tests.ts. */
const fr = {
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
    retry: 'Réessayer',
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

const en: typeof fr = {
  subtitle: 'Each button sends the platform’s real e-mail templates, filled with sample data, to the address typed in.',
  address: {
    label: 'Destination address',
    hint: 'Every test e-mail goes to this address.',
  },
  send: 'Send',
  sendLabel: 'Send: {{template}}',
  sending: 'Sending…',
  sentTitle: 'Test e-mail sent',
  sentText: '{{template}} → {{to}}',
  failedTitle: 'Sending failed',
  pendingTitle: 'Sending',
  pendingText: 'The outcome will show in the list.',
  errorTitle: 'The test e-mail could not be sent',
  results: {
    title: 'Results',
    empty: 'Nothing sent yet: pick a template above.',
    loadFailed: 'The results could not be loaded.',
    retry: 'Try again',
    to: 'To: {{to}}',
    subjects: 'Subjects sent',
    error: 'Error',
    statuses: { pending: 'Pending', sent: 'Sent', failed: 'Failed' },
  },
  notes: {
    title: 'Technical notes',
    from: 'Sender',
    replyTo: 'Reply-to address',
    replyToHint: 'The team’s contact address (Administration › Settings).',
    smtp: 'SMTP server',
    rateLimit: 'Rate limit',
    rateLimitValue:
      '{{points}} requests per {{minutes}} minutes, per IP address and per e-mail (contact form and call booking)',
  },
};

let registered = false;

export function registerEmailTestLabels(): void {
  if (registered) return;
  registered = true;
  i18n.addResourceBundle('fr', EMAIL_TEST_NAMESPACE, withFrenchSpacing(fr), true, false);
  i18n.addResourceBundle('en', EMAIL_TEST_NAMESPACE, en, true, false);
}

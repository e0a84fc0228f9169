/**
 * The admins' e-mail test page (/email-test, 000 §2): each button sends the product's real
 * templates, rendered with sample data, to the address typed in, through the worker.
 */
export const EMAIL_TEST_TEMPLATES = [
  {
    value: 'brief_submission',
    fr: 'Soumission de brief',
    en: 'Brief submission',
    /** What the button sends, in the page's words. */
    frDetail: 'La confirmation qu’un client reçoit après le formulaire complet (/brief-old), avec un brief exemple.',
    enDetail: 'The confirmation a client gets after the full form (/brief-old), with a sample brief.',
  },
  {
    value: 'contact_form',
    fr: 'Formulaire de contact',
    en: 'Contact form',
    frDetail: 'Le message transmis à l’équipe (réponse au visiteur) et l’accusé de réception du visiteur.',
    enDetail: 'The message forwarded to the team (reply-to the visitor) and the visitor’s acknowledgement.',
  },
  {
    value: 'email_notification',
    fr: 'Notification par e-mail',
    en: 'E-mail notification',
    frDetail: 'Une notification de projet (monteur assigné), avec un projet exemple.',
    enDetail: 'A project notification (editor assigned), with a sample project.',
  },
  {
    value: 'brief_confirmation',
    fr: 'Confirmation de brief',
    en: 'Brief confirmation',
    frDetail: 'La confirmation qu’un client reçoit après l’assistant en 3 étapes (/brief), avec un brief exemple.',
    enDetail: 'The confirmation a client gets after the 3-step wizard (/brief), with a sample brief.',
  },
] as const;
export type EmailTestTemplate = (typeof EMAIL_TEST_TEMPLATES)[number]['value'];

export const EMAIL_TEST_STATUSES = ['pending', 'sent', 'failed'] as const;
type EmailTestStatus = (typeof EMAIL_TEST_STATUSES)[number];

/** One press of a button, as the results list shows it. */
export interface EmailTestView {
  id: string;
  template: EmailTestTemplate;
  to: string;
  status: EmailTestStatus;
  /** Subjects of the e-mails sent (the contact form sends two). */
  subjects: string[];
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
}

/** `GET /api/admin/email-tests`: the newest presses first, and the page's technical notes. */
export interface EmailTestsAnswer {
  tests: EmailTestView[];
  settings: {
    from: string;
    /** Where replies to the product's e-mails go: the team's address (Admin › Paramètres). */
    replyTo: string;
    smtpHost: string;
    contactRateLimit: { points: number; windowMinutes: number };
  };
}

/** How many presses the results list shows. */
export const EMAIL_TEST_LIST_LIMIT = 20;

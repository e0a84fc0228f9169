import type { Translation } from '@/i18n/translation';
import type { fr } from './fr';

export const en: Translation<typeof fr> = {
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

import type { Translation } from '@/i18n/translation';
import type { fr } from './fr';

export const en: Translation<typeof fr> = {
  title: 'My data',
  subtitle: 'Download everything we hold about you, or delete your account.',
  loading: 'Loading the state of your requests…',
  loadFailed: 'The state of your requests could not be loaded.',
  adminsExcluded: 'Administrator accounts do not manage their data here: please contact the data controller.',
  export: {
    title: 'Export my data',
    description:
      'A ZIP file with all your data (brief, projects, messages, comments, files…) is sent to you by e-mail. The link stays valid for 7 days.',
    action: 'Export my data',
    running: 'Export in progress: you will get an e-mail as soon as it is ready.',
    none: 'No export requested yet.',
    last: 'Last export on {{createdAt}}: link valid until {{expiresAt}}.',
    requested: 'Export requested: the link is on its way by e-mail.',
  },
  deletion: {
    title: 'Delete my account',
    description:
      'Your account and your personal data are deleted 30 days after your request. You can cancel during that time.',
    action: 'Delete my account',
    pending: 'Deletion scheduled on {{date}}.',
    pendingHint: 'Changed your mind? Cancel before that date.',
    cancel: 'Cancel the deletion',
    cancelled: 'The deletion of your account is cancelled.',
    requested: 'Deletion scheduled: a confirmation e-mail is on its way.',
    confirmTitle: 'Delete your account?',
    confirmBody:
      'Your account, briefs, messages and files will be deleted in 30 days. Until then, you can cancel from this page.',
    invoicesKept: 'Your invoices are kept for 10 years, as the law requires.',
    confirm: 'Yes, delete in 30 days',
    keep: 'Keep my account',
  },
  close: 'Close',
};

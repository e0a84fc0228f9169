import type { Translation } from '@/i18n/translation';
import type { fr } from './fr';

export const en: Translation<typeof fr> = {
  open: 'How does it work?',
  title: 'How it works',
  intro: 'From your brief to the delivered video, in five steps.',
  steps: [
    'Brief: describe your project and get an instant estimate.',
    'Analysis and quote within 24 h: our team studies your brief and sends you a proposal.',
    'Approval and payment: pay online by card, securely.',
    'Editing by a dedicated editor, chosen for their skills and availability.',
    'Delivery and revisions in your client space.',
  ],
  timelineTitle: 'Timelines',
  timelineStandard: 'Standard: a delivery time calculated from your project’s complexity.',
  timelineExpress: 'Express: a fast delivery time, adjusted to your brief.',
  filesTitle: 'Accepted files',
  files: 'Video, audio and images, uploaded directly or through a transfer link (WeTransfer, Google Drive, Dropbox…).',
  paymentTitle: 'Payment',
  payment: 'Secure card payment once the quote is approved.',
  deliveryTitle: 'Delivery and revisions',
  delivery: 'Your video is delivered in your client space. {{revisions}}; out-of-scope changes are quoted.',
};

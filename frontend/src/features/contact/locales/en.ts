import type { Translation } from '@/i18n/translation';
import type { fr } from './fr';

export const en: Translation<typeof fr> = {
  title: 'Contact us',
  subtitle: 'A question about your project, a quote, a partnership? Write to us or book a call.',
  replyPromise: 'Reply within 24 h',
  form: {
    title: 'Send a message',
    firstName: 'First name',
    lastName: 'Last name',
    email: 'E-mail',
    subject: 'Subject',
    subjectHint: 'Optional',
    message: 'Message',
    requiredNote: 'Fields marked * are required.',
    send: 'Send the message',
    sending: 'Sending…',
    honeypot: 'Leave this field empty',
    sentTitle: 'Message sent!',
    sentText: 'Thank you {{name}}! We reply within 24 h. An acknowledgement has just been sent to {{email}}.',
    another: 'Write another message',
  },
  direct: {
    title: 'Reach us directly',
    email: 'E-mail',
    hours: 'Hours',
    hoursValue: 'Monday to Friday, {{from}} – {{to}} (Paris time)',
    reply: 'Reply time',
    replyValue: 'Within 24 h, quotes included',
  },
  call: {
    title: 'A 15-minute call',
    text: 'Pick a free slot over the next working days, then confirm it from the link sent by e-mail: the invitation follows at once.',
    open: 'Book a 15-min call',
    dialogTitle: 'Book a 15-minute call',
    dialogText_one: 'Free slots over the next working day, Paris time.',
    dialogText_other: 'Free slots over the next {{count}} working days, Paris time.',
    loading: 'Looking for free slots…',
    loadFailed: 'The free slots could not be loaded.',
    empty: 'No free slot over the next working days. Write to us: we will suggest a time.',
    days: 'Days',
    slots: 'Free times on {{day}}',
    slotCount_one: '{{count}} slot',
    slotCount_other: '{{count}} slots',
    chosen: 'Chosen slot: {{slot}} (Paris time)',
    noneChosen: 'No slot chosen.',
    name: 'Your name',
    email: 'Your e-mail',
    phone: 'Your phone number',
    phoneHint: 'We will call you at this number. Outside France, start with the country code (+44…).',
    topic: 'What the call is about',
    topicHint: 'Optional: your project in a few words.',
    book: 'Confirm the call',
    booking: 'Booking…',
    bookedTitle: 'Call booked!',
    bookedText:
      'We will call you at {{phone}} on {{slot}} (Paris time). The invitation (.ics) has just been sent to {{email}}.',
    confirmTitle: 'Confirm your call by e-mail',
    confirmText:
      'We have just sent a link to {{email}}. Open it to book the slot on {{slot}} (Paris time): until you confirm, the slot stays free.',
  },
  confirmation: {
    metaTitle: 'Confirming your call',
    confirming: 'Confirming your call…',
    bookedText: 'Done: we will call you on {{slot}} (Paris time). The invitation (.ics) has just been e-mailed to you.',
    home: 'Back to the home page',
    failedTitle: 'The call could not be confirmed',
    chooseAnother: 'Choose another slot',
  },
  faq: {
    title: 'Frequently asked questions',
    price: {
      question: 'How much does an edit cost?',
      answer:
        'Professional editing is billed at €{{rate}}/h, for the hours our pricing engine estimates. Describe your project in the brief: price and delay show at once.',
    },
    delay: {
      question: 'How soon is my video delivered?',
      answer_one:
        'Allow {{count}} working day for professional editing; your project’s exact delay is computed in the brief from your rushes’ length and the options chosen.',
      answer_other:
        'Allow {{count}} working days for professional editing; your project’s exact delay is computed in the brief from your rushes’ length and the options chosen.',
    },
    revisions: {
      question: 'Can I ask for changes?',
    },
    rushes: {
      question: 'How do I send my rushes?',
      answer:
        'Straight from the brief or your project page: video, audio and images, up to 500 GB per file. An interrupted upload resumes where it stopped.',
    },
    payment: {
      question: 'How does payment work?',
      answer:
        'By card, on a secure payment page, right after your brief. Your project goes to an editor as soon as the payment is confirmed.',
    },
    reply: {
      question: 'When will my message be answered?',
      answer:
        'Within 24 h. To talk it over, book a 15-minute call: confirm it from the link sent by e-mail, and the invitation follows at once.',
    },
  },
};

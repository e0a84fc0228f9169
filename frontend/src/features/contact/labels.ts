import i18n from 'i18next';
import { withFrenchSpacing } from '@/i18n/typography';

export const CONTACT_NAMESPACE = 'contact';

/** The contact page's text (namespace `contact`); the spec's messages and toasts come from domain/contact.ts. */
const fr = {
  title: 'Contactez-nous',
  subtitle: 'Une question sur votre projet, un devis, un partenariat ? Écrivez-nous ou réservez un appel.',
  replyPromise: 'Réponse sous 24 h',
  form: {
    title: 'Envoyer un message',
    firstName: 'Prénom',
    lastName: 'Nom',
    email: 'E-mail',
    subject: 'Sujet',
    subjectHint: 'Facultatif',
    message: 'Message',
    requiredNote: 'Les champs marqués * sont obligatoires.',
    send: 'Envoyer le message',
    sending: 'Envoi…',
    honeypot: 'Ne pas remplir ce champ',
    sentTitle: 'Message envoyé !',
    sentText: 'Merci {{name}} ! Nous vous répondons sous 24 h. Un accusé de réception vient d’être envoyé à {{email}}.',
    another: 'Écrire un autre message',
  },
  direct: {
    title: 'Nous joindre directement',
    email: 'E-mail',
    hours: 'Horaires',
    hoursValue: 'Du lundi au vendredi, {{from}} – {{to}} (heure de Paris)',
    reply: 'Délai de réponse',
    replyValue: 'Sous 24 h, devis compris',
  },
  call: {
    title: 'Un appel de 15 minutes',
    text: 'Choisissez un créneau libre sur les prochains jours ouvrés : vous recevez l’invitation par e-mail.',
    open: 'Réserver un appel de 15 min',
    dialogTitle: 'Réserver un appel de 15 minutes',
    dialogText_one: 'Créneaux libres du prochain jour ouvré, à l’heure de Paris.',
    dialogText_other: 'Créneaux libres des {{count}} prochains jours ouvrés, à l’heure de Paris.',
    loading: 'Recherche des créneaux libres…',
    loadFailed: 'Impossible de charger les créneaux libres.',
    retry: 'Réessayer',
    empty: 'Aucun créneau libre dans les prochains jours ouvrés. Écrivez-nous : nous vous proposerons un horaire.',
    days: 'Jours',
    slots: 'Horaires libres le {{day}}',
    slotCount_one: '{{count}} créneau',
    slotCount_other: '{{count}} créneaux',
    chosen: 'Créneau choisi : {{slot}} (heure de Paris)',
    noneChosen: 'Aucun créneau choisi.',
    name: 'Votre nom',
    email: 'Votre e-mail',
    phone: 'Votre téléphone',
    phoneHint: 'Nous vous appelons à ce numéro. Hors de France, commencez par l’indicatif du pays (+44…).',
    topic: 'Sujet de l’appel',
    topicHint: 'Facultatif : votre projet en quelques mots.',
    book: 'Confirmer l’appel',
    booking: 'Réservation…',
    bookedTitle: 'Appel réservé !',
    bookedText:
      'Nous vous appelons au {{phone}} {{slot}} (heure de Paris). L’invitation (.ics) vient d’être envoyée à {{email}}.',
    close: 'Fermer',
  },
  faq: {
    title: 'Questions fréquentes',
    price: {
      question: 'Combien coûte un montage ?',
      answer:
        'Un montage professionnel est facturé {{rate}}\u00a0€/h, au nombre d’heures estimé par notre moteur de prix. Décrivez votre projet dans le brief : le prix et le délai s’affichent immédiatement.',
    },
    delay: {
      question: 'En combien de temps ma vidéo est-elle livrée ?',
      answer_one:
        'Comptez {{count}} jour ouvré pour un montage professionnel ; le délai exact de votre projet est calculé dans le brief, selon la durée de vos rushs et les options choisies.',
      answer_other:
        'Comptez {{count}} jours ouvrés pour un montage professionnel ; le délai exact de votre projet est calculé dans le brief, selon la durée de vos rushs et les options choisies.',
    },
    revisions: {
      question: 'Puis-je demander des modifications ?',
    },
    rushes: {
      question: 'Comment vous envoyer mes rushs ?',
      answer:
        'Directement depuis le brief ou la page de votre projet : vidéos, sons et images, jusqu’à 500 Go par fichier. Un envoi interrompu reprend là où il s’était arrêté.',
    },
    payment: {
      question: 'Comment se passe le paiement ?',
      answer:
        'Par carte bancaire, sur une page de paiement sécurisée, juste après votre brief. Votre projet est confié à un monteur dès le paiement confirmé.',
    },
    reply: {
      question: 'Quand aurai-je une réponse à mon message ?',
      answer:
        'Sous 24 h. Pour un échange de vive voix, réservez un appel de 15 minutes : l’invitation arrive aussitôt dans votre boîte e-mail.',
    },
  },
};

const en: typeof fr = {
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
    text: 'Pick a free slot over the next working days: the invitation arrives by e-mail.',
    open: 'Book a 15-min call',
    dialogTitle: 'Book a 15-minute call',
    dialogText_one: 'Free slots over the next working day, Paris time.',
    dialogText_other: 'Free slots over the next {{count}} working days, Paris time.',
    loading: 'Looking for free slots…',
    loadFailed: 'The free slots could not be loaded.',
    retry: 'Try again',
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
    close: 'Close',
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
      answer: 'Within 24 h. To talk it over, book a 15-minute call: the invitation lands in your inbox at once.',
    },
  },
};

let registered = false;

export function registerContactLabels(): void {
  if (registered) return;
  registered = true;
  i18n.addResourceBundle('fr', CONTACT_NAMESPACE, withFrenchSpacing(fr), true, false);
  i18n.addResourceBundle('en', CONTACT_NAMESPACE, en, true, false);
}

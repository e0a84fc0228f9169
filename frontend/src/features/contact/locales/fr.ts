/** The contact page's text (namespace `contact`); the spec's messages and toasts come from domain/contact.ts. */
export const fr = {
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
    text: 'Choisissez un créneau libre sur les prochains jours ouvrés, puis confirmez-le depuis le lien reçu par e-mail : l’invitation suit aussitôt.',
    open: 'Réserver un appel de 15 min',
    dialogTitle: 'Réserver un appel de 15 minutes',
    dialogText_one: 'Créneaux libres du prochain jour ouvré, à l’heure de Paris.',
    dialogText_other: 'Créneaux libres des {{count}} prochains jours ouvrés, à l’heure de Paris.',
    loading: 'Recherche des créneaux libres…',
    loadFailed: 'Impossible de charger les créneaux libres.',
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
    confirmTitle: 'Confirmez votre appel par e-mail',
    confirmText:
      'Nous venons d’envoyer un lien à {{email}}. Ouvrez-le pour réserver le créneau {{slot}} (heure de Paris) : sans confirmation, le créneau reste libre.',
  },
  confirmation: {
    metaTitle: 'Confirmation de votre appel',
    confirming: 'Confirmation de votre appel…',
    bookedText:
      'C’est noté : nous vous appelons {{slot}} (heure de Paris). L’invitation (.ics) vient de vous être envoyée par e-mail.',
    home: 'Retour à l’accueil',
    failedTitle: 'Confirmation impossible',
    chooseAnother: 'Choisir un autre créneau',
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
        'Sous 24 h. Pour un échange de vive voix, réservez un appel de 15 minutes : confirmez-le depuis le lien reçu par e-mail, l’invitation suit aussitôt.',
    },
  },
};

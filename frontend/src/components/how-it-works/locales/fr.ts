/** The 'Comment ça marche' dialog's text (namespace `howItWorks`). */
export const fr = {
  open: 'Comment ça marche ?',
  title: 'Comment ça marche',
  intro: 'De votre brief à la vidéo livrée, en cinq étapes.',
  steps: [
    'Brief : décrivez votre projet et obtenez une estimation immédiate.',
    'Analyse et devis sous 24 h : notre équipe étudie votre brief et vous envoie une proposition.',
    'Validation et paiement : réglez en ligne par carte, en toute sécurité.',
    'Montage par un monteur dédié, choisi selon ses compétences et ses disponibilités.',
    'Livraison et révisions dans votre espace client.',
  ],
  timelineTitle: 'Délais',
  timelineStandard: 'Standard : un délai calculé selon la complexité de votre projet.',
  timelineExpress: 'Express : un délai rapide, ajusté à votre brief.',
  filesTitle: 'Fichiers acceptés',
  files:
    'Vidéo, audio et images, par téléversement direct ou par lien de transfert (WeTransfer, Google Drive, Dropbox…).',
  paymentTitle: 'Paiement',
  payment: 'Paiement sécurisé par carte bancaire une fois le devis validé.',
  deliveryTitle: 'Livraison et révisions',
  delivery:
    'Votre vidéo est livrée dans votre espace client. {{revisions}} ; les demandes hors brief font l’objet d’un devis.',
};

/** The home page's text (namespace `home`). */
export const fr = {
  metaTitle: 'Montage vidéo en ligne',
  offerLabel: 'Offre limitée',
  offer: '-30 % pour les 10 premiers clients',
  title: 'Vos vidéos montées par des pros, sans prise de tête',
  subtitle:
    'Décrivez votre projet en quelques minutes, obtenez une estimation immédiate et suivez le montage avec votre monteur dédié jusqu’à la livraison dans votre espace client.',
  priceEurLabel: 'Tarif européen',
  priceEur: 'À partir de 27 €/h',
  priceUsdLabel: 'Tarif international',
  priceUsd: '32 $/h',
  ctaOrder: 'Commander un montage',
  ctaPricing: 'Voir les tarifs',
  reassurance: 'Devis sous 24 h · Paiement sécurisé par carte · Révisions incluses dans le cadre du brief initial',
  stepsTitle: 'Comment ça marche',
  stepsSubtitle: 'Trois étapes, de votre idée à la vidéo livrée.',
  step: 'Étape {{n}}',
  steps: {
    brief: {
      title: 'Brief express',
      text: 'Décrivez votre vidéo : objectif, style, durée, délai. Vous obtenez tout de suite une estimation du prix et du délai.',
    },
    payment: {
      title: 'Paiement immédiat',
      text: 'Validez et réglez en ligne par carte, en toute sécurité. Un monteur adapté à votre projet est attribué automatiquement.',
    },
    delivery: {
      title: 'Livraison',
      text: 'Suivez l’avancement en temps réel, échangez avec votre monteur et récupérez la vidéo finale dans votre espace client.',
    },
  },
  typesTitle: 'Tous vos formats vidéo',
  typesSubtitle: 'Des monteurs spécialisés pour chaque plateforme et chaque usage.',
  types: {
    youtube: { title: 'YouTube', text: 'Vlogs, tutoriels, chaînes : un rythme qui retient votre audience.' },
    tiktok: { title: 'TikTok', text: 'Formats verticaux courts, dynamiques et sous-titrés.' },
    reels: { title: 'Instagram Reels', text: 'Des Reels soignés, pensés pour l’engagement.' },
    corporate: {
      title: 'Corporate & événementiel',
      text: 'Films d’entreprise, séminaires, conférences et événements.',
    },
    branding: { title: 'Branding produit', text: 'Des vidéos qui mettent vos produits et votre marque en valeur.' },
  },
  includedTitle: 'Inclus pour tous',
  included: {
    editor: 'Un monteur dédié à votre projet',
    tracking: 'Un suivi en temps réel',
    delivery: 'La livraison dans votre espace client',
    support: 'Un support réactif',
  },
  filesNote: 'Envoyez vos rushes par lien de transfert ou par téléversement direct.',
  finalTitle: 'Prêt à lancer votre projet ?',
  finalText: 'Profitez de -30 % sur votre commande : l’offre de lancement est réservée aux 10 premiers clients.',
};

import { FEATURE_LABELS, SERVICE_CATEGORY_TABLE } from '@domain/pricing';

/** The pricing page's text (namespace `pricing`). */
export const fr = {
  metaTitle: 'Tarifs',
  title: 'Des tarifs clairs, calculés sur votre projet',
  subtitle:
    'Un tarif horaire par type de service, un temps estimé à partir de vos rushs et de la durée finale : le prix affiché ici est celui de votre commande.',
  currencyLabel: 'Devise',
  currencies: { eur: 'EUR (€)', usd: 'USD ($)' },
  offerLabel: 'Offre de lancement',
  offer: '-30 % pour les 10 premiers clients',
  offerPlacesLeft_one: '-30 % pour les {{places}} premiers clients : encore {{count}} place disponible',
  offerPlacesLeft_other: '-30 % pour les {{places}} premiers clients : encore {{count}} places disponibles',
  offerOver: 'L’offre de lancement est terminée : merci à nos premiers clients !',
  offerNote:
    'Offre de lancement : -{{percent}} % sur le prix calculé, pour les 10 premiers clients qui paient leur commande.',
  perHour: '{{price}}/h',
  premiumBadge: 'Premium',
  baseTitle: 'Services de base',
  baseSubtitle: 'Le montage de vos vidéos du quotidien, par des monteurs professionnels.',
  premiumTitle: 'Services premium',
  premiumSubtitle: 'Des studios spécialisés pour les projets les plus exigeants.',
  categories: {
    classic: {
      name: SERVICE_CATEGORY_TABLE.classic.name,
      description: 'Vlogs, interviews, formations, réseaux sociaux : un montage soigné, rythmé et prêt à publier.',
    },
    motion: {
      name: SERVICE_CATEGORY_TABLE.motion.name,
      description:
        'Titres animés, infographies, logos et illustrations en mouvement pour expliquer et marquer les esprits.',
    },
    specialty: {
      name: SERVICE_CATEGORY_TABLE.specialty.name,
      description: 'Publicités, films de marque et clips : effets avancés et étalonnage professionnel.',
    },
    animation3d: {
      name: SERVICE_CATEGORY_TABLE.animation3d.name,
      description: 'Modélisation, animation et rendu 3D de produits, de personnages ou d’environnements.',
    },
    vfx: {
      name: SERVICE_CATEGORY_TABLE.vfx.name,
      description:
        'Compositing, incrustation, tracking et effets visuels pour le cinéma et la publicité haut de gamme.',
    },
  },
  includedTitle: 'Toujours inclus',
  included: {
    editor: 'Un monteur dédié à votre projet',
    tracking: 'Un suivi en temps réel',
    delivery: 'La livraison dans votre espace client',
    support: 'Un support réactif',
  },
  expressTitle: 'Livraison express',
  expressText:
    'Besoin d’aller vite ? L’express ajoute {{short}} de temps quand le délai standard est de 3 jours ouvrés ou moins, {{long}} au-delà, et raccourcit le délai d’un jour, jamais sous le délai minimum de la catégorie : quand le délai standard est déjà ce minimum, l’express n’est pas proposé.',
  examplesTitle: 'Trois exemples concrets',
  examplesSubtitle: 'Calculés en direct avec le même moteur que le simulateur et votre commande.',
  examples: {
    youtube: {
      title: 'Vlog YouTube',
      text: '10 minutes de vidéo à partir de 60 minutes de rushs, montage professionnel, sous-titres.',
    },
    corporate: {
      title: 'Film d’entreprise',
      text: '3 minutes à partir de 90 minutes de rushs, complexité premium, étalonnage avancé et design sonore.',
    },
    motion: {
      title: 'Publicité en motion design',
      text: '1 minute animée à partir de 30 minutes de matière, complexité premium, graphismes personnalisés.',
    },
  },
  time: 'Temps estimé',
  hoursValue: '{{hours}} h',
  delay: 'Délai',
  workingDays_one: '{{count}} jour ouvré',
  workingDays_other: '{{count}} jours ouvrés',
  price: 'Prix',
  offerPrice: 'Avec l’offre',
  complexities: {
    professional: { label: 'Professionnel', text: 'Montage propre, coupes et transitions simples.' },
    premium: { label: 'Premium', text: 'Rythme travaillé, habillage et effets légers.' },
    expert: { label: 'Expert', text: 'Montage créatif, effets et animations nombreux.' },
    cinematic: { label: 'Cinématographique', text: 'Narration, étalonnage et mixage de niveau cinéma.' },
  },
  features: {
    corrections: 'Révisions incluses',
    ...FEATURE_LABELS,
    express: 'Livraison express',
  },
  simulator: {
    title: 'Simulateur de prix',
    subtitle: 'Ajustez votre projet : le temps et le prix se mettent à jour à chaque modification.',
    tabs: { basic: 'Configuration de base', category: 'Catégorie de service', options: 'Options avancées' },
    rushLabel: 'Durée des rushs (minutes)',
    finalLabel: 'Durée finale (minutes)',
    limitsHint: 'Entre {{min}} et {{max}} minutes',
    complexityLabel: 'Complexité visuelle',
    categoryLabel: 'Catégorie de service',
    categoryAuto: 'Automatique',
    categoryAutoText: 'Déduite des options choisies (3D ou VFX, motion design, effets avancés…).',
    optionsLabel: 'Options (effet sur le temps de montage)',
    alwaysIncluded: 'toujours incluses',
    includedInCategory: 'inclus dans la catégorie',
    resultTitle: 'Votre estimation',
    announcement: 'Estimation mise à jour : {{hours}}, {{price}}.',
    service: 'Service',
    derived: 'Déduit de vos options',
    billed_one: '{{count}} heure facturée',
    billed_other: '{{count}} heures facturées',
    billedExpress_one: '{{count}} heure facturée, dont majoration express {{surcharge}}',
    billedExpress_other: '{{count}} heures facturées, dont majoration express {{surcharge}}',
    withOffer: 'Avec l’offre de lancement : {{price}}',
    complexityScore: 'Score de complexité',
    alertTitle: 'Seuil d’alerte : {{hours}} h',
    alertText:
      'Au-delà de 110 % du temps estimé, tout dépassement doit être justifié par votre monteur. Plafond : {{ceiling}} h.',
    customQuoteTitle: 'Devis personnalisé recommandé',
    customQuoteText:
      'Projet complexe (score {{score}}, au-delà de 2) : un court appel nous permettra d’affiner l’estimation.',
    cta: 'Commander ce montage',
  },
  ctaTitle: 'Votre estimation vous convient ?',
  ctaText: 'Décrivez votre projet en quelques minutes : prix et délai sont calculés immédiatement.',
  cta: 'Démarrer mon brief',
};

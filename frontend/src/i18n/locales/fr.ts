import { EVENT_MESSAGES } from '@domain/events';
import { MESSAGES } from '@domain/messages';
import { REVISION_RULE_TEXTS } from '@domain/revision-rule';

/** The app shell's text (namespace `translation`). French is the source language; every key here must exist in `en.ts`. */
export const fr = {
  nav: {
    main: 'Navigation principale',
    home: 'Accueil',
    pricing: 'Tarifs',
    recruitment: 'Devenir monteur',
    contact: 'Contact',
    order: 'Commander',
    signIn: 'Connexion',
    signOut: 'Déconnexion',
    dashboard: 'Dashboard',
    administration: 'Administration',
    openMenu: 'Ouvrir le menu',
    closeMenu: 'Fermer le menu',
    menu: 'Menu',
    menuDescription: 'Navigation du site',
    skipToContent: 'Aller au contenu principal',
    pageLoading: 'Chargement de la page…',
    accountMenu: '{{role}}, menu du compte',
    signedInAs: 'Connecté en tant que',
  },
  language: {
    label: 'Langue d’affichage',
    fr: 'Français',
    en: 'English',
  },
  roleNav: {
    label: 'Mes espaces',
    client: 'Dashboard Client',
    editor: 'Dashboard Monteur',
    admin: 'Administration',
  },
  live: {
    connectionLost: EVENT_MESSAGES.connectionLost,
  },
  /** The revision rule every page quotes (domain/revision-rule.ts), with the admin settings' numbers. */
  revisionTerms: {
    ...REVISION_RULE_TEXTS,
    pending: 'Des révisions après chaque livraison, dans le cadre du brief initial',
  },
  footer: {
    tagline: 'L’agence de montage vidéo en ligne : brief express, monteur dédié, livraison dans votre espace client.',
    legal: 'Informations légales',
    company: 'Rushflow',
    terms: 'Conditions générales d’utilisation',
    privacy: 'Politique de confidentialité',
    legalNotice: 'Mentions légales',
    accessibility: 'Accessibilité : {{level}}',
    siteMap: 'Plan du site',
    contact: 'Contact',
    recruitment: 'Devenir monteur',
    writeUs: 'Nous écrire',
    rights: '© {{year}} Rushflow. Tous droits réservés.',
  },
  auth: {
    checkingPermissions: MESSAGES.checkingPermissions,
    forbidden: MESSAGES.forbidden,
    errors: {
      unavailable: 'Le service de connexion est momentanément indisponible. Réessayez dans quelques minutes.',
      login: 'Une erreur est survenue lors de la connexion',
      register: 'Une erreur est survenue lors de l’inscription',
      logout: 'Une erreur est survenue lors de la déconnexion',
    },
  },
  notFound: {
    metaTitle: 'Page introuvable',
    code: 'Erreur 404',
    title: 'Page introuvable',
    text: 'La page que vous cherchez n’existe pas ou a été déplacée.',
    suggestions: 'Vous pouvez aller vers :',
    home: 'Accueil',
    brief: 'Commander un montage',
    pricing: 'Tarifs',
    contact: 'Contact',
    back: 'Page précédente',
  },
  pages: {
    contact: 'Contact',
    emailTest: 'Test des e-mails',
  },
};

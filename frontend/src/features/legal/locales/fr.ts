/** The legal pages' text (namespace `legal`). */
export const fr = {
  lastUpdated: 'Dernière mise à jour : {{date}}',
  inProgress: 'Définition en cours',
  frenchPrevails: '',
  onThisPage: 'Sur cette page',
  siteMap: {
    title: 'Plan du site',
    intro: 'Toutes les pages de Rushflow. Les espaces demandent une connexion avec le rôle indiqué.',
    discover: 'Découvrir',
    order: 'Commander',
    wizard: 'Brief express (3 étapes)',
    fullForm: 'Brief complet (formulaire détaillé)',
    spaces: 'Espaces',
    clientSpace: 'Tableau de bord client',
    editorSpace: 'Espace monteur',
    adminSpace: 'Administration',
    myData: 'Mes données',
    signIn: 'Connexion',
    legal: 'Informations légales',
    accessibility: 'Déclaration d’accessibilité',
  },
};

/** The sign-in and e-mail confirmation pages' text (namespace `auth`). */
export const fr = {
  secureNote: 'Vous êtes redirigé vers notre page de connexion sécurisée.',
  redirecting: 'Redirection…',
  login: {
    metaTitle: 'Connexion',
    title: 'Connexion à votre espace',
    subtitle: 'Suivez vos projets, échangez avec votre monteur et récupérez vos vidéos.',
    tabSignIn: 'Connexion',
    tabSignUp: 'Créer un compte',
    signInText: 'Connectez-vous avec votre adresse e-mail et votre mot de passe.',
    signInButton: 'Se connecter',
    signUpText:
      'Créez votre compte en quelques secondes. Vous recevrez un e-mail pour confirmer votre adresse avant de vous connecter.',
    signUpButton: 'Créer mon compte',
    contactPrompt: 'Une question avant de commencer ?',
    contactLink: 'Contactez-nous',
  },
  admin: {
    metaTitle: 'Espace Administration',
    title: 'Espace Administration',
    subtitle: 'Accès réservé à l’équipe Rushflow : administrateurs et monteurs.',
    tabSignIn: 'Connexion',
    tabSignUp: 'Inscription',
    signInText: 'Connectez-vous avec votre adresse e-mail et votre mot de passe.',
    signInButton: 'Se connecter',
    signUpText:
      'Créez votre compte. Vous recevrez un e-mail pour confirmer votre adresse ; un administrateur vous attribue ensuite vos accès.',
    signUpButton: 'Créer mon compte',
  },
  confirmEmail: {
    metaTitle: 'Confirmation de l’e-mail',
    verifying: 'Vérification de votre e-mail…',
    successTitle: 'Email confirmé avec succès !',
    successText: 'Votre adresse est confirmée. Vous allez être redirigé vers l’accueil dans 3 secondes.',
    goToSite: 'Accéder au site',
    invalidTitle: 'Lien de confirmation invalide',
    invalidText:
      'Ce lien de confirmation n’est pas ou plus valide. Connectez-vous : si votre adresse n’est pas encore confirmée, un nouvel e-mail de confirmation vous sera envoyé.',
    pendingTitle: 'E-mail pas encore confirmé',
    pendingText:
      'Votre adresse e-mail n’est pas encore confirmée. Ouvrez le lien reçu par e-mail pour terminer votre inscription.',
    signIn: 'Se connecter',
    home: 'Retour à l’accueil',
  },
};

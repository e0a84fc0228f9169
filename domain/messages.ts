/** French messages the api and the front end both show (000 §6, §8). One source for both sides. */
export const MESSAGES = {
  unauthenticated: 'Vous devez être connecté pour accéder à cette ressource.',
  forbidden: "Vous n'avez pas les permissions nécessaires pour accéder à cette section.",
  checkingPermissions: 'Vérification des permissions...',
  loading: 'Chargement...',
  notFound: 'Ressource introuvable.',
  routeNotFound: "Cette adresse de l'API n'existe pas.",
  malformedJson: 'Le corps de la requête n’est pas un JSON valide.',
  payloadTooLarge: 'La requête est trop volumineuse.',
  invalidInput: 'Certains champs sont invalides.',
  invalidLogoutToken: 'Le jeton de déconnexion est invalide.',
  nulCharacter: 'Le texte envoyé contient un caractère nul, qui n’est pas accepté.',
  internal: "Une erreur inattendue s'est produite",
  serviceUnavailable: 'Service temporairement indisponible. Réessayez dans quelques minutes.',
  tooManyRequests: (minutes: number) =>
    `Trop de demandes en peu de temps. Réessayez dans ${minutes} minute${minutes > 1 ? 's' : ''}.`,
} as const;

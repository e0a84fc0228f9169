/** The payment pages' text (namespace `payments`); the spec's messages come from domain/payments.ts. */
export const fr = {
  launchOfferHold:
    'Votre place à l’offre de lancement est réservée jusqu’à {{time}}. Passé ce délai, le prix plein s’appliquera si les places sont épuisées.',
};

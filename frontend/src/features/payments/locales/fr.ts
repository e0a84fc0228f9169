/** The payment pages' text (namespace `payments`); the spec's messages come from domain/payments.ts. */
export const fr = {
  launchOfferHold:
    'Votre place à l’offre de lancement est réservée jusqu’à {{time}}. Passé ce délai, le prix plein s’appliquera si les places sont épuisées.',
  buyer: {
    toggle: 'Facturer une entreprise',
    legend: 'Entreprise à facturer',
    hint: 'La facture sera établie au nom de l’entreprise, à son adresse, avec ses numéros.',
    fields: {
      companyName: 'Raison sociale',
      line1: 'Adresse',
      line2: 'Complément d’adresse',
      postalCode: 'Code postal',
      city: 'Ville',
      countryCode: 'Pays',
      siren: 'SIREN',
      vatNumber: 'N° TVA intracommunautaire',
    },
    hints: {
      countryCode: 'Code à 2 lettres : FR, BE, CH…',
      vatNumber: 'Par exemple FR40\u00a0303265045.',
    },
  },
};

import type { Translation } from '@/i18n/translation';
import type { fr } from './fr';

export const en: Translation<typeof fr> = {
  launchOfferHold:
    'Your launch offer place is held until {{time}}. After that, the full price applies if the places have run out.',
  buyer: {
    toggle: 'Invoice a business',
    legend: 'Business to invoice',
    hint: 'The invoice will be made out to the business, at its address, with its numbers.',
    fields: {
      companyName: 'Company name',
      line1: 'Address',
      line2: 'Address line 2',
      postalCode: 'Postal code',
      city: 'City',
      countryCode: 'Country',
      siren: 'SIREN',
      vatNumber: 'EU VAT number',
    },
    hints: {
      countryCode: '2-letter code: FR, BE, CH…',
      vatNumber: 'For example FR40 303265045.',
    },
  },
};

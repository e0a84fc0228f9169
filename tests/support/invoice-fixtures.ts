import type { InvoiceInput, SellerIdentity } from '../../domain/invoicing';

/** A seller under the normal VAT regime, as Admin › Paramètres records one. */
export const TEST_SELLER: SellerIdentity = {
  legalName: 'Rushflow Studio',
  legalForm: 'SAS',
  capitalCents: 10_000_00,
  address: { line1: '12 rue des Monteurs', line2: null, postalCode: '75011', city: 'Paris', countryCode: 'FR' },
  siret: '73282932000074',
  rcsCity: 'Paris',
  vatNumber: 'FR44732829320',
  vatRegime: 'normal',
  latePenaltyRatePercent: 10.15,
  paymentTermsDays: 30,
  email: 'facturation@rushflow.test',
};

/** A consumer's paid project at the full price: 455 € TTC for 7 hours. */
export const CONSUMER_INVOICE: InvoiceInput = {
  number: '2026-000123',
  issuedAt: new Date('2026-03-10T09:00:00Z'),
  paidAt: new Date('2026-03-10T08:59:00Z'),
  seller: TEST_SELLER,
  buyer: {
    email: 'lea@client.test',
    name: 'Léa Martin',
    companyName: null,
    address: null,
    siren: null,
    vatNumber: null,
  },
  currency: 'EUR',
  projectReference: 'RF-2026-0042',
  projectTitle: 'Voyage au Japon',
  videoTypeWords: 'vidéo YouTube',
  hours: 7,
  chargedCents: 455_00,
  fullPriceCents: null,
  launchOfferLabel: 'Offre de lancement (-30\u00a0%)',
  serviceTerms: null,
};

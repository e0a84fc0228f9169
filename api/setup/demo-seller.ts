import type { SellerIdentity } from '../../domain/invoicing';

/**
 * The seller the development and test stacks invoice as, until an admin enters the agency's own
 * identity in Admin › Paramètres. Made up (its SIRET only passes the checksum), written by
 * `prepare-stack.ts` where no seller is stored yet; a production deployment enters its own
 * before the first payment (the checkout is refused without one).
 */
export const DEMO_SELLER: SellerIdentity = {
  legalName: 'Rushflow Démo SAS',
  legalForm: 'SAS',
  capitalCents: 1_000_000,
  address: { line1: '10 rue de la Démonstration', line2: null, postalCode: '75011', city: 'Paris', countryCode: 'FR' },
  siret: '91234567500017',
  rcsCity: 'Paris',
  vatNumber: 'FR65912345675',
  vatRegime: 'normal',
  latePenaltyRatePercent: 12.15,
  paymentTermsDays: 0,
  email: 'facturation@rushflow.fr',
};

import {
  amountsFromCharged,
  buildCreditNote,
  buildInvoiceDocument,
  formatDocumentNumber,
  isValidSiren,
  isValidSiret,
  isValidVatNumber,
  vatNumberForSiren,
} from '../../domain/invoicing';
import { BuyerDetailsInputSchema, SellerIdentitySchema } from '../../domain/schemas/invoicing';
import { CONSUMER_INVOICE, TEST_SELLER } from '../support/invoice-fixtures';

const seller = TEST_SELLER;
const input = CONSUMER_INVOICE;

describe('company identifiers', () => {
  test('a SIREN is 9 digits with a valid Luhn key', () => {
    expect(isValidSiren('732829320')).toBe(true);
    expect(isValidSiren('732829321')).toBe(false);
    expect(isValidSiren('73282932')).toBe(false);
    expect(isValidSiren('73282932A')).toBe(false);
  });

  test('a SIRET is 14 digits with a valid Luhn key; La Poste’s follow their own rule', () => {
    expect(isValidSiret('73282932000074')).toBe(true);
    expect(isValidSiret('73282932000075')).toBe(false);
    expect(isValidSiret('7328293200007')).toBe(false);
    // A La Poste office: digits sum to a multiple of 5, not Luhn-valid.
    expect(isValidSiret('35600000049837')).toBe(true);
    expect(isValidSiret('35600000049838')).toBe(false);
  });

  test('a French VAT number’s key is computed from its SIREN', () => {
    expect(vatNumberForSiren('732829320')).toBe('FR44732829320');
    expect(vatNumberForSiren('404833048')).toBe('FR83404833048');
    expect(isValidVatNumber('FR44732829320')).toBe(true);
    expect(isValidVatNumber('FR 44 732 829 320')).toBe(true);
    expect(isValidVatNumber('FR45732829320')).toBe(false);
    expect(isValidVatNumber('FR44732829321')).toBe(false);
  });

  test('other EU VAT numbers are checked against their country’s format', () => {
    expect(isValidVatNumber('DE123456789')).toBe(true);
    expect(isValidVatNumber('DE12345678')).toBe(false);
    expect(isValidVatNumber('BE0123456789')).toBe(true);
    expect(isValidVatNumber('NL123456789B01')).toBe(true);
    expect(isValidVatNumber('ATU12345678')).toBe(true);
    expect(isValidVatNumber('US123456789')).toBe(false);
  });
});

describe('document numbers', () => {
  test('one sequence per year, 6 digits; credit notes start with AV', () => {
    expect(formatDocumentNumber('invoice', 2026, 123)).toBe('2026-000123');
    expect(formatDocumentNumber('credit_note', 2026, 7)).toBe('AV-2026-000007');
  });
});

describe('amounts from the charged price (TTC)', () => {
  test('normal regime: HT + 20 % VAT rounded to the cent is exactly the price', () => {
    expect(amountsFromCharged(455_00, 'normal')).toEqual({
      htCents: 379_17,
      vatRatePercent: 20,
      vatCents: 75_83,
      ttcCents: 455_00,
      roundingCents: 0,
    });
  });

  test('every price from 0,01 € to 200 € splits so that the rounded VAT of HT adds up to it', () => {
    for (let charged = 1; charged <= 200_00; charged += 1) {
      const { htCents, vatCents, ttcCents, roundingCents } = amountsFromCharged(charged, 'normal');
      expect(vatCents).toBe(Math.round(htCents * 0.2));
      expect(ttcCents).toBe(htCents + vatCents);
      expect(ttcCents + roundingCents).toBe(charged);
      expect(roundingCents === 0 || roundingCents === 1).toBe(true);
    }
  });

  test('a price no taxable amount reaches (1,05 €) keeps a 1-cent rounding amount', () => {
    expect(amountsFromCharged(105, 'normal')).toEqual({
      htCents: 87,
      vatRatePercent: 20,
      vatCents: 17,
      ttcCents: 104,
      roundingCents: 1,
    });
  });

  test('franchise regime: no VAT, HT is the price', () => {
    expect(amountsFromCharged(455_00, 'franchise')).toEqual({
      htCents: 455_00,
      vatRatePercent: 0,
      vatCents: 0,
      ttcCents: 455_00,
      roundingCents: 0,
    });
  });
});

describe('the invoice of a paid project', () => {
  test('one French line in hours, totals that reconcile with the price paid, due date from the terms', () => {
    const invoice = buildInvoiceDocument(input);
    expect(invoice.lines).toEqual([
      {
        designation: 'Montage vidéo — «\u00a0Voyage au Japon\u00a0» (vidéo YouTube)',
        quantity: 7,
        unitPriceHtTenThousandths: 54_1671,
        netCents: 379_17,
      },
    ]);
    expect(Math.round((7 * 54_1671) / 100)).toBe(379_17);
    expect(invoice.allowances).toEqual([]);
    expect(invoice.totals).toEqual({
      linesCents: 379_17,
      allowancesCents: 0,
      htCents: 379_17,
      vatRatePercent: 20,
      vatCents: 75_83,
      ttcCents: 455_00,
      roundingCents: 0,
    });
    expect(invoice.dueDate.toISOString()).toBe('2026-04-09T09:00:00.000Z');
    expect(invoice.serviceDate).toEqual(input.paidAt);
    expect(invoice.paidAt).toEqual(input.paidAt);
  });

  test('the launch offer is a document allowance from the full price down to the price paid', () => {
    const invoice = buildInvoiceDocument({ ...input, chargedCents: 318_50, fullPriceCents: 455_00 });
    expect(invoice.lines[0].netCents).toBe(379_17);
    expect(invoice.allowances).toEqual([{ reason: input.launchOfferLabel, amountCents: 379_17 - 265_42 }]);
    expect(invoice.totals.htCents).toBe(265_42);
    expect(invoice.totals.linesCents - invoice.totals.allowancesCents).toBe(invoice.totals.htCents);
    expect(invoice.totals.ttcCents).toBe(318_50);
  });

  test('the unit price has 4 decimals so that quantity × price rounds to the line, even for long projects', () => {
    for (const hours of [1, 3, 7, 13, 99, 120, 250.5]) {
      const [line] = buildInvoiceDocument({ ...input, hours, chargedCents: 12_345_67 }).lines;
      expect(Math.round((line.quantity * line.unitPriceHtTenThousandths) / 100)).toBe(line.netCents);
    }
  });

  test('a credit note cancels the whole invoice and names it', () => {
    const invoice = buildInvoiceDocument(input);
    const credit = buildCreditNote(invoice, {
      number: 'AV-2026-000007',
      issuedAt: new Date('2026-03-12T10:00:00Z'),
      reason: 'Remboursement',
    });
    expect(credit.kind).toBe('credit_note');
    expect(credit.lines).toEqual(invoice.lines);
    expect(credit.totals).toEqual(invoice.totals);
    expect(credit.refersTo).toEqual({ number: '2026-000123', issuedAt: invoice.issuedAt });
    expect(credit.creditReason).toBe('Remboursement');
    expect(credit.paidAt).toBeNull();
  });
});

describe('seller identity form', () => {
  const form = { ...seller, siret: '732 829 320 00074' };

  test('a complete identity passes, spaces in numbers dropped', () => {
    const parsed = SellerIdentitySchema.parse(form);
    expect(parsed.siret).toBe('73282932000074');
  });

  test('a wrong SIRET key, a missing VAT number under the normal regime, bad rates and terms are refused in French', () => {
    const messages = (value: unknown) =>
      SellerIdentitySchema.safeParse(value).error?.issues.map((issue) => issue.message) ?? [];
    expect(messages({ ...form, siret: '73282932000075' })).toEqual([
      'Numéro SIRET invalide (14 chiffres, clé de contrôle).',
    ]);
    expect(messages({ ...form, vatNumber: '' })).toEqual([
      'Le numéro de TVA intracommunautaire est obligatoire au régime normal de TVA.',
    ]);
    expect(messages({ ...form, vatNumber: '', vatRegime: 'franchise' })).toEqual([]);
    expect(messages({ ...form, latePenaltyRatePercent: 120 })).toEqual([
      '« Taux des pénalités de retard » doit être entre 0 et 100 %.',
    ]);
    expect(messages({ ...form, paymentTermsDays: 61 })[0]).toMatch(/entre 0 et 60 jours/);
  });
});

describe('buyer details at checkout', () => {
  const messages = (value: unknown) =>
    BuyerDetailsInputSchema.safeParse(value).error?.issues.map((issue) => issue.message) ?? [];

  test('every field is optional; a company with SIREN, VAT number and address passes', () => {
    expect(messages({})).toEqual([]);
    expect(
      BuyerDetailsInputSchema.parse({
        companyName: 'Client SA',
        siren: '732 829 320',
        vatNumber: 'fr44732829320',
        address: { line1: '1 rue de la Paix', postalCode: '75002', city: 'Paris', countryCode: 'fr' },
      }),
    ).toMatchObject({ siren: '732829320', vatNumber: 'FR44732829320', address: { countryCode: 'FR', line2: null } });
  });

  test('a wrong SIREN or VAT number is refused with its message', () => {
    expect(messages({ companyName: 'Client SA', siren: '732829321' })).toEqual(['Numéro SIREN invalide']);
    expect(messages({ companyName: 'Client SA', vatNumber: 'FR45732829320' })).toEqual([
      'Numéro de TVA intracommunautaire invalide',
    ]);
  });

  test('an address or a SIREN without a company name is refused', () => {
    expect(messages({ siren: '732829320' })).toEqual(['Indiquez la raison sociale de l’entreprise à facturer.']);
    expect(
      messages({ address: { line1: '1 rue de la Paix', postalCode: '75002', city: 'Paris', countryCode: 'FR' } }),
    ).toEqual(['Indiquez la raison sociale de l’entreprise à facturer.']);
  });
});

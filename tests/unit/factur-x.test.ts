/**
 * The Factur-X invoices and credit notes as an accountant's software receives them: each PDF is
 * checked by Mustang (PDF/A-3 by veraPDF's rules, the XML by the Factur-X schema and the EN 16931
 * schematron; provisioned into the tool cache by `npm test unit`, passed here as RUSHFLOW_MUSTANG),
 * and read back with poppler (fonts, printed mentions).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { renderFacturX } from '../../activities/invoices/factur-x-pdf';
import { buildCreditNote, buildInvoiceDocument, type InvoiceDocument, type InvoiceInput } from '../../domain/invoicing';
import { CONSUMER_INVOICE, TEST_SELLER } from '../support/invoice-fixtures';
import { printedText } from '../support/pdf-text';

const mustang =
  process.env.RUSHFLOW_MUSTANG ??
  path.join(
    process.env.RUSHFLOW_TOOL_CACHE ?? path.join(os.homedir(), '.cache', 'rushflow'),
    'mustang-validator',
    'validate-factur-x',
  );

const seller = TEST_SELLER;

/** Text that must be escaped in the XML, and the revision rule as the designation carries it. */
const consumer: InvoiceInput = {
  ...CONSUMER_INVOICE,
  projectTitle: 'Voyage au Japon <été> & rizières',
  serviceTerms: 'Jusqu’à 3 révisions pendant 3 jours après chaque livraison',
};

const business = {
  email: 'compta@client.test',
  name: 'Marc Durand',
  companyName: 'Client & Fils SARL',
  address: { line1: '1 rue de la Paix', line2: 'Bâtiment B', postalCode: '75002', city: 'Paris', countryCode: 'FR' },
  siren: '404833048',
  vatNumber: 'FR83404833048',
};

const invoice = buildInvoiceDocument(consumer);
const documents: Record<string, InvoiceDocument> = {
  'eur-normal': invoice,
  usd: buildInvoiceDocument({ ...consumer, number: '2026-000124', currency: 'USD', chargedCents: 520_00 }),
  // 1 116,15 € paid: no taxable amount gives it exactly, a 1-cent rounding amount does.
  'launch-offer': buildInvoiceDocument({
    ...consumer,
    number: '2026-000125',
    hours: 49,
    chargedCents: 1_116_15,
    fullPriceCents: 1_594_50,
  }),
  'b2b-siren': buildInvoiceDocument({ ...consumer, number: '2026-000126', buyer: business }),
  franchise: buildInvoiceDocument({
    ...consumer,
    number: '2026-000127',
    seller: { ...seller, vatRegime: 'franchise', vatNumber: null, legalForm: 'EI', capitalCents: null, rcsCity: null },
    buyer: business,
  }),
  'credit-note': buildCreditNote(invoice, {
    number: 'AV-2026-000007',
    issuedAt: new Date('2026-03-12T10:00:00Z'),
    reason: 'Remboursement du projet annulé',
  }),
};

interface Verdict {
  valid: boolean;
  pdfStatus: string | undefined;
  xmlStatus: string | undefined;
  report: string;
}

/** Mustang's verdict per file: its last line, and the status of the report's PDF and XML parts. */
function validate(files: string[]): Record<string, Verdict> {
  const result = spawnSync(mustang, files, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.error) throw new Error(`${mustang} does not run (${result.error.message})`);
  const verdicts: Record<string, Verdict> = {};
  for (const block of result.stdout.split(/^=== /m).slice(1)) {
    const file = block.slice(0, block.indexOf('\n'));
    verdicts[path.basename(file, '.pdf')] = {
      valid: block.trimEnd().endsWith(`\nVALID ${file}`),
      pdfStatus: /<pdf>[\s\S]*?<summary status="(\w+)"\/>[\s\S]*?<\/pdf>/.exec(block)?.[1],
      xmlStatus: /<xml>[\s\S]*?<summary status="(\w+)"\/>[\s\S]*?<\/xml>/.exec(block)?.[1],
      report: block,
    };
  }
  return verdicts;
}

function poppler(command: string, file: string): string {
  const result = spawnSync(command, [file], { encoding: 'utf8' });
  if (result.error) throw new Error(`${command} does not run (${result.error.message}): install poppler-utils`);
  return result.stdout;
}

let folder: string;
let verdicts: Record<string, Verdict>;
const pdfOf = (name: string) => path.join(folder, `${name}.pdf`);

beforeAll(async () => {
  if (!fs.existsSync(mustang))
    throw new Error(`Mustang's validator is not in ${mustang}: run \`npm test unit\` once (it installs it there).`);
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'factur-x-'));
  // The lines' total no longer matches the lines (EN 16931 BR-CO-10): the validator must say so.
  const broken: InvoiceDocument = {
    ...invoice,
    totals: { ...invoice.totals, linesCents: invoice.totals.linesCents + 100 },
  };
  for (const [name, document] of Object.entries({ ...documents, 'broken-totals': broken })) {
    fs.writeFileSync(pdfOf(name), await renderFacturX(document));
  }
  verdicts = validate(Object.keys({ ...documents, 'broken-totals': broken }).map(pdfOf));
}, 300_000);

afterAll(() => {
  if (folder) fs.rmSync(folder, { recursive: true, force: true });
});

describe('Mustang validates every kind of document as Factur-X EN 16931', () => {
  test.each(Object.keys(documents))('%s: PDF/A-3 and XML both valid', (name) => {
    const verdict = verdicts[name];
    expect({ name, pdf: verdict.pdfStatus, xml: verdict.xmlStatus }).toEqual({ name, pdf: 'valid', xml: 'valid' });
    if (!verdict.valid) throw new Error(verdict.report);
  });

  test('an invoice whose totals do not add up is reported invalid, naming the broken rule', () => {
    const verdict = verdicts['broken-totals'];
    expect(verdict.valid).toBe(false);
    expect(verdict.xmlStatus).toBe('invalid');
    expect(verdict.report).toMatch(/\[BR-CO-10\]/);
  });
});

describe('what the PDF carries', () => {
  test.each(Object.keys(documents))('%s: only embedded DejaVu fonts, never a standard 14 font', (name) => {
    const rows = poppler('pdffonts', pdfOf(name)).trim().split('\n').slice(2);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row).toMatch(/^[A-Z]{6}\+DejaVuSans(-Bold)?\s/);
      // Columns: name, type (2 words), encoding, emb, sub, uni, object, id.
      expect(row.trim().split(/\s+/)[4]).toBe('yes');
    }
  });

  test('a consumer’s invoice: seller identity, dates, paid mention, VAT totals; no business-only mention', () => {
    const text = printedText(pdfOf('eur-normal'));
    for (const mention of [
      'Rushflow Studio',
      'SAS au capital de 10 000,00 €',
      '12 rue des Monteurs',
      'RCS Paris 732 829 320',
      'SIRET 732 829 320 00074',
      'FR44732829320',
      'FACTURE',
      'N° 2026-000123',
      'Date d’émission : 10 mars 2026',
      'Date de la prestation : 10 mars 2026',
      'Date d’échéance : 9 avril 2026',
      'Acquittée le 10 mars 2026',
      'Léa Martin',
      // The title wraps in its cell; escaped in the XML, printed as typed.
      '« Voyage au Japon <été> &',
      'rizières » (vidéo YouTube)',
      'Quantité (h)',
      '54,1671 €',
      '379,17 €',
      'TVA (20 %)',
      '75,83 €',
      '455,00 €',
      'Prestation de services',
      'Paiement à 30 jours',
      'Pas d’escompte pour paiement anticipé',
    ]) {
      expect(text).toContain(mention);
    }
    expect(text).not.toContain('Indemnité forfaitaire');
  });

  test('a business buyer: its company, address, SIREN and VAT number, the penalty rate and the 40 € fee', () => {
    const text = printedText(pdfOf('b2b-siren'));
    for (const mention of [
      'Client & Fils SARL',
      '1 rue de la Paix',
      'SIREN : 404833048',
      'FR83404833048',
      'Pénalités de retard : 10,15 % par an',
      'Indemnité forfaitaire pour frais de recouvrement : 40 €',
    ]) {
      expect(text).toContain(mention);
    }
  });

  test('the launch offer is its own line, and the total is what the client paid', () => {
    const text = printedText(pdfOf('launch-offer'));
    expect(text).toMatch(/Offre de lancement \(-30 %\)\s+−\d/);
    expect(text).toMatch(/Montant payé\s+1 116,15 €/);
  });

  test('the franchise regime prints no VAT line but the exemption', () => {
    const text = printedText(pdfOf('franchise'));
    expect(text).toContain('TVA non applicable, art. 293 B du CGI');
    expect(text).not.toContain('TVA (');
    expect(text).not.toContain('RCS');
  });

  test('a credit note says AVOIR and names the invoice it cancels', () => {
    const text = printedText(pdfOf('credit-note'));
    expect(text).toContain('AVOIR');
    expect(text).toContain('N° AV-2026-000007');
    expect(text).toContain('Avoir annulant la facture n° 2026-000123 du 10 mars 2026');
    expect(text).toContain('Motif : Remboursement du projet annulé');
    expect(text).not.toContain('Acquittée');
  });
});

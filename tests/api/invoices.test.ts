import { createHash, randomUUID } from 'node:crypto';
import { BillingDocument, CheckoutSession, Project } from '../../db/entities';
import { DEMO_SELLER } from '../../api/setup/demo-seller';
import { BILLING_MESSAGES, documentYear, type BillingDocumentView } from '../../domain/invoicing';
import type { ProjectDetail } from '../../domain/projects';
import { standardWizardBrief } from '../support/brief-fixtures';
import { waitUntil } from '../support/mail-server';
import { readZip } from '../support/zip';
import { postJson, startPaymentStack, type PaymentStack } from '../support/payment-stack';
import { testStack } from '../support/stack-env';

/**
 * Invoices and credit notes through the api in process, its worker and the real services: a paid
 * brief's invoice (numbered in the payment's transaction, its Factur-X PDF stored once and served
 * as stored), the buyer's details given at checkout, a rolled-back payment giving its number
 * back, Admin › Facturation's list and accountant's export, and the refund of a cancelled project
 * with its credit note.
 */
jest.setTimeout(240_000);

const { accounts, signIn } = testStack();
/** Webhook events made to fail once just before their commit, as a crash there would. */
const failBeforeCommit = new Set<string>();

let stack: PaymentStack;
const tokens = { client: '', admin: '', editor: '' };

beforeAll(async () => {
  stack = await startPaymentStack('invoices', {
    webhookBeforeCommit: (event) => {
      const briefId = (event.data.object as { metadata?: { briefId?: string } }).metadata?.briefId ?? '';
      if (failBeforeCommit.delete(briefId)) throw new Error('crash just before the commit');
    },
  });
  await stack.startWorker();
  [tokens.client, tokens.admin, tokens.editor] = await Promise.all([
    signIn(accounts.client.email, accounts.client.password),
    signIn(accounts.admin.email, accounts.admin.password),
    signIn(accounts.editor.email, accounts.editor.password),
  ]);
});

afterAll(async () => {
  await stack?.stop();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function download(
  path: string,
  token: string,
): Promise<{ status: number; bytes: Buffer; type: string; body: string }> {
  const response = await fetch(`${stack.baseUrl}${path}`, { headers: bearer(token) });
  const bytes = Buffer.from(await response.arrayBuffer());
  return {
    status: response.status,
    bytes,
    type: response.headers.get('content-type') ?? '',
    body: bytes.toString('utf8'),
  };
}

/** A brief of the demo client, paid through the simulated checkout with `buyer` given for the invoice. */
async function paidBrief(buyer?: unknown): Promise<{ briefId: string; sessionId: string }> {
  const brief = await postJson(
    `${stack.baseUrl}/api/briefs`,
    standardWizardBrief(accounts.client.email),
    bearer(tokens.client),
  );
  expect(brief.status).toBe(201);
  const briefId = brief.body.briefId as string;
  const checkout = await postJson(`${stack.baseUrl}/api/briefs/${briefId}/checkout`, buyer ? { buyer } : {});
  expect(checkout.status).toBe(200);
  const sessionId = checkout.body.sessionId as string;
  const paid = await postJson(`${stack.baseUrl}/api/payments/simulated/${sessionId}/pay`);
  expect(paid.status).toBe(200);
  return { briefId, sessionId };
}

async function storedInvoice(briefId: string): Promise<BillingDocument> {
  let invoice: BillingDocument | null = null;
  await waitUntil(
    async () => {
      invoice = await stack.db.orm.em.fork().findOne(BillingDocument, { briefId, kind: 'invoice' });
      return Boolean(invoice?.pdfSha256);
    },
    90_000,
    'the invoice’s PDF to be stored',
  );
  return invoice!;
}

async function projectOf(briefId: string): Promise<Project> {
  let project: Project | null = null;
  await waitUntil(
    async () => Boolean((project = await stack.db.orm.em.fork().findOne(Project, { brief: briefId }))),
    60_000,
    'the project',
  );
  return project!;
}

const year = () => documentYear(new Date());
const month = () => {
  const parts = new Intl.DateTimeFormat('en-CA', {
    year: 'numeric',
    month: '2-digit',
    timeZone: 'Europe/Paris',
  }).format(new Date());
  return parts.slice(0, 7);
};

const company = {
  companyName: 'Studio Lumière SARL',
  address: { line1: '5 quai des Images', postalCode: '69002', city: 'Lyon', countryCode: 'FR' },
  siren: '732829320',
  vatNumber: 'FR44732829320',
};

let firstBrief = '';

test('a paid brief gets its invoice: the first number of the year, a business buyer’s details, the PDF stored once and served as stored', async () => {
  const { briefId } = await paidBrief(company);
  firstBrief = briefId;
  const invoice = await storedInvoice(briefId);
  expect(invoice.number).toBe(`${year()}-000001`);
  expect(invoice.buyerLabel).toBe('Studio Lumière SARL');
  expect(invoice.document.buyer).toMatchObject({
    email: accounts.client.email,
    siren: '732829320',
    vatNumber: 'FR44732829320',
  });
  expect(invoice.document.seller.siret).toBe(DEMO_SELLER.siret);
  // The price paid is TTC: HT + 20 % VAT add up to it exactly.
  const payment = await stack.db.orm.em.fork().findOneOrFail(CheckoutSession, { id: invoice.checkoutSessionId! });
  expect(invoice.ttcCents).toBe(payment.amountPaidCents);
  expect(invoice.htCents + invoice.vatCents).toBe(invoice.ttcCents);
  expect(invoice.vatCents).toBe(Math.round(invoice.htCents * 0.2));

  const project = await projectOf(briefId);
  const page = await fetch(`${stack.baseUrl}/api/projects/${project.id}`, { headers: bearer(tokens.client) });
  expect(((await page.json()) as { project: ProjectDetail }).project.billingDocuments).toEqual([
    { kind: 'invoice', number: invoice.number },
  ]);

  const pdf = await download(`/api/projects/${project.id}/invoice.pdf`, tokens.client);
  expect(pdf.status).toBe(200);
  expect(pdf.type).toBe('application/pdf');
  expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
  expect(sha256(pdf.bytes)).toBe(invoice.pdfSha256);
  expect(pdf.body).toContain('factur-x.xml');

  // A changed seller never rewrites an issued invoice.
  const changed = await fetch(`${stack.baseUrl}/api/admin/settings/seller`, {
    method: 'PUT',
    headers: { ...bearer(tokens.admin), 'content-type': 'application/json' },
    body: JSON.stringify({ ...DEMO_SELLER, legalName: 'Rushflow Nouvelle Raison SAS' }),
  });
  expect(changed.status).toBe(200);
  const again = await download(`/api/projects/${project.id}/invoice.pdf`, tokens.client);
  expect(again.bytes.equals(pdf.bytes)).toBe(true);
  await fetch(`${stack.baseUrl}/api/admin/settings/seller`, {
    method: 'PUT',
    headers: { ...bearer(tokens.admin), 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_SELLER),
  });

  // The editor is no party to the billing: not shown, not served.
  expect((await download(`/api/projects/${project.id}/invoice.pdf`, tokens.editor)).status).toBeGreaterThanOrEqual(403);
});

test('bad business details at checkout are refused in French and open nothing', async () => {
  const brief = await postJson(
    `${stack.baseUrl}/api/briefs`,
    standardWizardBrief(`facture-${randomUUID()}@example.com`),
  );
  const briefId = brief.body.briefId as string;
  const badSiren = await postJson(`${stack.baseUrl}/api/briefs/${briefId}/checkout`, {
    buyer: { ...company, siren: '732829321' },
  });
  expect(badSiren.status).toBe(400);
  expect(JSON.stringify(badSiren.body)).toContain('Numéro SIREN invalide');
  const noName = await postJson(`${stack.baseUrl}/api/briefs/${briefId}/checkout`, {
    buyer: { siren: '732829320' },
  });
  expect(noName.status).toBe(400);
  expect(JSON.stringify(noName.body)).toContain('raison sociale');
  expect(await stack.db.orm.em.fork().count(CheckoutSession, { brief: briefId })).toBe(0);
});

test('a payment whose transaction rolls back gives its number back: the next invoices follow without a gap', async () => {
  const before = await stack.db.orm.em.fork().count(BillingDocument, { kind: 'invoice' });
  const email = `rollback-${randomUUID()}@example.com`;
  const brief = await postJson(`${stack.baseUrl}/api/briefs`, standardWizardBrief(email));
  const briefId = brief.body.briefId as string;
  const checkout = await postJson(`${stack.baseUrl}/api/briefs/${briefId}/checkout`);
  failBeforeCommit.add(briefId);
  // The first delivery fails after the number was taken; the page's retry (as Stripe's) succeeds.
  const failed = await postJson(`${stack.baseUrl}/api/payments/simulated/${checkout.body.sessionId}/pay`);
  expect(failed.status).toBe(502);
  expect(await stack.db.orm.em.fork().count(BillingDocument, { briefId })).toBe(0);
  const paid = await postJson(`${stack.baseUrl}/api/payments/simulated/${checkout.body.sessionId}/pay`);
  expect(paid.status).toBe(200);
  const second = await paidBrief();
  const numbers = [(await storedInvoice(briefId)).number, (await storedInvoice(second.briefId)).number];
  expect(numbers).toEqual([before + 1, before + 2].map((n) => `${year()}-${String(n).padStart(6, '0')}`));
});

test('Admin › Facturation lists the month’s documents and exports the period as PDFs and a journal an accountant imports', async () => {
  const list = await fetch(`${stack.baseUrl}/api/admin/invoices?month=${month()}`, { headers: bearer(tokens.admin) });
  expect(list.status).toBe(200);
  const { documents } = (await list.json()) as { documents: BillingDocumentView[] };
  expect(documents.map((document) => document.number)).toContain(`${year()}-000001`);
  const first = documents.find((document) => document.number === `${year()}-000001`)!;
  expect(first).toMatchObject({ kind: 'invoice', buyer: 'Studio Lumière SARL', pdfReady: true, refersTo: null });

  const zip = await download(`/api/admin/invoices/export?from=${month()}&to=${month()}`, tokens.admin);
  expect(zip.status).toBe(200);
  expect(zip.type).toBe('application/zip');
  const entries = await readZip(zip.bytes);
  const journal = entries.get('journal.csv')!.toString('utf8');
  const lines = journal
    .replace(/^\ufeff/, '')
    .trim()
    .split('\r\n');
  expect(lines[0]).toBe('Date;Numéro;Type;Client;Facture d’origine;HT;TVA;TTC;Devise');
  expect(lines).toHaveLength(documents.length + 1);
  const euros = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');
  expect(lines).toContain(
    [
      new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris' }).format(new Date(first.issuedAt)),
      first.number,
      'Facture',
      'Studio Lumière SARL',
      '',
      euros(first.htCents),
      euros(first.vatCents),
      euros(first.ttcCents),
      'EUR',
    ].join(';'),
  );
  const stored = await stack.db.orm.em.fork().findOneOrFail(BillingDocument, { number: first.number });
  expect(sha256(entries.get(`facture-${first.number}.pdf`)!)).toBe(stored.pdfSha256);

  // Admins only; a bad period is refused in French.
  expect((await fetch(`${stack.baseUrl}/api/admin/invoices`, { headers: bearer(tokens.client) })).status).toBe(403);
  const badMonth = await fetch(`${stack.baseUrl}/api/admin/invoices?month=2026-13`, { headers: bearer(tokens.admin) });
  expect(badMonth.status).toBe(400);
  expect(await badMonth.text()).toContain('Mois invalide');
});

test('a cancelled project is refunded with a credit note: its own number, the invoice cancelled, the card refunded, the client e-mailed', async () => {
  const project = await projectOf(firstBrief);
  const refuseActive = await postJson(
    `${stack.baseUrl}/api/admin/projects/${project.id}/refund`,
    {},
    bearer(tokens.admin),
  );
  expect(refuseActive).toEqual({
    status: 409,
    body: expect.objectContaining({ error: BILLING_MESSAGES.refundNotPossible }),
  });

  const cancelled = await postJson(
    `${stack.baseUrl}/api/admin/projects/${project.id}/cancel`,
    { reason: 'Client injoignable' },
    bearer(tokens.admin),
  );
  expect(cancelled.status).toBe(200);
  expect(
    (await postJson(`${stack.baseUrl}/api/admin/projects/${project.id}/refund`, {}, bearer(tokens.client))).status,
  ).toBe(403);
  const refunded = await postJson(
    `${stack.baseUrl}/api/admin/projects/${project.id}/refund`,
    { reason: 'Annulation' },
    bearer(tokens.admin),
  );
  expect(refunded.status).toBe(201);
  const creditNote = refunded.body.creditNote as BillingDocumentView;
  const invoice = await stack.db.orm.em.fork().findOneOrFail(BillingDocument, { briefId: firstBrief, kind: 'invoice' });
  expect(creditNote).toMatchObject({ kind: 'credit_note', number: `AV-${year()}-000001`, refersTo: invoice.number });
  const again = await postJson(`${stack.baseUrl}/api/admin/projects/${project.id}/refund`, {}, bearer(tokens.admin));
  expect(again).toEqual({ status: 409, body: expect.objectContaining({ error: BILLING_MESSAGES.alreadyCredited }) });

  let stored: BillingDocument | null = null;
  await waitUntil(
    async () =>
      Boolean((stored = await stack.db.orm.em.fork().findOne(BillingDocument, { id: creditNote.id }))?.pdfSha256),
    90_000,
    'the credit note’s PDF',
  );
  expect(stored!.document.refersTo?.number).toBe(invoice.number);
  expect(stored!.ttcCents).toBe(invoice.ttcCents);
  const pdf = await download(`/api/projects/${project.id}/credit-note.pdf`, tokens.client);
  expect(pdf.status).toBe(200);
  expect(sha256(pdf.bytes)).toBe(stored!.pdfSha256);
  expect((await stack.db.orm.em.fork().findOneOrFail(Project, { id: project.id })).needsAttention).toBeNull();

  await waitUntil(
    async () =>
      (await stack.mail.emailsTo(accounts.client.email)).some((mail) => mail.subject.includes(creditNote.number)),
    60_000,
    'the credit note’s e-mail',
  );
  const mail = (await stack.mail.emailsTo(accounts.client.email)).find((m) => m.subject.includes(creditNote.number))!;
  expect(mail.text).toContain(`annule la facture ${invoice.number}`);

  // The journal lists the credit note negative, against its invoice.
  const zip = await download(`/api/admin/invoices/export?from=${month()}&to=${month()}`, tokens.admin);
  const journal = (await readZip(zip.bytes)).get('journal.csv')!.toString('utf8');
  expect(journal).toContain(`${creditNote.number};Avoir;Studio Lumière SARL;${invoice.number};-`);
});

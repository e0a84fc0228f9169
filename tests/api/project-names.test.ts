import type { AdminBriefRow, AdminProjectRow, Page } from '../../domain/admin';
import { formatHours } from '../../domain/format';
import type { MyProjectsAnswer } from '../../domain/projects';
import { BillingDocument, Brief, Project } from '../../db/entities';
import { waitUntil } from '../support/mail-server';
import { printedText } from '../support/pdf-text';
import { postJson, startPaymentStack, type PaymentStack } from '../support/payment-stack';
import { testStack } from '../support/stack-env';

/**
 * Projects people can tell apart: two briefs paid through the real path (api, brief workflow,
 * simulated checkout, worker) become two projects, each named by its brief and numbered
 * `RF-<year>-<number>`, as the client's list, the admin's lists, the e-mails and the invoice show
 * them, in French words rather than stored codes.
 */
jest.setTimeout(300_000);

const { accounts, signIn } = testStack();
let stack: PaymentStack;
let clientToken = '';
let adminToken = '';
const REFERENCE = /^RF-(\d{4})-\d{4,}$/;

beforeAll(async () => {
  stack = await startPaymentStack('project-names');
  await stack.startWorker();
  [clientToken, adminToken] = await Promise.all([
    signIn(accounts.client.email, accounts.client.password),
    signIn(accounts.admin.email, accounts.admin.password),
  ]);
});

afterAll(async () => {
  await stack?.stop();
});

async function get<T>(path: string, token: string): Promise<T> {
  const response = await fetch(`${stack.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

/** Sends a brief as the signed-in client, pays it through the simulated checkout; its project. */
async function paidProject(brief: Record<string, unknown>): Promise<Project> {
  const sent = await postJson(`${stack.baseUrl}/api/briefs`, brief, { authorization: `Bearer ${clientToken}` });
  expect(sent.status).toBe(201);
  const briefId = sent.body.briefId as string;
  const checkout = await postJson(`${stack.baseUrl}/api/briefs/${briefId}/checkout`);
  expect(checkout.status).toBe(200);
  expect(
    (await postJson(`${stack.baseUrl}/api/payments/simulated/${checkout.body.sessionId as string}/pay`)).status,
  ).toBe(200);
  let project: Project | null = null;
  await waitUntil(
    async () => (project = await stack.db.orm.em.fork().findOne(Project, { brief: briefId })) !== null,
    60_000,
    'the project',
  );
  return project!;
}

const email = () => accounts.client.email;
let wedding: Project;
let launch: Project;

test('two briefs give two projects with their own names and references, in every list', async () => {
  wedding = await paidProject({
    email: email(),
    video_type: 'autre',
    video_type_custom: 'Vidéo de mariage',
    objective: 'inspirer',
    final_duration: 2,
    total_rush_duration: 45,
    delivery_formats: 'horizontal,vertical',
    deadline: 'standard',
    language: 'fr',
  });
  launch = await paidProject({
    clientEmail: email(),
    projectName: 'Lancement printemps',
    videoTypes: ['Publicité'],
    mainObjective: 'vendre',
    totalRushDurationProvided: 30,
    desiredFinalDuration: '2',
    confirmRushesRights: true,
    confirmMusicRights: true,
  });

  expect(wedding.title).toBe('Vidéo de mariage · Inspirer');
  expect(launch.title).toBe('Lancement printemps');
  const year = new Intl.DateTimeFormat('fr-FR', { year: 'numeric', timeZone: 'Europe/Paris' }).format(new Date());
  for (const project of [wedding, launch]) expect(project.reference).toMatch(REFERENCE);
  expect(REFERENCE.exec(wedding.reference)?.[1]).toBe(year);
  expect(wedding.reference).not.toBe(launch.reference);

  // The client's dashboard.
  const mine = await get<MyProjectsAnswer>('/api/projects/mine', clientToken);
  for (const project of [wedding, launch]) {
    expect(mine.projects.find((listed) => listed.id === project.id)).toMatchObject({
      title: project.title,
      reference: project.reference,
    });
  }

  // Admin › Projets finds a project by its reference.
  const found = await get<Page<AdminProjectRow>>(
    `/api/admin/projects?q=${encodeURIComponent(wedding.reference)}`,
    adminToken,
  );
  expect(found.items.map((row) => [row.id, row.title, row.reference])).toEqual([
    [wedding.id, 'Vidéo de mariage · Inspirer', wedding.reference],
  ]);

  // Admin › Briefs names the wizard's brief as its project, never « Sans titre ».
  const briefs = await get<Page<AdminBriefRow>>('/api/admin/briefs', adminToken);
  const row = briefs.items.find((item) => item.projectId === wedding.id);
  expect(row).toMatchObject({ title: 'Vidéo de mariage · Inspirer', projectReference: wedding.reference });
});

test('the e-mails and the invoice say French words, units and the reference', async () => {
  const brief = await stack.db.orm.em.fork().findOneOrFail(Brief, { id: wedding.brief.id });
  const mails = () => stack.mail.emailsTo(email());
  const confirmationOf = (line: string) => async () =>
    (await mails()).find((mail) => mail.subject.includes('brief') && mail.text.includes(line));
  const receiptOf = (project: Project) => async () =>
    (await mails()).find(
      (mail) => mail.subject.startsWith('Paiement confirmé') && mail.text.includes(project.reference),
    );
  const wizardConfirmation = confirmationOf('- Objectif : Inspirer');
  const fullConfirmation = confirmationOf('- Type de vidéo : Publicité');
  await waitUntil(
    async () => Boolean((await wizardConfirmation()) && (await fullConfirmation()) && (await receiptOf(wedding)())),
    60_000,
    'the confirmations and the receipt',
  );
  const confirmation = await wizardConfirmation();
  // The receipt goes to a typed address: it lists the chosen options, never the typed names.
  expect(confirmation?.text).not.toContain('Vidéo de mariage');
  expect((await fullConfirmation())?.text).not.toContain('Lancement printemps');
  expect(confirmation?.text).toContain('- Objectif : Inspirer');
  expect(confirmation?.text).toContain('- Formats : Horizontal (16:9), Vertical (9:16)');
  expect(confirmation?.text).toContain('- Délai : Standard');
  expect(confirmation?.text).toContain('- Durée finale : 2\u00a0min');
  // The estimate panel's figure (tenths), not the stored hundredths.
  expect(confirmation?.text).toContain(`- Temps de montage estimé : ${formatHours(brief.estimatedHours!)}`);
  expect(confirmation?.text).toMatch(/Temps de montage estimé : \d+(,\d)?\u00a0h\n/);

  // The full form's free-text length « 2 » is minutes.
  expect((await fullConfirmation())?.text).toContain('- Durée finale : 2\u00a0min');

  const receipt = await receiptOf(wedding)();
  expect(receipt?.subject).toContain(wedding.reference);
  expect(receipt?.text).toContain(`« Vidéo de mariage · Inspirer » (référence ${wedding.reference})`);

  const response = await fetch(`${stack.baseUrl}/api/projects/${wedding.id}/invoice.pdf`, {
    headers: { authorization: `Bearer ${clientToken}` },
  });
  expect(response.status).toBe(200);
  const invoice = await stack.db.orm.em.fork().findOneOrFail(BillingDocument, { briefId: wedding.brief.id });
  expect(response.headers.get('content-disposition')).toContain(`facture-${invoice.number}.pdf`);
  // The designation names the project and its type in words, never the stored value « autre ».
  const text = printedText(Buffer.from(await response.arrayBuffer())).replace(/\s+/g, ' ');
  expect(invoice.document.lines[0]?.designation).toMatch(
    /^Montage vidéo — «\u00a0Vidéo de mariage · Inspirer\u00a0» \(Vidéo de mariage\)/,
  );
  expect(text).toContain(`N° ${invoice.number}`);
  expect(text).toContain('Vidéo de mariage');
  expect(text).not.toContain('autre');
});

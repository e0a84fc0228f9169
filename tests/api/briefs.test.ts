import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { Worker, NativeConnection } from '@temporalio/worker';
import { Connection, Client } from '@temporalio/client';
import { createActivities } from '../../activities';
import { createApp } from '../../api/app';
import { buildAppDeps } from '../../api/bootstrap';
import { loadConfig } from '../../api/config';
import { Brief, SentEmail } from '../../db/entities';
import { createMailTransport } from '../../clients/mail';
import { quoteFullFormBrief, quoteWizardBrief } from '../../domain/brief-estimate';
import { addWorkingDays, earliestDeliveryDate, todayIn } from '../../domain/delivery';
import { minimumWorkingDays } from '../../domain/pricing';
import { BRIEF_MESSAGES, deliveryDateMessage } from '../../domain/schemas/brief';
import { briefWorkflowId } from '../../workflows/contracts/brief';
import { TASK_QUEUE } from '../../workflows/contracts/common';
import { createScratchDatabase } from '../support/brief-scratch-db';
import { TestMailServer, waitUntil } from '../support/mail-server';
import { ensureNamespace } from '../support/temporal-namespace';
import { listenOnLoopback } from '../support/own-api';

/**
 * `POST /api/briefs` in process against the stack's PostgreSQL (a scratch database) and Temporal
 * (a namespace of this suite's own, so the stack's worker never sees these workflows), with this
 * suite's worker and MailDev.
 */
jest.setTimeout(120_000);

const NAMESPACE = 'rushflow-brief-tests';
const baseConfig = loadConfig();

let db: Awaited<ReturnType<typeof createScratchDatabase>>;
let mail: TestMailServer;
let server: http.Server;
let baseUrl = '';
let worker: Worker;
let workerRun: Promise<void>;
let temporal: Client;
let signedIn: string | null = null;
let workerConnection: NativeConnection;
let closeAppTemporal: (() => Promise<void>) | undefined;

beforeAll(async () => {
  [db, mail] = await Promise.all([createScratchDatabase('rushflow_briefs_api'), TestMailServer.start()]);
  const connection = await Connection.connect({ address: baseConfig.TEMPORAL_ADDRESS });
  await ensureNamespace(connection, NAMESPACE);
  temporal = new Client({ connection, namespace: NAMESPACE });

  const config = { ...baseConfig, DATABASE_URL: db.url, TEMPORAL_NAMESPACE: NAMESPACE, SMTP_URL: mail.smtpUrl };
  const deps = buildAppDeps(config, db.orm);
  closeAppTemporal = deps.closeTemporal;
  // The signed-in case: the token check is the auth middleware's own suite; here any token is user-1.
  const app = createApp({
    ...deps,
    verifyToken: async () => ({
      id: signedIn ?? 'user-1',
      email: 'client@example.com',
      emailVerified: true,
      roles: ['user'],
    }),
  });
  ({ server, base: baseUrl } = await listenOnLoopback(app));

  worker = await Worker.create({
    connection: (workerConnection = await NativeConnection.connect({ address: baseConfig.TEMPORAL_ADDRESS })),
    namespace: NAMESPACE,
    taskQueue: TASK_QUEUE,
    workflowsPath: require.resolve('../../workflows'),
    activities: createActivities({
      db: db.orm,
      mail: { transport: createMailTransport(mail.smtpUrl), from: baseConfig.MAIL_FROM },
      appUrl: baseConfig.APP_URL,
    }),
  });
  workerRun = worker.run();
});

afterAll(async () => {
  // The briefs' workflows wait 7 days for a payment: end them so the namespace stays clean.
  for await (const execution of temporal?.workflow.list({ query: 'ExecutionStatus = "Running"' }) ?? []) {
    await temporal.workflow
      .getHandle(execution.workflowId)
      .terminate('fin du test')
      .catch(() => undefined);
  }
  worker?.shutdown();
  await workerRun?.catch(() => undefined);
  await workerConnection?.close();
  await closeAppTemporal?.();
  await temporal?.connection.close();
  server?.close();
  await mail?.stop();
  await db?.drop();
});

async function submit(body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${baseUrl}/api/briefs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

function wizardPayload(overrides: Record<string, unknown> = {}) {
  return {
    email: `Wizard-${randomUUID()}@Example.com`,
    video_type: 'autre',
    video_type_custom: 'Podcast vidéo',
    objective: 'autre',
    objective_custom: 'Recruter',
    // 10.5 h × 2.4 = 25.2 h: 4 standard days over a 3-day minimum, so express (3 days) is offered
    final_duration: 30,
    total_rush_duration: 300,
    number_of_files: '11-20',
    rush_content: 'Interviews et plans de coupe',
    rush_quality: 'variable',
    visual_complexity: 'premium',
    editing_style: 'sur_mesure',
    custom_editing_style: 'Montage nerveux façon documentaire',
    delivery_formats: 'horizontal,vertical,carré',
    deadline: 'express',
    creative_brief: 'Une vidéo pour présenter notre équipe.',
    constraints: 'Logo en fin de vidéo',
    language: 'en',
    currency: 'usd',
    needs_subtitles: true,
    subtitle_type: 'key_points',
    file_links: ['https://transfer.example.com/abc'],
    estimated_editing_hours: 1,
    total_price: 1,
    status: 'paid',
    ...overrides,
  };
}

function fullPayload(overrides: Record<string, unknown> = {}) {
  return {
    clientEmail: `Full-${randomUUID()}@Example.com`,
    projectName: 'Lancement produit',
    videoTypes: ['Publicité', 'Autre'],
    videoTypeCustom: 'Spot salon',
    mainObjective: 'vendre',
    targetAudience: 'PME',
    serviceCategory: 'motion',
    visualComplexity: 'expert',
    technicalRequirements: ['Multi-caméras', 'Stabilisation'],
    specialFeatures: ['Motion design', 'Design sonore'],
    rushTypes: ['Vidéo brute', 'Audio'],
    totalRushDurationProvided: 90,
    rushQuality: '4K',
    downloadLink: 'https://transfer.example.com/xyz',
    additionalFiles: 'logo.svg',
    desiredFinalDuration: '3 min',
    outputFormat: 'MP4',
    resolution: '4K',
    aspectRatio: '16:9',
    maxFileSize: '2 Go',
    distributionPlatforms: ['YouTube', 'Site web'],
    visualStyle: 'dynamique',
    rhythm: 'rapide',
    referenceVideos: ['https://youtu.be/1', '', '  '],
    colorPaletteAmbiance: 'Bleu nuit',
    musicOption: 'libre_droits',
    mainLanguageBrief: 'Français',
    subtitlesNeeded: true,
    subtitlesLanguage: 'Anglais',
    voiceoverNeeded: true,
    voiceoverLanguage: 'Français',
    voiceoverProvided: false,
    desiredDeliveryDate: addWorkingDays(todayIn(), 40),
    numberOfVersions: 2,
    expectedDeliverables: ['Fichier final', 'Version courte'],
    confirmRushesRights: true,
    confirmMusicRights: true,
    pricingEstimate: 3,
    ...overrides,
  };
}

async function workflowCount(briefId: string): Promise<number> {
  let count = 0;
  for await (const _ of temporal.workflow.list({ query: `WorkflowId = "${briefWorkflowId(briefId)}"` })) count += 1;
  return count;
}

describe('POST /api/briefs', () => {
  test('the wizard payload is stored with every field, priced by the server, and confirmed by e-mail', async () => {
    const payload = wizardPayload();
    const response = await submit(payload);
    expect(response.status).toBe(201);
    expect(Object.keys(response.body)).toEqual(['briefId', 'addressConfirmationNeeded']);
    const briefId = response.body.briefId as string;

    const brief = await db.orm.em.fork().findOneOrFail(Brief, briefId);
    const quote = quoteWizardBrief(payload);
    expect(brief).toMatchObject({
      funnel: 'wizard',
      status: 'pending_payment',
      clientId: null,
      email: payload.email.toLowerCase(),
      videoType: 'autre',
      videoTypeCustom: 'Podcast vidéo',
      objective: 'autre',
      objectiveCustom: 'Recruter',
      finalDurationMinutes: 30,
      totalRushDurationMinutes: 300,
      numberOfFiles: '11-20',
      rushContent: 'Interviews et plans de coupe',
      rushQuality: 'variable',
      visualComplexity: 'premium',
      editingStyle: 'sur_mesure',
      customEditingStyle: 'Montage nerveux façon documentaire',
      deliveryFormats: ['horizontal', 'vertical', 'carré'],
      deadline: 'express',
      expressDelivery: true,
      creativeBrief: 'Une vidéo pour présenter notre équipe.',
      constraints: 'Logo en fin de vidéo',
      language: 'en',
      needsSubtitles: true,
      subtitleType: 'key_points',
      fileLinks: ['https://transfer.example.com/abc'],
      currency: 'USD',
      declaredTotalPriceCents: 100,
      declaredEstimatedHours: 1,
      priceCents: quote.priceCents,
      offerPriceCents: quote.offerPriceCents,
      estimatedDeliveryDays: quote.deliveryDays,
    });
    // The browser said 1 $: the server's price is what is stored.
    expect(brief.priceCents).toBeGreaterThan(100);

    await waitUntil(async () => (await mail.emailsTo(payload.email)).length === 1, 30_000, 'the confirmation e-mail');
    const [message] = await mail.emailsTo(payload.email);
    expect(message.subject).toContain('Votre brief Rushflow est bien reçu');
    expect(message.text).toContain('sous 24 h');
    // Sent to a typed address: the receipt repeats the options chosen, never a word typed.
    expect(message.text).toContain('Type de vidéo : Autre');
    for (const typed of ['Podcast vidéo', 'Recruter', 'Interviews et plans de coupe', 'transfer.example.com']) {
      expect(message.text).not.toContain(typed);
    }
    // The express promise, as the panel showed it.
    expect(quote.deliveryDays).toBe(3);
    expect(message.text).toContain('Délai estimé : 3 jours ouvrés');
    expect(await workflowCount(briefId)).toBe(1);
  });

  test('the full-form payload is stored with every field, signed in', async () => {
    signedIn = `user-${randomUUID()}`;
    const payload = fullPayload();
    const response = await submit(payload, { authorization: 'Bearer any' });
    signedIn = null;
    expect(response.status).toBe(201);
    const brief = await db.orm.em.fork().findOneOrFail(Brief, response.body.briefId as string);
    const quote = quoteFullFormBrief(payload);
    expect(brief).toMatchObject({
      funnel: 'full',
      clientId: expect.stringMatching(/^user-/),
      email: payload.clientEmail.toLowerCase(),
      projectName: 'Lancement produit',
      videoTypes: ['Publicité', 'Autre'],
      videoTypeCustom: 'Spot salon',
      objective: 'vendre',
      targetAudience: 'PME',
      serviceCategory: 'motion',
      visualComplexity: 'expert',
      technicalRequirements: ['Multi-caméras', 'Stabilisation'],
      specialFeatures: ['Motion design', 'Design sonore'],
      rushTypes: ['Vidéo brute', 'Audio'],
      totalRushDurationMinutes: 90,
      rushQuality: '4K',
      downloadLink: 'https://transfer.example.com/xyz',
      additionalFiles: 'logo.svg',
      desiredFinalDuration: '3 min',
      outputFormat: 'MP4',
      resolution: '4K',
      aspectRatio: '16:9',
      maxFileSize: '2 Go',
      distributionPlatforms: ['YouTube', 'Site web'],
      visualStyle: 'dynamique',
      rhythm: 'rapide',
      referenceVideos: ['https://youtu.be/1'],
      colorPaletteAmbiance: 'Bleu nuit',
      musicOption: 'libre_droits',
      mainLanguage: 'Français',
      needsSubtitles: true,
      subtitlesLanguage: 'Anglais',
      voiceoverNeeded: true,
      voiceoverLanguage: 'Français',
      voiceoverProvided: false,
      numberOfVersions: 2,
      expectedDeliverables: ['Fichier final', 'Version courte'],
      confirmRushesRights: true,
      confirmMusicRights: true,
      currency: 'EUR',
      declaredTotalPriceCents: 300,
      priceCents: quote.priceCents,
      offerPriceCents: quote.offerPriceCents,
    });
    const storedDate = brief.desiredDeliveryDate as unknown;
    expect(storedDate instanceof Date ? storedDate.toISOString().slice(0, 10) : storedDate).toBe(
      payload.desiredDeliveryDate,
    );
  });

  test('the same Idempotency-Key makes one brief, one workflow and one e-mail, even when raced', async () => {
    const payload = wizardPayload({ language: 'fr', currency: 'eur' });
    const key = randomUUID();
    const [first, second] = await Promise.all([
      submit(payload, { 'Idempotency-Key': key }),
      submit(payload, { 'Idempotency-Key': key }),
    ]);
    const third = await submit(payload, { 'Idempotency-Key': key });
    expect([first.status, second.status, third.status]).toEqual([201, 201, 201]);
    expect(second.body).toEqual(first.body);
    expect(third.body).toEqual(first.body);
    const briefId = first.body.briefId as string;

    expect(await db.orm.em.fork().count(Brief, { email: payload.email.toLowerCase() })).toBe(1);
    await waitUntil(async () => (await mail.emailsTo(payload.email)).length > 0, 30_000, 'the confirmation e-mail');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await mail.emailsTo(payload.email)).toHaveLength(1);
    expect(await db.orm.em.fork().count(SentEmail, { recipient: payload.email.toLowerCase() })).toBe(1);
    expect(await workflowCount(briefId)).toBe(1);
  });
});

describe('POST /api/briefs refuses bad input in French', () => {
  test('wizard: the three required fields', async () => {
    expect(await submit({})).toEqual({
      status: 400,
      body: {
        error: BRIEF_MESSAGES.wizardRequired,
        fields: {
          email: 'L’adresse e-mail est obligatoire.',
          video_type: 'Le type de vidéo est obligatoire.',
          final_duration: 'La durée finale est obligatoire.',
        },
      },
    });
  });

  test('wizard: each field’s own message', async () => {
    const response = await submit({
      email: 'pas-un-email',
      video_type: 'cinema',
      objective: 'gagner',
      final_duration: 0.25,
      total_rush_duration: -3,
      number_of_files: '50',
      rush_quality: 'parfaits',
      visual_complexity: 'ultra',
      editing_style: 'baroque',
      delivery_formats: 'panoramique',
      deadline: 'hier',
      language: 'de',
      currency: 'gbp',
      needs_subtitles: 'oui',
      subtitle_type: 'karaoké',
      file_links: ['ftp://serveur/rush.mov'],
      upload_session_id: 'pas-un-uuid',
      creative_brief: 'x'.repeat(5_001),
    });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe(BRIEF_MESSAGES.wizardRequired);
    expect(response.body.fields).toEqual({
      email: 'Veuillez saisir une adresse e-mail valide.',
      video_type: 'Type de vidéo inconnu.',
      objective: 'Choix invalide pour « Objectif ».',
      final_duration: 'La durée finale doit être d’au moins 0,5 minute.',
      total_rush_duration: 'La durée des rushs doit être supérieure à 0.',
      number_of_files: 'Choix invalide pour « Nombre de fichiers ».',
      rush_quality: 'Choix invalide pour « Qualité des rushs ».',
      visual_complexity: 'Choix invalide pour « Complexité visuelle ».',
      editing_style: 'Choix invalide pour « Style de montage ».',
      'delivery_formats.0': 'Choix invalide pour « Formats de livraison ».',
      deadline: 'Choix invalide pour « Délai ».',
      language: 'Choix invalide pour « Langue ».',
      currency: 'Choix invalide pour « Devise ».',
      needs_subtitles: '« Sous-titres » doit valoir vrai ou faux.',
      subtitle_type: 'Choix invalide pour « Type de sous-titres ».',
      'file_links.0': 'Chaque lien doit être une adresse web complète (https://…).',
      upload_session_id: 'Session de téléversement invalide.',
      creative_brief: '« Brief créatif » ne peut pas dépasser 5000 caractères.',
    });
  });

  test('wizard: final duration by steps of 0.5 and an unknown upload session', async () => {
    const steps = await submit(wizardPayload({ final_duration: 1.2 }));
    expect(steps).toEqual({
      status: 400,
      body: {
        error: BRIEF_MESSAGES.wizardRequired,
        fields: { final_duration: 'La durée finale se choisit par pas de 0,5 minute.' },
      },
    });
    const session = await submit(wizardPayload({ upload_session_id: randomUUID() }));
    expect(session).toEqual({
      status: 400,
      body: {
        error: 'Certains champs sont invalides.',
        fields: { upload_session_id: 'Session de téléversement introuvable.' },
      },
    });
  });

  test('an upload session joins the brief only with its secret', async () => {
    const opened = await fetch(`${baseUrl}/api/uploads/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ area: 'wizard' }),
    });
    const { sessionId, secret } = (await opened.json()) as { sessionId: string; secret: string };
    const stranger = await submit(wizardPayload({ upload_session_id: sessionId }), {
      'X-Upload-Session': 'not-the-secret',
    });
    expect(stranger).toEqual({
      status: 400,
      body: {
        error: 'Certains champs sont invalides.',
        fields: { upload_session_id: 'Session de téléversement introuvable.' },
      },
    });
    const holder = await submit(wizardPayload({ upload_session_id: sessionId }), { 'X-Upload-Session': secret });
    expect(holder.status).toBe(201);
  });

  test('full form: required fields and rights', async () => {
    expect(await submit({ clientEmail: '', projectName: '  ', totalRushDurationProvided: 10 })).toEqual({
      status: 400,
      body: {
        error: BRIEF_MESSAGES.fullRequired,
        fields: {
          clientEmail: 'L’adresse e-mail est obligatoire.',
          projectName: 'Le nom du projet est obligatoire.',
          confirmRushesRights: 'Vous devez confirmer disposer des droits d’utilisation des fichiers fournis.',
          confirmMusicRights: 'Vous devez confirmer que la musique est libre de droits ou sous licence.',
        },
      },
    });
  });

  test('full form: the rush duration', async () => {
    for (const totalRushDurationProvided of [undefined, '', 0, -1, 'abc']) {
      expect(await submit(fullPayload({ totalRushDurationProvided }))).toEqual({
        status: 400,
        body: {
          error: BRIEF_MESSAGES.rushDuration,
          fields: { totalRushDurationProvided: BRIEF_MESSAGES.rushDuration },
        },
      });
    }
  });

  test('full form: a delivery date before the working-day minimum names N and the first possible date', async () => {
    const today = todayIn();
    const payload = fullPayload({
      serviceCategory: 'vfx',
      visualComplexity: 'cinematic',
      specialFeatures: [],
      desiredDeliveryDate: addWorkingDays(today, 3),
    });
    const minimum = minimumWorkingDays('vfx', 'cinematic');
    const message = deliveryDateMessage(
      minimum,
      earliestDeliveryDate({ serviceCategory: 'vfx', visualComplexity: 'cinematic', today }),
    );
    expect(message).toContain(`${minimum} jours ouvrés`);
    expect(await submit(payload)).toEqual({
      status: 400,
      body: { error: `${BRIEF_MESSAGES.deliveryDateTitle} : ${message}`, fields: { desiredDeliveryDate: message } },
    });
    const notADate = await submit(fullPayload({ desiredDeliveryDate: '2026-02-30' }));
    expect(notADate.body.fields).toEqual({ desiredDeliveryDate: 'La date de livraison doit être une date valide.' });
  });

  test('full form: lists, versions and links', async () => {
    const response = await submit(
      fullPayload({
        videoTypes: ['Mariage'],
        technicalRequirements: 'Stabilisation',
        numberOfVersions: 0,
        referenceVideos: ['a', 'b', 'c', 'd'],
        musicOption: 'piratée',
        serviceCategory: 'cinéma',
      }),
    );
    expect(response).toEqual({
      status: 400,
      body: {
        error: 'Certains champs sont invalides.',
        fields: {
          'videoTypes.0': 'Choix invalide pour « Types de vidéo ».',
          technicalRequirements: '« Compétences techniques » doit être une liste.',
          numberOfVersions: 'Il faut au moins 1 version.',
          referenceVideos: 'Au plus 3 vidéos de référence.',
          musicOption: 'Choix invalide pour « Musique ».',
          serviceCategory: 'Choix invalide pour « Catégorie de service ».',
        },
      },
    });
  });

  test('a malformed Idempotency-Key header', async () => {
    expect(await submit(wizardPayload(), { 'Idempotency-Key': 'x'.repeat(201) })).toEqual({
      status: 400,
      body: {
        error: 'En-tête Idempotency-Key invalide.',
        fields: { 'Idempotency-Key': 'Une clé de 1 à 200 caractères visibles est attendue.' },
      },
    });
  });
});

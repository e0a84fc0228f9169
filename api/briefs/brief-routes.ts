import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import { UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import type { Context } from 'koa';
import { quoteFullFormBrief, quoteWizardBrief, type BriefQuote } from '../../domain/brief-estimate';
import { todayIn } from '../../domain/delivery';
import { MESSAGES } from '../../domain/messages';
import { EXPRESS_DISABLED_MESSAGE } from '../../domain/settings';
import { readSettings } from '../../db/settings';
import {
  briefAddressConfirmationSchema,
  briefErrorSummary,
  briefFunnelOf,
  createFullBriefSchema,
  wizardBriefSchema,
  type FullBrief,
  type WizardBrief,
} from '../../domain/schemas/brief';
import { UPLOAD_SESSION_HEADER } from '../../domain/uploads';
import { Brief, UploadedFile, type BriefAnalysis, type BriefUploadedFile } from '../../db/entities';
import { confirmationTokenHash } from '../../db/confirmation-token';
import { BRIEF_ADDRESS_MESSAGES, type BriefAddressConfirmed } from '../../domain/address-confirmation';
import type { UploadService } from '../uploads/upload-service';
import { HttpError } from '../lib/http-error';
import { fieldErrors } from '../lib/validation';
import type { AuthState } from '../middleware/auth';
import type { BriefWorkflowClient } from './brief-workflow-client';

export interface BriefRouteDeps {
  em: () => EntityManager;
  workflows: BriefWorkflowClient;
  uploads: Pick<UploadService, 'openSessionForBrief'>;
  /** The agency's calendar day (YYYY-MM-DD) for the delivery-date rule; Paris by default. */
  today?: () => string;
}

const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
const IDEMPOTENCY_KEY_MAX = 200;

type BriefData = Partial<Brief> & Pick<Brief, 'funnel' | 'email'>;

/** `Idempotency-Key`: optional; when present, 1 to 200 visible characters. */
function idempotencyKeyOf(ctx: Context): string | null {
  const raw = ctx.get(IDEMPOTENCY_KEY_HEADER);
  if (!raw) return null;
  const key = raw.trim();
  if (key.length === 0 || key.length > IDEMPOTENCY_KEY_MAX || !/^[\x21-\x7e]+$/.test(key)) {
    throw new HttpError(400, 'En-tête Idempotency-Key invalide.', {
      [IDEMPOTENCY_KEY_HEADER]: `Une clé de 1 à ${IDEMPOTENCY_KEY_MAX} caractères visibles est attendue.`,
    });
  }
  return key;
}

/** Parses with the funnel's shared schema; refused input is a 400 with the form's own message. */
function parseBrief(
  body: unknown,
  today: string,
): { funnel: 'wizard'; brief: WizardBrief } | { funnel: 'full'; brief: FullBrief } {
  const funnel = briefFunnelOf(body);
  const result = funnel === 'wizard' ? wizardBriefSchema.safeParse(body) : createFullBriefSchema(today).safeParse(body);
  if (!result.success) {
    const fields = fieldErrors(result.error);
    throw new HttpError(400, briefErrorSummary(funnel, fields, MESSAGES.invalidInput), fields);
  }
  return funnel === 'wizard'
    ? { funnel, brief: result.data as WizardBrief }
    : { funnel, brief: result.data as FullBrief };
}

const cents = (amount: number | undefined) => (amount === undefined ? null : Math.round(amount * 100));
const hundredths = (value: number) => Math.round(value * 100) / 100;

/** The server's estimate, frozen on the brief: what the payment will charge. */
function estimateColumns(quote: BriefQuote): Partial<Brief> {
  return {
    serviceCategory: quote.estimate.serviceCategory,
    currency: quote.estimate.currency === 'usd' ? 'USD' : 'EUR',
    estimatedHours: hundredths(quote.estimate.hours),
    estimatedDeliveryDays: quote.deliveryDays,
    priceCents: quote.priceCents,
    offerPriceCents: quote.offerPriceCents,
  };
}

function wizardColumns(brief: WizardBrief): BriefData {
  return {
    funnel: 'wizard',
    email: brief.email,
    videoType: brief.video_type,
    videoTypeCustom: brief.video_type === 'autre' ? (brief.video_type_custom ?? null) : null,
    objective: brief.objective ?? null,
    objectiveCustom: brief.objective === 'autre' ? (brief.objective_custom ?? null) : null,
    finalDurationMinutes: brief.final_duration,
    totalRushDurationMinutes: brief.total_rush_duration ?? null,
    numberOfFiles: brief.number_of_files ?? null,
    rushContent: brief.rush_content ?? null,
    rushQuality: brief.rush_quality ?? null,
    visualComplexity: brief.visual_complexity,
    editingStyle: brief.editing_style ?? null,
    customEditingStyle: brief.editing_style === 'sur_mesure' ? (brief.custom_editing_style ?? null) : null,
    deliveryFormats: brief.delivery_formats,
    deadline: brief.deadline,
    expressDelivery: brief.deadline === 'express',
    creativeBrief: brief.creative_brief ?? null,
    constraints: brief.constraints ?? null,
    language: brief.language,
    needsSubtitles: brief.needs_subtitles,
    subtitleType: brief.needs_subtitles ? brief.subtitle_type : null,
    fileLinks: brief.file_links,
    declaredEstimatedHours: brief.estimated_editing_hours ?? null,
    declaredTotalPriceCents: cents(brief.total_price),
    ...estimateColumns(quoteWizardBrief(brief)),
  };
}

function fullFormColumns(brief: FullBrief): BriefData {
  return {
    funnel: 'full',
    email: brief.clientEmail,
    projectName: brief.projectName,
    videoTypes: brief.videoTypes,
    videoTypeCustom: brief.videoTypes.includes('Autre') ? (brief.videoTypeCustom ?? null) : null,
    videoType: brief.videoType ?? null,
    objective: brief.mainObjective ?? null,
    objectiveCustom: brief.mainObjective === 'autre' ? (brief.objectiveCustom ?? null) : null,
    targetAudience: brief.targetAudience ?? null,
    visualComplexity: brief.visualComplexity,
    technicalRequirements: brief.technicalRequirements,
    specialFeatures: brief.specialFeatures,
    rushTypes: brief.rushTypes,
    totalRushDurationMinutes: brief.totalRushDurationProvided,
    rushQuality: brief.rushQuality ?? null,
    downloadLink: brief.downloadLink ?? null,
    additionalFiles: brief.additionalFiles ?? null,
    desiredFinalDuration: brief.desiredFinalDuration ?? null,
    outputFormat: brief.outputFormat ?? null,
    resolution: brief.resolution ?? null,
    aspectRatio: brief.aspectRatio ?? null,
    maxFileSize: brief.maxFileSize ?? null,
    distributionPlatforms: brief.distributionPlatforms,
    visualStyle: brief.visualStyle ?? null,
    rhythm: brief.rhythm ?? null,
    referenceVideos: brief.referenceVideos,
    colorPaletteAmbiance: brief.colorPaletteAmbiance ?? null,
    musicOption: brief.musicOption ?? null,
    mainLanguage: brief.mainLanguageBrief ?? null,
    language: brief.language ?? null,
    needsSubtitles: brief.subtitlesNeeded,
    subtitlesLanguage: brief.subtitlesNeeded ? (brief.subtitlesLanguage ?? null) : null,
    subtitleType: brief.subtitlesOption ?? null,
    voiceoverNeeded: brief.voiceoverNeeded,
    voiceoverLanguage: brief.voiceoverNeeded ? (brief.voiceoverLanguage ?? null) : null,
    voiceoverProvided: brief.voiceoverNeeded && brief.voiceoverProvided,
    desiredDeliveryDate: brief.desiredDeliveryDate ?? null,
    numberOfVersions: brief.numberOfVersions,
    expectedDeliverables: brief.expectedDeliverables,
    confirmRushesRights: brief.confirmRushesRights,
    confirmMusicRights: brief.confirmMusicRights,
    youtubeType: brief.youtubeType ?? null,
    videoDuration: brief.videoDuration ?? null,
    expressDelivery: brief.expressDelivery,
    sourceFiles: brief.sourceFiles ?? null,
    deliveryDestination: brief.deliveryDestination ?? null,
    additionalNotes: brief.additionalNotes ?? null,
    declaredTotalPriceCents: cents(brief.pricingEstimate),
    ...estimateColumns(quoteFullFormBrief(brief)),
  };
}

/**
 * The rushes of the brief's upload session, copied onto the brief with their analysis: the
 * browser names the session, never file URLs, and proves it holds the session with its secret
 * (header X-Upload-Session); a session of another signed-in user is refused.
 */
async function uploadColumns(
  em: EntityManager,
  uploads: BriefRouteDeps['uploads'],
  sessionId: string | undefined,
  secret: string | undefined,
  userId: string | undefined,
): Promise<Partial<Brief>> {
  if (!sessionId) return {};
  let session;
  try {
    session = await uploads.openSessionForBrief(em, sessionId, secret, { userId: userId ?? null });
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    throw new HttpError(400, MESSAGES.invalidInput, { upload_session_id: 'Session de téléversement introuvable.' });
  }
  const files = await em.find(
    UploadedFile,
    { session: sessionId, status: 'completed' },
    { orderBy: { createdAt: 'asc' } },
  );
  const uploadedFiles: BriefUploadedFile[] = files.map((file) => ({
    bucket: file.bucket,
    key: file.storageKey,
    name: file.name,
    size: file.size,
    type: file.mimeType,
    duration: file.durationSeconds == null ? null : Math.round((file.durationSeconds / 60) * 100) / 100,
  }));
  return { uploadedFiles, analysis: (session.analysis as BriefAnalysis | null) ?? null };
}

/**
 * `POST /api/briefs`: either funnel's payload (wizard snake_case, full form camelCase), signed in
 * or not. The server validates with the shared schemas, recomputes the estimate (the browser's
 * prices are only recorded), stores the brief `pending_payment`, then starts BriefWorkflow.
 */
export function briefRoutes(deps: BriefRouteDeps): Router {
  const router = new Router();
  const today = deps.today ?? (() => todayIn());

  router.post('/api/briefs', async (ctx) => {
    const idempotencyKey = idempotencyKeyOf(ctx);
    const em = deps.em();

    /** The brief, and whether its address still waits for the receipt's link (the page says so). */
    const answer = async ({ id, addressConfirmedAt }: Pick<Brief, 'id' | 'addressConfirmedAt'>) => {
      await deps.workflows.start(id);
      ctx.status = 201;
      ctx.body = { briefId: id, addressConfirmationNeeded: !addressConfirmedAt };
    };

    if (idempotencyKey) {
      const earlier = await em.findOne(Brief, { idempotencyKey }, { fields: ['id', 'addressConfirmedAt'] });
      if (earlier) return answer(earlier);
    }

    const parsed = parseBrief(ctx.request.body, today());
    const express = parsed.funnel === 'wizard' ? parsed.brief.deadline === 'express' : parsed.brief.expressDelivery;
    if (express && !(await readSettings(em)).expressEnabled) {
      const field = parsed.funnel === 'wizard' ? 'deadline' : 'expressDelivery';
      throw new HttpError(400, EXPRESS_DISABLED_MESSAGE, { [field]: EXPRESS_DISABLED_MESSAGE });
    }
    const user = (ctx.state as AuthState).user;
    const sessionId = parsed.funnel === 'wizard' ? parsed.brief.upload_session_id : parsed.brief.uploadSessionId;
    const columns = parsed.funnel === 'wizard' ? wizardColumns(parsed.brief) : fullFormColumns(parsed.brief);
    const brief = em.create(Brief, {
      ...columns,
      ...(await uploadColumns(em, deps.uploads, sessionId, ctx.get(UPLOAD_SESSION_HEADER) || undefined, user?.id)),
      status: 'pending_payment',
      clientId: user?.id ?? null,
      // A signed-in account's verified address needs no link; any other typed one is confirmed by the receipt's.
      addressConfirmedAt: user?.emailVerified && user.email.toLowerCase() === columns.email ? new Date() : null,
      idempotencyKey,
      submittedPayload: parsed.brief as Record<string, unknown>,
    });
    try {
      await em.flush();
    } catch (error) {
      // Two identical submits raced: the first one's brief is the answer to both.
      if (!(idempotencyKey && error instanceof UniqueConstraintViolationException)) throw error;
      const winner = await deps.em().findOneOrFail(Brief, { idempotencyKey }, { fields: ['id', 'addressConfirmedAt'] });
      return answer(winner);
    }
    return answer(brief);
  });

  /**
   * The receipt's link: the typed address is confirmed, and the brief's workflow, told so, may send
   * the payment reminders it held. A second click answers as the first.
   */
  router.post('/api/briefs/address-confirmation', async (ctx) => {
    const parsed = briefAddressConfirmationSchema.safeParse(ctx.request.body);
    if (!parsed.success) throw new HttpError(400, BRIEF_ADDRESS_MESSAGES.linkInvalid, fieldErrors(parsed.error));
    const em = deps.em();
    const brief = await em.findOne(Brief, { addressConfirmationTokenHash: confirmationTokenHash(parsed.data.token) });
    if (!brief) throw new HttpError(404, BRIEF_ADDRESS_MESSAGES.linkInvalid);
    if (!brief.addressConfirmedAt) {
      brief.addressConfirmedAt = new Date();
      await em.flush();
    }
    await deps.workflows.confirmAddress(brief.id);
    ctx.set('Cache-Control', 'no-store');
    const answer: BriefAddressConfirmed = { briefId: brief.id };
    ctx.body = answer;
  });

  return router;
}

import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { BRIEF_FUNNELS, BRIEF_STATUSES, CURRENCIES } from '../../domain/enums';
import { check, createdAt, minutes, sqlIndex, textList, timestamp, updatedAt, userId, uuidPk } from './columns';

/** One uploaded rush attached to a brief before payment (001 §3.3, §7 storage uploads). */
export interface BriefUploadedFile {
  bucket: string;
  key: string;
  name: string;
  size: number;
  type: string;
  /** Minutes, from the duration analysis. */
  duration?: number | null;
}

/** Duration analysis of the brief's rushes (001 §3.4). */
export interface BriefAnalysis {
  totalRushDuration: number;
  totalRushDurationMinutes: number;
  fileCount: number;
  averageFileSize: number;
  estimatedComplexity: string;
  recommendations: string[];
  fileAnalyses: { name?: string; durationSeconds: number }[];
}

/**
 * A submitted brief, from either funnel (001 §3.1 full form, §3.2 wizard). Both payloads map onto
 * these columns: the wizard's snake_case names and the form's camelCase names are noted beside
 * each property where they differ. Prices are the server's estimate, never the browser's.
 */
export const Brief = defineEntity({
  name: 'Brief',
  tableName: 'briefs',
  properties: {
    id: uuidPk(),
    funnel: p.enum([...BRIEF_FUNNELS]),
    status: p.enum([...BRIEF_STATUSES]).default('pending_payment'),
    /** Keycloak user id when submitted signed in; null for an anonymous brief. */
    clientId: userId().nullable(),
    /** wizard `email`, form `clientEmail`; stored lower-cased. */
    email: p.text(),

    // — project information (form §1, wizard section 1)
    /** form `projectName`. */
    projectName: p.text().nullable(),
    /** wizard `video_type`, form legacy `videoType`. */
    videoType: p.text().nullable(),
    /** wizard `video_type_custom` (type 'autre'). */
    videoTypeCustom: p.text().nullable(),
    /** form `videoTypes`. */
    videoTypes: textList(),
    /** wizard `objective`, form `mainObjective`. */
    objective: p.text().nullable(),
    /** wizard `objective_custom` (objective 'autre'). */
    objectiveCustom: p.text().nullable(),
    targetAudience: p.text().nullable(),

    // — service category and complexity (form §1.5, wizard section 3)
    serviceCategory: p.text().nullable(),
    /** wizard `visual_complexity`, form `visualComplexity`. */
    visualComplexity: p.text().nullable(),
    technicalRequirements: textList(),
    specialFeatures: textList(),

    // — content provided (form §2, wizard section 2)
    rushTypes: textList(),
    /** wizard `total_rush_duration`, form `totalRushDurationProvided` (minutes). */
    totalRushDurationMinutes: minutes().nullable(),
    /** wizard `final_duration` (minutes, step 0.5). */
    finalDurationMinutes: minutes().nullable(),
    /** form `desiredFinalDuration` (free text). */
    desiredFinalDuration: p.text().nullable(),
    /** wizard `number_of_files`: '1-5', '6-10', '11-20', '>20'. */
    numberOfFiles: p.text().nullable(),
    /** wizard `rush_content`. */
    rushContent: p.text().nullable(),
    /** wizard `rush_quality`, form `rushQuality`. */
    rushQuality: p.text().nullable(),
    downloadLink: p.text().nullable(),
    /** form `additionalFiles` (attachments text). */
    additionalFiles: p.text().nullable(),
    /** wizard `file_links`. */
    fileLinks: textList(),
    /** form legacy `sourceFiles`, kept as sent. */
    sourceFiles: p.json<unknown>().nullable(),
    uploadedFiles: p
      .json<BriefUploadedFile[]>()
      .defaultRaw(`'[]'`)
      .onCreate(() => []),
    analysis: p.json<BriefAnalysis>().nullable(),

    // — technical constraints (form §3)
    outputFormat: p.text().nullable(),
    resolution: p.text().nullable(),
    aspectRatio: p.text().nullable(),
    maxFileSize: p.text().nullable(),
    distributionPlatforms: textList(),

    // — style (form §4, wizard section 3)
    visualStyle: p.text().nullable(),
    rhythm: p.text().nullable(),
    referenceVideos: textList(),
    colorPaletteAmbiance: p.text().nullable(),
    musicOption: p.text().nullable(),
    /** wizard `editing_style`. */
    editingStyle: p.text().nullable(),
    /** wizard `custom_editing_style`. */
    customEditingStyle: p.text().nullable(),

    // — formats, deadline and instructions (wizard sections 4–5)
    /** wizard `delivery_formats` (sent comma-joined, stored as a list). */
    deliveryFormats: textList(),
    /** wizard `deadline`: express, standard, extended, flexible. */
    deadline: p.text().nullable(),
    /** wizard `creative_brief`. */
    creativeBrief: p.text().nullable(),
    constraints: p.text().nullable(),

    // — languages and texts (form §5, wizard bottom bar)
    /** wizard `language` (fr, en, es), form legacy `language`. */
    language: p.text().nullable(),
    /** form `mainLanguageBrief`: the video's main language. */
    mainLanguage: p.text().nullable(),
    /** wizard `needs_subtitles`, form `subtitlesNeeded`. */
    needsSubtitles: p.boolean().default(false),
    /** wizard `subtitle_type`, form legacy `subtitlesOption` (none, occasional, full). */
    subtitleType: p.text().nullable(),
    subtitlesLanguage: p.text().nullable(),
    voiceoverNeeded: p.boolean().default(false),
    voiceoverLanguage: p.text().nullable(),
    voiceoverProvided: p.boolean().default(false),

    // — deadlines, deliverables and rights (form §6–7)
    /** form `desiredDeliveryDate` (calendar date, YYYY-MM-DD). */
    desiredDeliveryDate: p.date().nullable(),
    numberOfVersions: p.integer().default(1),
    expectedDeliverables: textList(),
    confirmRushesRights: p.boolean().default(false),
    confirmMusicRights: p.boolean().default(false),

    // — form legacy fields
    youtubeType: p.text().nullable(),
    videoDuration: p.text().nullable(),
    expressDelivery: p.boolean().default(false),
    deliveryDestination: p.text().nullable(),
    additionalNotes: p.text().nullable(),

    // — what the browser showed (wizard `estimated_editing_hours`, `total_price`; form
    //   `pricingEstimate`), kept for support only: the server's estimate below is what is charged
    declaredEstimatedHours: p.decimal('number').precision(10).scale(2).nullable(),
    /** In cents of `currency`. */
    declaredTotalPriceCents: p.integer().nullable(),

    // — the server's estimate, frozen at submission
    /** ISO 4217 upper-case (wizard/form send `eur` / `usd`). */
    currency: p.enum([...CURRENCIES]).default('EUR'),
    estimatedHours: p.decimal('number').precision(8).scale(2).nullable(),
    estimatedDeliveryDays: p.integer().nullable(),
    /** Full price, in cents of `currency`. */
    priceCents: p.integer().nullable(),
    /** Price with the launch offer (-30 %), in cents of `currency`. */
    offerPriceCents: p.integer().nullable(),
    launchOfferApplied: p.boolean().default(false),

    // — payment
    stripeCheckoutSessionId: p.text().nullable().unique('briefs_stripe_checkout_session_id_unique'),
    stripePaymentIntentId: p.text().nullable(),
    /** Amount actually paid, in cents of `currency` (from the verified webhook). */
    amountPaidCents: p.integer().nullable(),
    paidAt: timestamp(),
    expiresAt: timestamp(),
    /**
     * When the address was confirmed: at once for a signed-in account's verified address, else by
     * the receipt's link. Until then no reminder is sent to it.
     */
    addressConfirmedAt: timestamp(),
    /** SHA-256 of the receipt link's token (the token itself is only in the e-mail). */
    addressConfirmationTokenHash: p.text().nullable().unique('briefs_address_confirmation_token_hash_unique'),
    /** Client-supplied key making submit-brief idempotent. */
    idempotencyKey: p.text().nullable().unique('briefs_idempotency_key_unique'),
    /** The payload as received, after validation. */
    submittedPayload: p
      .json<Record<string, unknown>>()
      .defaultRaw(`'{}'`)
      .onCreate(() => ({})),

    /**
     * Set on the brief a /test run creates (its run id) and removed with it: real assignments,
     * lists and dashboards never see such rows, and the run's assignment sees only its own.
     */
    systemTestRun: p.uuid().nullable(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  checks: [
    check('briefs', 'number_of_versions', 'number_of_versions >= 1'),
    check('briefs', 'price_cents', 'price_cents >= 0'),
    check('briefs', 'offer_price_cents', 'offer_price_cents >= 0'),
    check('briefs', 'amount_paid_cents', 'amount_paid_cents >= 0'),
  ],
  indexes: [
    sqlIndex('briefs', 'briefs_email_created_at_index', '"email", "created_at" desc'),
    sqlIndex(
      'briefs',
      'briefs_client_id_created_at_index',
      '"client_id", "created_at" desc',
      '"client_id" is not null',
    ),
    sqlIndex('briefs', 'briefs_pending_created_at_index', '"created_at"', `"status" = 'pending_payment'`),
  ],
});
export type Brief = InferEntity<typeof Brief>;

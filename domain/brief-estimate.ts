/**
 * From a brief (either funnel) to the pricing engine's input. The live side panels and the api
 * both go through these functions and `estimate()`, so the price a client sees while typing is the
 * price the server stores. Inputs are loose (form values may be half-filled, numbers may still be
 * strings): whatever is missing takes the engine's defaults.
 */
import { FEATURE_OF_CHOICE } from './brief-options';
import {
  ESTIMATE_CURRENCIES,
  estimate,
  multicamForFileCount,
  SERVICE_CATEGORIES,
  VISUAL_COMPLEXITIES,
  WIZARD_SUBTITLE_TYPES,
  type Estimate,
  type EstimateCurrency,
  type EstimateInput,
  type Features,
  type ServiceCategory,
  type VisualComplexity,
  type WizardSubtitleType,
} from './pricing';

/** A positive number of minutes from a number or a typed string ('2,5', '3 min'), else undefined. */
export function positiveMinutes(value: unknown): number | undefined {
  const number =
    typeof value === 'number'
      ? value
      : typeof value === 'string'
        ? Number.parseFloat(value.trim().replace(',', '.'))
        : NaN;
  return Number.isFinite(number) && number > 0 ? number : undefined;
}

function oneOf<T extends string>(list: readonly T[], value: unknown, fallback: T): T {
  return typeof value === 'string' && (list as readonly string[]).includes(value) ? (value as T) : fallback;
}

function currencyOf(value: unknown): EstimateCurrency {
  return oneOf(ESTIMATE_CURRENCIES, typeof value === 'string' ? value.toLowerCase() : value, 'eur');
}

/** The wizard fields the price depends on (001 §3.2 names). */
export interface WizardPricingFields {
  visual_complexity?: string | null;
  final_duration?: number | string | null;
  total_rush_duration?: number | string | null;
  number_of_files?: string | null;
  delivery_formats?: readonly string[] | string | null;
  deadline?: string | null;
  needs_subtitles?: boolean | null;
  subtitle_type?: string | null;
  currency?: string | null;
}

/** Comma-joined (as the wizard sends them, 001 §3.2) or already a list. */
export function formatList(value: readonly string[] | string | null | undefined): string[] {
  if (!value) return [];
  const list = typeof value === 'string' ? value.split(',') : value;
  return list.map((item) => item.trim()).filter(Boolean);
}

/**
 * The wizard (001 §9.4): hours × rate from the durations and the visual complexity, multi-cam for
 * 11 files or more; then the side panel's flat lines: +5 per format beyond the first, +10 for the
 * 48h deadline, +15 full subtitles or +8 key points. The client pays 70 % of the total.
 */
function wizardEstimateInput(fields: WizardPricingFields): EstimateInput {
  const subtitles: WizardSubtitleType = fields.needs_subtitles
    ? oneOf(WIZARD_SUBTITLE_TYPES, fields.subtitle_type, 'full')
    : 'none';
  return {
    visualComplexity: oneOf(VISUAL_COMPLEXITIES, fields.visual_complexity, 'professional'),
    finalMinutes: positiveMinutes(fields.final_duration),
    rushMinutes: positiveMinutes(fields.total_rush_duration),
    currency: currencyOf(fields.currency),
    features: { multicam: multicamForFileCount(fields.number_of_files ?? '') },
    flatExtras: {
      extraFormats: Math.max(0, formatList(fields.delivery_formats).length - 1),
      express48h: fields.deadline === 'express',
      subtitles,
    },
  };
}

/** The full-form fields the price depends on (001 §3.1 names). */
export interface FullFormPricingFields {
  serviceCategory?: string | null;
  visualComplexity?: string | null;
  technicalRequirements?: readonly string[] | null;
  specialFeatures?: readonly string[] | null;
  totalRushDurationProvided?: number | string | null;
  desiredFinalDuration?: string | number | null;
  subtitlesNeeded?: boolean | null;
  subtitlesOption?: string | null;
  voiceoverNeeded?: boolean | null;
  voiceoverProvided?: boolean | null;
  expressDelivery?: boolean | null;
  currency?: string | null;
}

/** The engine's options from the form's choices (001 §9.2 "Feature flags come from the form choices"). */
function fullFormFeatures(fields: FullFormPricingFields): Features {
  const features: Features = {};
  for (const choice of [...(fields.specialFeatures ?? []), ...(fields.technicalRequirements ?? [])]) {
    const feature = FEATURE_OF_CHOICE[choice];
    if (feature) features[feature] = true;
  }
  if (fields.subtitlesNeeded || fields.subtitlesOption === 'full' || fields.subtitlesOption === 'occasional') {
    features.subtitles = true;
  }
  // A voice-over the client already recorded costs no production time.
  if (fields.voiceoverNeeded && !fields.voiceoverProvided) features.voiceover = true;
  return features;
}

/**
 * The full form (001 §2.1, §4.4, §9.2): a chosen category card is used as is; without one the
 * engine derives the category from the features. The desired final duration is free text: its
 * first number is read as minutes ('3 min' → 3), else the engine's 5-minute default applies.
 */
export function fullFormEstimateInput(fields: FullFormPricingFields): EstimateInput {
  const chosen = fields.serviceCategory;
  return {
    serviceCategory: (SERVICE_CATEGORIES as readonly string[]).includes(chosen ?? '')
      ? (chosen as ServiceCategory)
      : undefined,
    visualComplexity: oneOf<VisualComplexity>(VISUAL_COMPLEXITIES, fields.visualComplexity, 'professional'),
    rushMinutes: positiveMinutes(fields.totalRushDurationProvided),
    finalMinutes: positiveMinutes(fields.desiredFinalDuration),
    currency: currencyOf(fields.currency),
    features: fullFormFeatures(fields),
    express: fields.expressDelivery === true,
  };
}

/** What a brief's estimate amounts to, as shown in the panels and frozen on the brief. */
export interface BriefQuote {
  estimate: Estimate;
  /**
   * Working days promised: the express promise for an express brief where express is offered (the
   * schemas refuse it elsewhere), else the standard promise; never under the category minimum.
   */
  deliveryDays: number;
  /** Full price (express and extras included), in cents. */
  priceCents: number;
  /** What the client pays with the launch offer (70 %), in cents. */
  offerPriceCents: number;
  /** Cents saved by the offer; the savings line shows only when this is above 0 (001 §2.2). */
  savingsCents: number;
}

function quoteOf(result: Estimate, expressDeadline: boolean): BriefQuote {
  return {
    estimate: result,
    deliveryDays: (expressDeadline ? result.expressDeliveryWorkingDays : null) ?? result.deliveryWorkingDays,
    priceCents: result.totalPriceCents,
    offerPriceCents: result.totalOfferPriceCents,
    savingsCents: result.totalPriceCents - result.totalOfferPriceCents,
  };
}

export function quoteWizardBrief(fields: WizardPricingFields): BriefQuote {
  return quoteOf(estimate(wizardEstimateInput(fields)), fields.deadline === 'express');
}

export function quoteFullFormBrief(fields: FullFormPricingFields): BriefQuote {
  return quoteOf(estimate(fullFormEstimateInput(fields)), fields.expressDelivery === true);
}

/** An amount in cents as the client reads it: '1 234,50 €' / '$1,234.50'. */
export function formatMoney(cents: number, currency: string, language: 'fr' | 'en' = 'fr'): string {
  return new Intl.NumberFormat(language === 'en' ? 'en-US' : 'fr-FR', {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: cents % 100 === 0 ? 0 : 2,
  }).format(cents / 100);
}

/**
 * The pricing and time engine (spec 001 §9.2–9.5, §4.4, §3.5; DESIGN "Prices"). Pure and
 * synchronous: the browser calls it on every keystroke for the live panels, the api calls it to
 * decide what is charged. There is no second price formula anywhere: funnels, simulator and
 * checkout all go through `estimate()`. Formulas with a worked example: docs/pricing.md.
 */

export const SERVICE_CATEGORIES = ['classic', 'motion', 'specialty', 'animation3d', 'vfx'] as const;
export type ServiceCategory = (typeof SERVICE_CATEGORIES)[number];

export const VISUAL_COMPLEXITIES = ['professional', 'premium', 'expert', 'cinematic'] as const;
export type VisualComplexity = (typeof VISUAL_COMPLEXITIES)[number];

export const ESTIMATE_CURRENCIES = ['eur', 'usd'] as const;
export type EstimateCurrency = (typeof ESTIMATE_CURRENCIES)[number];

/** Options that multiply the time (§9.2). Corrections are not listed: they are always on. */
export const FEATURES = [
  'subtitles',
  'voiceover',
  'colorGrading',
  'multicam',
  'template',
  'soundDesign',
  'customGraphics',
  'advancedEffects',
  'professionalGrading',
  'motionDesign',
  'animation3d',
  'vfx',
] as const;
export type Feature = (typeof FEATURES)[number];

/** French names of the options: the api's messages and the simulator's labels read the same list. */
export const FEATURE_LABELS: Record<Feature, string> = {
  subtitles: 'Sous-titres',
  voiceover: 'Voix-off',
  colorGrading: 'Étalonnage avancé',
  multicam: 'Multi-caméras',
  template: 'Rushs de qualité / template',
  soundDesign: 'Design sonore',
  customGraphics: 'Graphismes personnalisés',
  advancedEffects: 'Effets avancés',
  professionalGrading: 'Étalonnage professionnel',
  motionDesign: 'Motion design',
  animation3d: 'Animation 3D',
  vfx: 'VFX / compositing',
};
export type Features = Partial<Record<Feature, boolean>>;

export interface ServiceCategoryDefinition {
  /** French name shown to clients (§3.5). */
  name: string;
  /** Base services are the everyday offer; premium ones are the specialised studios (/pricing). */
  tier: 'base' | 'premium';
  hourlyRates: Record<EstimateCurrency, number>;
  complexityMultiplier: number;
  timeMultiplier: number;
  /** The time floor is `final minutes / timeFloorDivisor` hours (§9.2). */
  timeFloorDivisor: number;
  /** Working days before any delivery, before the complexity factor (§9.3 table). */
  minimumDeliveryDays: number;
  /** Usual delivery in working days for a 5-minute film, before scaling (§9.3 table). */
  standardDeliveryDays: number;
  /** The option a category switches on when chosen (§4.4); its multiplier then does not apply. */
  includedFeature?: Feature;
}

export const SERVICE_CATEGORY_TABLE: Record<ServiceCategory, ServiceCategoryDefinition> = {
  classic: {
    name: 'Montage Professionnel',
    tier: 'base',
    hourlyRates: { eur: 27, usd: 32 },
    complexityMultiplier: 1,
    timeMultiplier: 1,
    timeFloorDivisor: 4.5,
    minimumDeliveryDays: 2,
    standardDeliveryDays: 5,
  },
  motion: {
    name: 'Motion Design & Animation 2D',
    tier: 'base',
    hourlyRates: { eur: 45, usd: 54 },
    complexityMultiplier: 1.5,
    timeMultiplier: 2,
    timeFloorDivisor: 3,
    minimumDeliveryDays: 5,
    standardDeliveryDays: 10,
    includedFeature: 'motionDesign',
  },
  specialty: {
    name: 'Production Premium',
    tier: 'premium',
    hourlyRates: { eur: 60, usd: 72 },
    complexityMultiplier: 2,
    timeMultiplier: 2.5,
    timeFloorDivisor: 2.5,
    minimumDeliveryDays: 7,
    standardDeliveryDays: 14,
  },
  animation3d: {
    name: 'Animation 3D & Modélisation',
    tier: 'premium',
    hourlyRates: { eur: 70, usd: 84 },
    complexityMultiplier: 2.5,
    timeMultiplier: 4,
    timeFloorDivisor: 1.5,
    minimumDeliveryDays: 10,
    standardDeliveryDays: 21,
    includedFeature: 'animation3d',
  },
  vfx: {
    name: 'VFX & Post-Production Avancée',
    tier: 'premium',
    hourlyRates: { eur: 85, usd: 102 },
    complexityMultiplier: 3,
    timeMultiplier: 5,
    timeFloorDivisor: 1,
    minimumDeliveryDays: 14,
    standardDeliveryDays: 30,
    includedFeature: 'vfx',
  },
};

export const VISUAL_COMPLEXITY_FACTORS: Record<VisualComplexity, number> = {
  professional: 1.3,
  premium: 1.6,
  expert: 2,
  cinematic: 2.5,
};

/**
 * Factor on the category's minimum delivery days (§9.3), in tenths so that `ceil` never sees a
 * float such as 7 × 1.6 = 11.200000000000001.
 */
const MINIMUM_DAYS_COMPLEXITY_TENTHS: Record<VisualComplexity, number> = {
  professional: 10,
  premium: 13,
  expert: 16,
  cinematic: 20,
};

export const FEATURE_MULTIPLIERS: Record<Feature, number> = {
  subtitles: 1.15,
  voiceover: 1.1,
  colorGrading: 1.15,
  multicam: 1.25,
  template: 0.8,
  soundDesign: 1.3,
  customGraphics: 1.4,
  advancedEffects: 1.6,
  professionalGrading: 1.25,
  motionDesign: 1.5,
  animation3d: 2.5,
  vfx: 2,
};

/** Corrections are always included (§9.2), so this factor is part of every complexity score. */
export const CORRECTIONS_MULTIPLIER = 1.2;

const TIME_PER_RUSH_MINUTE_HOURS = 0.015;
const TIME_PER_FINAL_MINUTE_HOURS = 0.2;
const DEFAULT_FINAL_MINUTES = 5;
/** Rush duration defaults to this many times the final duration (§9.2). */
const DEFAULT_RUSH_TO_FINAL_RATIO = 6;

const HOURS_CEILING_FACTOR = 1.2;
const ALERT_THRESHOLD_FACTOR = 1.1;
/** A custom quote is recommended above this complexity score (§2.3, §9.5). */
const CUSTOM_QUOTE_SCORE = 2;

/** The launch offer charges 70 % of the price (-30 %, first 10 paying clients). */
export const LAUNCH_OFFER_PERCENT = 70;

/**
 * The wizard's side-panel lines (§9.4), flat amounts in the currency's major unit (5 € or 5 $):
 * the spec gives one figure for both currencies.
 */
const WIZARD_FLAT_EXTRAS = {
  perExtraFormat: 5,
  express48h: 10,
  subtitlesFull: 15,
  subtitlesKeyPoints: 8,
} as const;

export const WIZARD_SUBTITLE_TYPES = ['none', 'full', 'key_points'] as const;
export type WizardSubtitleType = (typeof WIZARD_SUBTITLE_TYPES)[number];

interface FlatExtras {
  /** Delivery formats beyond the first one (horizontal + vertical = 1 extra). */
  extraFormats?: number;
  /** The wizard's '48h' deadline line. */
  express48h?: boolean;
  subtitles?: WizardSubtitleType;
}

export interface EstimateInput {
  /** Derived from the features (§4.4) when absent. */
  serviceCategory?: ServiceCategory;
  visualComplexity: VisualComplexity;
  /** Defaults to 6 × final minutes. */
  rushMinutes?: number;
  /** Defaults to 5. */
  finalMinutes?: number;
  currency: EstimateCurrency;
  features: Features;
  /** Express delivery: the time is multiplied by `expressMultiplier` and the days shortened. */
  express?: boolean;
  /** The wizard's flat lines (§9.4), added to the price before the launch offer. */
  flatExtras?: FlatExtras;
}

export interface Estimate {
  serviceCategory: ServiceCategory;
  /** True when the category came from the features rather than from the input. */
  serviceCategoryDerived: boolean;
  visualComplexity: VisualComplexity;
  currency: EstimateCurrency;
  rushMinutes: number;
  finalMinutes: number;
  /** The options that count, after the category switched its own feature on (§4.4). */
  features: Features;

  /** Time from the durations, before the floor and the complexity score. */
  baseHours: number;
  /** `final / category divisor`. */
  floorHours: number;
  /** True when the floor, not the durations, set the time. */
  floorApplied: boolean;
  /** Visual factor × category multiplier × options × corrections. */
  complexityScore: number;
  /** max(base, floor) × complexity score, unrounded. */
  hours: number;
  hoursCeiling: number;
  /** Time spent above this needs a written justification (§9.2, §9.5). */
  alertThreshold: number;
  customQuoteRecommended: boolean;

  hourlyRate: number;
  billedHours: number;
  price: number;
  priceCents: number;
  offerPrice: number;
  offerPriceCents: number;

  standardDays: number;
  expressDays: number;
  expressMultiplier: number;
  expressBilledHours: number;
  expressPrice: number;
  expressPriceCents: number;
  minimumWorkingDays: number;
  /**
   * The working days promised for a standard delivery (panels, e-mails, the project's planned
   * date): `standardDays`, never fewer than `minimumWorkingDays`.
   */
  deliveryWorkingDays: number;
  /** The same for express; null where express cannot be offered (it would not end any earlier). */
  expressDeliveryWorkingDays: number | null;

  express: boolean;
  /** The wizard's flat lines, summed. */
  extrasPrice: number;
  extrasPriceCents: number;
  /** What is charged at full price: (express ? expressPrice : price) + extras. */
  totalPrice: number;
  totalPriceCents: number;
  /** What is charged while the launch offer lasts: 70 % of `totalPrice`, to the cent. */
  totalOfferPrice: number;
  totalOfferPriceCents: number;
}

/**
 * §4.4, in this order: 3D or VFX → vfx; motion design or custom graphics → motion; advanced
 * effects or professional grading → specialty; otherwise classic. (3D leading to vfx, not to
 * animation3d, is the spec's rule; animation3d is reached only by choosing it.)
 */
export function deriveServiceCategory(features: Features): ServiceCategory {
  if (features.animation3d || features.vfx) return 'vfx';
  if (features.motionDesign || features.customGraphics) return 'motion';
  if (features.advancedEffects || features.professionalGrading) return 'specialty';
  return 'classic';
}

/**
 * Drops float noise (e.g. 2.4999999999999996 for an exact 2.5) before a rounding or a threshold
 * decides something the client pays for.
 */
function settle(value: number): number {
  return Math.round(value * 1e9) / 1e9;
}

/** The billing rule (DESIGN): at least one hour, otherwise the nearest whole hour. */
function billableHours(hours: number): number {
  return Math.max(1, Math.round(settle(hours)));
}

/** 70 % of an amount in cents, to the nearest cent (integer arithmetic: ×7 is exact). */
function launchOfferCents(cents: number): number {
  return Math.round((cents * LAUNCH_OFFER_PERCENT) / 100);
}

/** Rates are whole units, so cents are exact integers. */
function toCents(amount: number): number {
  return Math.round(amount * 100);
}

/**
 * §9.3 first paragraph (time-based): 2 days up to 14 h, then 3 + one day per started 10 h above
 * 15 h. Between 14 h and 15 h the formula gives 3 + floor(negative) = 2, which we keep.
 */
export function standardDaysForHours(hours: number): number {
  const settled = settle(hours);
  return settled <= 14 ? 2 : 3 + Math.floor((settled - 15) / 10);
}

/** §9.3: +40 % of time up to 3 standard days, +50 % beyond. */
export const EXPRESS_MULTIPLIERS = { upToThreeDays: 1.4, beyondThreeDays: 1.5 } as const;

function expressMultiplierForDays(standardDays: number): number {
  return standardDays <= 3 ? EXPRESS_MULTIPLIERS.upToThreeDays : EXPRESS_MULTIPLIERS.beyondThreeDays;
}

/** §9.3 table: ceil(category minimum × complexity factor) working days. */
export function minimumWorkingDays(serviceCategory: ServiceCategory, visualComplexity: VisualComplexity): number {
  const tenths =
    SERVICE_CATEGORY_TABLE[serviceCategory].minimumDeliveryDays * MINIMUM_DAYS_COMPLEXITY_TENTHS[visualComplexity];
  return Math.ceil(tenths / 10);
}

/**
 * The delays a brief is promised. The time rule (`standardDays`, `expressDays`) says how long the
 * work takes; the category minimum (§5.1, §9.3) is the earliest date the agency accepts, so a
 * promise never falls below it. Express is offered only where it still ends before the standard
 * promise without going under the minimum.
 */
function promisedWorkingDays(days: { standardDays: number; expressDays: number; minimumWorkingDays: number }): {
  deliveryWorkingDays: number;
  expressDeliveryWorkingDays: number | null;
} {
  const deliveryWorkingDays = Math.max(days.standardDays, days.minimumWorkingDays);
  const expressDeliveryWorkingDays = Math.max(days.expressDays, days.minimumWorkingDays);
  return {
    deliveryWorkingDays,
    expressDeliveryWorkingDays: expressDeliveryWorkingDays < deliveryWorkingDays ? expressDeliveryWorkingDays : null,
  };
}

/** The options after the chosen category switched on its own feature (§4.4). */
function effectiveFeatures(serviceCategory: ServiceCategory, features: Features): Features {
  const included = SERVICE_CATEGORY_TABLE[serviceCategory].includedFeature;
  return included ? { ...features, [included]: true } : { ...features };
}

/** A category's own feature never multiplies its time again (motion design in motion, …). */
function featureMultiplier(serviceCategory: ServiceCategory, features: Features): number {
  const included = SERVICE_CATEGORY_TABLE[serviceCategory].includedFeature;
  let product = 1;
  for (const feature of FEATURES) {
    if (features[feature] && feature !== included) product *= FEATURE_MULTIPLIERS[feature];
  }
  return product;
}

function flatExtrasAmount(extras: FlatExtras | undefined): number {
  if (!extras) return 0;
  const subtitles =
    extras.subtitles === 'full'
      ? WIZARD_FLAT_EXTRAS.subtitlesFull
      : extras.subtitles === 'key_points'
        ? WIZARD_FLAT_EXTRAS.subtitlesKeyPoints
        : 0;
  return (
    Math.max(0, Math.floor(extras.extraFormats ?? 0)) * WIZARD_FLAT_EXTRAS.perExtraFormat +
    (extras.express48h ? WIZARD_FLAT_EXTRAS.express48h : 0) +
    subtitles
  );
}

/** The wizard sets multi-cam for 11 to 20 files and more than 20 (§9.4). */
export function multicamForFileCount(fileCount: '1-5' | '6-10' | '11-20' | '>20' | string): boolean {
  return fileCount === '11-20' || fileCount === '>20';
}

export function estimate(input: EstimateInput): Estimate {
  const finalMinutes = input.finalMinutes ?? DEFAULT_FINAL_MINUTES;
  const rushMinutes = input.rushMinutes ?? DEFAULT_RUSH_TO_FINAL_RATIO * finalMinutes;
  const serviceCategory = input.serviceCategory ?? deriveServiceCategory(input.features);
  const category = SERVICE_CATEGORY_TABLE[serviceCategory];
  const features = effectiveFeatures(serviceCategory, input.features);

  const baseHours =
    TIME_PER_RUSH_MINUTE_HOURS * category.timeMultiplier * rushMinutes +
    TIME_PER_FINAL_MINUTE_HOURS * category.timeMultiplier * finalMinutes;
  const floorHours = finalMinutes / category.timeFloorDivisor;
  const floorApplied = floorHours > baseHours;
  const complexityScore =
    VISUAL_COMPLEXITY_FACTORS[input.visualComplexity] *
    category.complexityMultiplier *
    featureMultiplier(serviceCategory, features) *
    CORRECTIONS_MULTIPLIER;
  const hours = Math.max(baseHours, floorHours) * complexityScore;

  const hourlyRate = category.hourlyRates[input.currency];
  const billedHours = billableHours(hours);
  const priceCents = billedHours * hourlyRate * 100;
  const offerPriceCents = launchOfferCents(priceCents);

  const standardDays = standardDaysForHours(hours);
  const expressDays = Math.max(1, standardDays - 1);
  const minimumDays = minimumWorkingDays(serviceCategory, input.visualComplexity);
  const expressMultiplier = expressMultiplierForDays(standardDays);
  // §9.3 caps the express price at ceiling × multiplier / 1.2, which is hours × multiplier: the
  // multiplier applies to the exact time, never to a time already rounded up. Billing it with the
  // same whole-hour rule keeps every price a multiple of the rate.
  const expressBilledHours = billableHours(hours * expressMultiplier);
  const expressPriceCents = expressBilledHours * hourlyRate * 100;

  const express = input.express ?? false;
  const extrasPriceCents = toCents(flatExtrasAmount(input.flatExtras));
  const totalPriceCents = (express ? expressPriceCents : priceCents) + extrasPriceCents;
  const totalOfferPriceCents = launchOfferCents(totalPriceCents);

  return {
    serviceCategory,
    serviceCategoryDerived: input.serviceCategory === undefined,
    visualComplexity: input.visualComplexity,
    currency: input.currency,
    rushMinutes,
    finalMinutes,
    features,
    baseHours,
    floorHours,
    floorApplied,
    complexityScore,
    hours,
    hoursCeiling: HOURS_CEILING_FACTOR * hours,
    alertThreshold: ALERT_THRESHOLD_FACTOR * hours,
    customQuoteRecommended: settle(complexityScore) > CUSTOM_QUOTE_SCORE,
    hourlyRate,
    billedHours,
    price: priceCents / 100,
    priceCents,
    offerPrice: offerPriceCents / 100,
    offerPriceCents,
    standardDays,
    expressDays,
    expressMultiplier,
    expressBilledHours,
    expressPrice: expressPriceCents / 100,
    expressPriceCents,
    minimumWorkingDays: minimumDays,
    ...promisedWorkingDays({ standardDays, expressDays, minimumWorkingDays: minimumDays }),
    express,
    extrasPrice: extrasPriceCents / 100,
    extrasPriceCents,
    totalPrice: totalPriceCents / 100,
    totalPriceCents,
    totalOfferPrice: totalOfferPriceCents / 100,
    totalOfferPriceCents,
  };
}

/** Whether hours actually spent on a project need the editor's justification (§9.2 alert). */
export function overrunNeedsJustification(result: Pick<Estimate, 'alertThreshold'>, hoursSpent: number): boolean {
  return settle(hoursSpent) > settle(result.alertThreshold);
}

/** The launch offer's counter as the api reports it (an indication; the claim is made when a checkout session is created). */
interface LaunchOffer {
  /** Offer places in total (setting `launch_offer_places`). */
  places: number;
  /** Places not yet taken by a paid brief; never below 0. */
  placesLeft: number;
  active: boolean;
}

/** The admin settings the public pricing copy reads (`GET /api/pricing/settings`). */
export interface PublicPricingSettings {
  revisionWindowDays: number;
  maxRevisions: number;
  launchOffer: LaunchOffer;
  /** Whether the 48 h express delivery may be ordered (an admin setting). */
  expressEnabled: boolean;
  /** The team's address (contact page, footer, legal pages). */
  contactEmail: string;
}

/** The simulator's duration inputs (§2.3, §5.4). */
export const SIMULATOR_LIMITS = {
  rushMinutes: { min: 1, max: 1000, default: 30 },
  finalMinutes: { min: 1, max: 300, default: 5 },
} as const;

/** Simulator input → minutes: non-numeric becomes 1 (§2.3), then kept within the limits. */
export function simulatorMinutes(raw: string | number, limits: { min: number; max: number }): number {
  const value = typeof raw === 'number' ? raw : Number.parseFloat(raw.replace(',', '.'));
  if (!Number.isFinite(value)) return 1;
  return Math.min(limits.max, Math.max(limits.min, value));
}

/**
 * An approved application becomes an editor profile (Admin › Recrutement, 'Inviter comme
 * éditeur'): the applicant's answers (domain/recruitment.ts) are mapped onto the values the
 * editor profile stores and the assignment matches (domain/assignment.ts, domain/editor-profile.ts),
 * so the next project that fits can go to the new editor.
 */
import {
  EDITOR_COMPLEXITY_LEVELS,
  EDITOR_HOURLY_RATE_MIN,
  EDITOR_HOURLY_RATE_STEP,
  EDITOR_LANGUAGES,
  EDITOR_PROFILE_DEFAULTS,
  EDITOR_SPECIALTIES,
  EDITOR_TIMEZONES,
} from './editor-profile';
import { COMPLEXITY_LEVEL_TIERS, DEFAULT_APPLICATION_TIMEZONE } from './recruitment';

type EditorSpecialty = (typeof EDITOR_SPECIALTIES)[number];
type EditorLevel = (typeof EDITOR_COMPLEXITY_LEVELS)[number];
type EditorLanguage = (typeof EDITOR_LANGUAGES)[number];

/** What the application holds that the profile needs (the `editor_applications` columns). */
export interface ApplicationAnswers {
  firstName: string;
  lastName: string;
  specialtyDomains: readonly string[];
  videoSpecialties: readonly string[];
  complexityLevels: readonly string[];
  languages: readonly string[];
  /** Decimal as stored (`'35.50'`) or a number; null when not given. */
  hourlyRate?: string | number | null;
  timezone?: string | null;
  availabilityStartTime?: string | null;
  availabilityEndTime?: string | null;
  portfolioLinks: readonly string[];
  experienceDescription?: string | null;
  motivation?: string | null;
}

/** The editor profile's values (the `editor_profiles` columns an invitation writes). */
export interface InvitedEditorProfile {
  firstName: string;
  lastName: string;
  specialties: EditorSpecialty[];
  visualComplexityLevels: EditorLevel[];
  languages: EditorLanguage[];
  timezone: string;
  hourlyRate: number;
  maxConcurrentProjects: number;
  availabilityStart: string;
  availabilityEnd: string;
  status: 'active';
  bio: string | null;
  portfolioLinks: string[];
}

/**
 * Specialty domains → the editor specialties the assignment reads for each video type (youtube,
 * tiktok, instagram, corporate, branding). Events and training go with corporate, as the
 * assignment files "événementiel" and "formation/e-learning"; advertising and real estate are
 * brand films; long-form storytelling, music videos and gaming are published on YouTube.
 */
const SPECIALTIES_BY_DOMAIN: Record<string, readonly EditorSpecialty[]> = {
  youtube: ['youtube'],
  short_form: ['tiktok'],
  instagram: ['instagram'],
  corporate: ['corporate'],
  advertising: ['branding'],
  events: ['corporate'],
  wedding: ['corporate'],
  documentary: ['youtube'],
  music_video: ['youtube'],
  training: ['corporate'],
  real_estate: ['branding'],
  gaming: ['youtube'],
};

/** Video specialties that add a specialty of their own (the others are covered by the domains). */
const SPECIALTIES_BY_VIDEO_SPECIALTY: Record<string, readonly EditorSpecialty[]> = {
  vlog: ['youtube'],
  video_podcast: ['youtube'],
  tutorial: ['youtube'],
  product_review: ['youtube'],
  gaming_highlights: ['youtube', 'tiktok'],
  vertical_reel: ['instagram', 'tiktok'],
  company_film: ['corporate'],
  testimonial: ['corporate'],
  interview: ['corporate'],
  aftermovie: ['corporate'],
  product_ad: ['branding'],
  explainer: ['branding'],
};

/**
 * The application's complexity tiers → editor levels: the highest tier reached gives the top
 * level, with every level below it (an editor who handles premium briefs handles professional
 * ones): Standard → simple, Avancé → moderate, Expert Motion → complex, Expert VFX → expert.
 */
const LEVEL_BY_TIER: Record<string, EditorLevel> = {
  standard: 'simple',
  advanced: 'moderate',
  motion: 'complex',
  vfx: 'expert',
};

/** Language names or codes as the form may send them → the profile's languages. */
const LANGUAGE_ALIASES: Record<string, EditorLanguage> = {
  fr: 'français',
  french: 'français',
  français: 'français',
  francais: 'français',
  en: 'anglais',
  english: 'anglais',
  anglais: 'anglais',
  es: 'espagnol',
  spanish: 'espagnol',
  espagnol: 'espagnol',
  it: 'italien',
  italian: 'italien',
  italien: 'italien',
  de: 'allemand',
  german: 'allemand',
  allemand: 'allemand',
};

/**
 * The application's 14 time zones → the 5 the profile offers (000 §9), by the nearest working
 * hours: Western Europe and West Africa with London, the rest of Europe, the Indian Ocean and the
 * Gulf with Paris, the Americas' east and the Caribbean with New York, the Pacific with Los Angeles.
 */
const PROFILE_TIMEZONE: Record<string, string> = {
  'Europe/Paris': 'Europe/Paris',
  'Europe/London': 'Europe/London',
  'Europe/Lisbon': 'Europe/London',
  'Europe/Bucharest': 'Europe/Paris',
  'Africa/Casablanca': 'Europe/London',
  'Africa/Dakar': 'Europe/London',
  'Indian/Reunion': 'Europe/Paris',
  'Asia/Dubai': 'Europe/Paris',
  'Asia/Tokyo': 'Asia/Tokyo',
  'America/Toronto': 'America/New_York',
  'America/New_York': 'America/New_York',
  'America/Los_Angeles': 'America/Los_Angeles',
  'America/Martinique': 'America/New_York',
  'Pacific/Tahiti': 'America/Los_Angeles',
};

const BIO_MAX = 2000;
const PORTFOLIO_MAX = 20;
const RATE_MAX = 1000;

function inOrder<T extends string>(order: readonly T[], values: Iterable<T>): T[] {
  const set = new Set(values);
  return order.filter((value) => set.has(value));
}

/** Editor specialties from the specialty domains and video specialties (profile order, no duplicates). */
export function specialtiesFromApplication(
  specialtyDomains: readonly string[],
  videoSpecialties: readonly string[] = [],
): EditorSpecialty[] {
  const found = [
    ...specialtyDomains.flatMap((domain) => SPECIALTIES_BY_DOMAIN[domain] ?? []),
    ...videoSpecialties.flatMap((specialty) => SPECIALTIES_BY_VIDEO_SPECIALTY[specialty] ?? []),
  ];
  return inOrder(EDITOR_SPECIALTIES, found);
}

/** Editor levels up to the highest tier the application's complexity levels reach (`simple` at least). */
export function levelsFromApplication(complexityLevels: readonly string[]): EditorLevel[] {
  const chosen = new Set(complexityLevels);
  let top = 0;
  for (const tier of COMPLEXITY_LEVEL_TIERS) {
    if (tier.levels.some((level) => chosen.has(level.value))) {
      top = Math.max(top, EDITOR_COMPLEXITY_LEVELS.indexOf(LEVEL_BY_TIER[tier.tier]));
    }
  }
  return EDITOR_COMPLEXITY_LEVELS.slice(0, top + 1);
}

function languagesFrom(languages: readonly string[]): EditorLanguage[] {
  const mapped = languages
    .map((language) => LANGUAGE_ALIASES[language.trim().toLowerCase()])
    .filter((language): language is EditorLanguage => Boolean(language));
  const ordered = inOrder(EDITOR_LANGUAGES, mapped);
  return ordered.length > 0 ? ordered : ['français'];
}

/** The profile's rate: at least 15, in steps of 0.5 (000 §5); the default 27 when not given. */
function rateFrom(rate: string | number | null | undefined): number {
  const value = rate === null || rate === undefined || rate === '' ? Number.NaN : Number(rate);
  if (!Number.isFinite(value) || value <= 0) return EDITOR_PROFILE_DEFAULTS.hourlyRate;
  const stepped = Math.round(value / EDITOR_HOURLY_RATE_STEP) * EDITOR_HOURLY_RATE_STEP;
  return Math.min(RATE_MAX, Math.max(EDITOR_HOURLY_RATE_MIN, stepped));
}

function timezoneFrom(timezone: string | null | undefined): string {
  const offered = EDITOR_TIMEZONES.map((zone) => zone.value as string);
  const mapped = PROFILE_TIMEZONE[timezone || DEFAULT_APPLICATION_TIMEZONE] ?? timezone ?? '';
  return offered.includes(mapped) ? mapped : EDITOR_PROFILE_DEFAULTS.timezone;
}

/** 'HH:MM' from 'HH:MM' or 'HH:MM:SS'. */
function timeOfDay(value: string | null | undefined): string | null {
  const match = value ? /^([01]\d|2[0-3]):([0-5]\d)/.exec(value) : null;
  return match ? `${match[1]}:${match[2]}` : null;
}

function portfolioFrom(links: readonly string[]): string[] {
  const valid = links
    .map((link) => link.trim())
    .filter((link) => {
      try {
        const url = new URL(link);
        return url.protocol === 'https:' || url.protocol === 'http:';
      } catch {
        return false;
      }
    });
  return [...new Set(valid)].slice(0, PORTFOLIO_MAX);
}

/** The editor profile an invitation from `application` writes: active, so the next fitting project can go to them. */
export function editorProfileFromApplication(application: ApplicationAnswers): InvitedEditorProfile {
  const start = timeOfDay(application.availabilityStartTime);
  const end = timeOfDay(application.availabilityEndTime);
  const hours =
    start && end && start < end
      ? { availabilityStart: start, availabilityEnd: end }
      : {
          availabilityStart: EDITOR_PROFILE_DEFAULTS.availabilityStart,
          availabilityEnd: EDITOR_PROFILE_DEFAULTS.availabilityEnd,
        };
  const bio = (application.experienceDescription?.trim() || application.motivation?.trim() || '').slice(0, BIO_MAX);
  return {
    firstName: application.firstName.trim().slice(0, 100),
    lastName: application.lastName.trim().slice(0, 100),
    specialties: specialtiesFromApplication(application.specialtyDomains, application.videoSpecialties),
    visualComplexityLevels: levelsFromApplication(application.complexityLevels),
    languages: languagesFrom(application.languages),
    timezone: timezoneFrom(application.timezone),
    hourlyRate: rateFrom(application.hourlyRate),
    maxConcurrentProjects: EDITOR_PROFILE_DEFAULTS.maxConcurrentProjects,
    ...hours,
    status: 'active',
    bio: bio || null,
    portfolioLinks: portfolioFrom(application.portfolioLinks),
  };
}

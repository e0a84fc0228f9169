/**
 * The editor application's enumerations (000 §3 "Editor-form enumerations", with the counts it
 * gives), written as a working video editor expects them. The form at /recrutement, the api's
 * schema, the admin's Recrutement tab and the editor profile an invitation fills all read these
 * lists: a choice is added here once.
 */
import { options, type BriefOption } from './brief-options';

export { optionLabel } from './brief-options';

/** Complexity levels, in 4 tiers: Standard (4), Avancé (5), Expert Motion (4), Expert VFX (4). */
export const COMPLEXITY_LEVEL_TIERS = [
  {
    tier: 'standard',
    fr: 'Standard',
    en: 'Standard',
    levels: options([
      {
        value: 'cuts_transitions',
        fr: 'Montage simple (coupes, transitions)',
        en: 'Simple editing (cuts, transitions)',
      },
      { value: 'titles_text', fr: 'Titres et textes à l’écran', en: 'Titles and on-screen text' },
      { value: 'subtitles', fr: 'Sous-titrage', en: 'Subtitling' },
      { value: 'basic_color', fr: 'Correction colorimétrique de base', en: 'Basic colour correction' },
    ]),
  },
  {
    tier: 'advanced',
    fr: 'Avancé',
    en: 'Advanced',
    levels: options([
      { value: 'dynamic_editing', fr: 'Montage rythmé et dynamique', en: 'Fast-paced, dynamic editing' },
      { value: 'multicam', fr: 'Montage multicaméra', en: 'Multicam editing' },
      {
        value: 'simple_motion',
        fr: 'Motion design simple (titres animés, synthés)',
        en: 'Simple motion design (animated titles, lower thirds)',
      },
      { value: 'advanced_grading', fr: 'Étalonnage avancé', en: 'Advanced colour grading' },
      { value: 'sound_mixing', fr: 'Mixage et design sonore', en: 'Sound mixing and design' },
    ]),
  },
  {
    tier: 'motion',
    fr: 'Expert Motion',
    en: 'Motion expert',
    levels: options([
      { value: 'motion_2d', fr: 'Animation 2D complexe', en: 'Complex 2D animation' },
      {
        value: 'motion_infographics',
        fr: 'Infographie animée et vidéos explicatives',
        en: 'Animated infographics and explainers',
      },
      { value: 'motion_branding', fr: 'Animation de logo et d’identité visuelle', en: 'Logo and brand animation' },
      { value: 'motion_3d', fr: 'Animation 3D', en: '3D animation' },
    ]),
  },
  {
    tier: 'vfx',
    fr: 'Expert VFX',
    en: 'VFX expert',
    levels: options([
      {
        value: 'vfx_keying',
        fr: 'Incrustation et compositing (fond vert)',
        en: 'Keying and compositing (green screen)',
      },
      { value: 'vfx_tracking', fr: 'Tracking et match moving', en: 'Tracking and match moving' },
      { value: 'vfx_rotoscoping', fr: 'Rotoscopie', en: 'Rotoscoping' },
      { value: 'vfx_cleanup', fr: 'Effets spéciaux et retouche d’image', en: 'Visual effects and clean-up' },
    ]),
  },
] as const;

export const COMPLEXITY_LEVELS: readonly BriefOption[] = COMPLEXITY_LEVEL_TIERS.flatMap(
  (tier): readonly BriefOption[] => tier.levels,
);

/** 12 specialty domains (copied into the application's `specialties`). */
export const SPECIALTY_DOMAINS = options([
  { value: 'youtube', fr: 'YouTube', en: 'YouTube' },
  { value: 'short_form', fr: 'TikTok et formats courts', en: 'TikTok and short-form' },
  { value: 'instagram', fr: 'Instagram / Reels', en: 'Instagram / Reels' },
  { value: 'corporate', fr: 'Corporate et institutionnel', en: 'Corporate' },
  { value: 'advertising', fr: 'Publicité', en: 'Advertising' },
  { value: 'events', fr: 'Événementiel', en: 'Events' },
  { value: 'wedding', fr: 'Mariage', en: 'Weddings' },
  { value: 'documentary', fr: 'Documentaire', en: 'Documentary' },
  { value: 'music_video', fr: 'Clip musical', en: 'Music videos' },
  { value: 'training', fr: 'Formation et e-learning', en: 'Training and e-learning' },
  { value: 'real_estate', fr: 'Immobilier', en: 'Real estate' },
  { value: 'gaming', fr: 'Jeu vidéo et streaming', en: 'Gaming and streaming' },
]);

/** 17 video specialties. */
export const VIDEO_SPECIALTIES = options([
  { value: 'vlog', fr: 'Vlog', en: 'Vlog' },
  { value: 'interview', fr: 'Interview', en: 'Interview' },
  { value: 'video_podcast', fr: 'Podcast vidéo', en: 'Video podcast' },
  { value: 'tutorial', fr: 'Tutoriel', en: 'Tutorial' },
  { value: 'product_review', fr: 'Test et déballage produit', en: 'Product review and unboxing' },
  { value: 'aftermovie', fr: 'Aftermovie', en: 'Aftermovie' },
  { value: 'trailer', fr: 'Teaser et bande-annonce', en: 'Teaser and trailer' },
  { value: 'company_film', fr: 'Film d’entreprise', en: 'Company film' },
  { value: 'testimonial', fr: 'Témoignage client', en: 'Customer testimonial' },
  { value: 'product_ad', fr: 'Publicité produit', en: 'Product ad' },
  { value: 'explainer', fr: 'Vidéo explicative', en: 'Explainer video' },
  { value: 'vertical_reel', fr: 'Reel vertical', en: 'Vertical reel' },
  { value: 'music_clip', fr: 'Clip', en: 'Music clip' },
  { value: 'short_film', fr: 'Court métrage', en: 'Short film' },
  { value: 'live_replay', fr: 'Replay de live', en: 'Live replay' },
  { value: 'sports', fr: 'Sport', en: 'Sports' },
  { value: 'gaming_highlights', fr: 'Temps forts de jeu vidéo', en: 'Gaming highlights' },
]);

/** 12 technical competencies. */
export const TECHNICAL_COMPETENCIES = options([
  { value: 'multicam', fr: 'Montage multicaméra', en: 'Multicam editing' },
  { value: 'color_grading', fr: 'Étalonnage', en: 'Colour grading' },
  { value: 'audio_mixing', fr: 'Mixage audio', en: 'Audio mixing' },
  { value: 'sound_design', fr: 'Design sonore', en: 'Sound design' },
  { value: 'subtitling', fr: 'Sous-titrage', en: 'Subtitling' },
  { value: 'motion_design', fr: 'Motion design', en: 'Motion design' },
  { value: 'animation_3d', fr: 'Animation 3D', en: '3D animation' },
  { value: 'compositing', fr: 'Compositing et fond vert', en: 'Compositing and green screen' },
  { value: 'tracking', fr: 'Tracking', en: 'Tracking' },
  { value: 'rotoscoping', fr: 'Rotoscopie', en: 'Rotoscoping' },
  { value: 'stabilization', fr: 'Stabilisation', en: 'Stabilisation' },
  { value: 'restoration', fr: 'Restauration et débruitage', en: 'Restoration and denoising' },
]);

/** 8 software (anything else goes in `otherSoftware`). */
export const SOFTWARE = options([
  { value: 'premiere_pro', fr: 'Adobe Premiere Pro', en: 'Adobe Premiere Pro' },
  { value: 'final_cut_pro', fr: 'Final Cut Pro', en: 'Final Cut Pro' },
  { value: 'davinci_resolve', fr: 'DaVinci Resolve', en: 'DaVinci Resolve' },
  { value: 'avid_media_composer', fr: 'Avid Media Composer', en: 'Avid Media Composer' },
  { value: 'after_effects', fr: 'Adobe After Effects', en: 'Adobe After Effects' },
  { value: 'capcut', fr: 'CapCut', en: 'CapCut' },
  { value: 'blender', fr: 'Blender', en: 'Blender' },
  { value: 'cinema_4d', fr: 'Cinema 4D', en: 'Cinema 4D' },
]);

/** 7 client types. */
export const CLIENT_TYPES = options([
  { value: 'creators', fr: 'Créateurs de contenu', en: 'Content creators' },
  { value: 'startups', fr: 'Startups', en: 'Start-ups' },
  { value: 'small_business', fr: 'TPE et PME', en: 'Small businesses' },
  { value: 'large_companies', fr: 'Grandes entreprises', en: 'Large companies' },
  { value: 'agencies', fr: 'Agences', en: 'Agencies' },
  { value: 'nonprofits', fr: 'Associations et ONG', en: 'Non-profits' },
  { value: 'individuals', fr: 'Particuliers', en: 'Individuals' },
]);

/** 8 video genres. */
export const VIDEO_GENRES = options([
  { value: 'educational', fr: 'Éducatif', en: 'Educational' },
  { value: 'entertainment', fr: 'Divertissement', en: 'Entertainment' },
  { value: 'comedy', fr: 'Humour', en: 'Comedy' },
  { value: 'lifestyle', fr: 'Lifestyle', en: 'Lifestyle' },
  { value: 'tech', fr: 'Tech', en: 'Tech' },
  { value: 'travel', fr: 'Voyage', en: 'Travel' },
  { value: 'sport', fr: 'Sport', en: 'Sport' },
  { value: 'fashion_beauty', fr: 'Mode et beauté', en: 'Fashion and beauty' },
]);

/** 14 time zones, Europe/Paris first and by default. */
export const APPLICATION_TIMEZONES = options([
  { value: 'Europe/Paris', fr: 'Paris', en: 'Paris' },
  { value: 'Europe/London', fr: 'Londres', en: 'London' },
  { value: 'Europe/Lisbon', fr: 'Lisbonne', en: 'Lisbon' },
  { value: 'Europe/Bucharest', fr: 'Bucarest', en: 'Bucharest' },
  { value: 'Africa/Casablanca', fr: 'Casablanca', en: 'Casablanca' },
  { value: 'Africa/Dakar', fr: 'Dakar', en: 'Dakar' },
  { value: 'Indian/Reunion', fr: 'La Réunion', en: 'Réunion' },
  { value: 'Asia/Dubai', fr: 'Dubaï', en: 'Dubai' },
  { value: 'Asia/Tokyo', fr: 'Tokyo', en: 'Tokyo' },
  { value: 'America/Toronto', fr: 'Montréal / Toronto', en: 'Montreal / Toronto' },
  { value: 'America/New_York', fr: 'New York', en: 'New York' },
  { value: 'America/Los_Angeles', fr: 'Los Angeles', en: 'Los Angeles' },
  { value: 'America/Martinique', fr: 'Martinique / Guadeloupe', en: 'Martinique / Guadeloupe' },
  { value: 'Pacific/Tahiti', fr: 'Tahiti', en: 'Tahiti' },
]);
export const DEFAULT_APPLICATION_TIMEZONE = 'Europe/Paris';

/** The 7 weekdays, in French (000 §3). */
export const WEEKDAYS = options([
  { value: 'lundi', fr: 'Lundi', en: 'Monday' },
  { value: 'mardi', fr: 'Mardi', en: 'Tuesday' },
  { value: 'mercredi', fr: 'Mercredi', en: 'Wednesday' },
  { value: 'jeudi', fr: 'Jeudi', en: 'Thursday' },
  { value: 'vendredi', fr: 'Vendredi', en: 'Friday' },
  { value: 'samedi', fr: 'Samedi', en: 'Saturday' },
  { value: 'dimanche', fr: 'Dimanche', en: 'Sunday' },
]);

/** How the editor is paid (000 §3). */
export const APPLICATION_PAYMENT_METHODS = options([
  { value: 'IBAN', fr: 'Virement (IBAN)', en: 'Bank transfer (IBAN)' },
  { value: 'PayPal', fr: 'PayPal', en: 'PayPal' },
  { value: 'Wise', fr: 'Wise', en: 'Wise' },
  { value: 'Autre', fr: 'Autre', en: 'Other' },
]);

// ——— the application (000 §3 payload, §5 rules, §8 toasts) ———

/** The spec's toasts and the application's own messages, word for word. */
export const RECRUITMENT_MESSAGES = {
  consentsTitle: 'Consentements requis',
  consents: 'Vous devez accepter les CGU, la politique de confidentialité et le contrat de prestation.',
  submitted: 'Candidature envoyée !',
  submittedHint: 'Un e-mail de confirmation vient de vous être envoyé. Notre équipe revient vers vous rapidement.',
  submitError: "Une erreur s'est produite lors de l'envoi de votre candidature.",
  incompleteTitle: 'Formulaire incomplet',
  firstNameRequired: 'Le prénom est obligatoire.',
  lastNameRequired: 'Le nom est obligatoire.',
  emailRequired: 'L’adresse e-mail est obligatoire.',
  invalidTime: 'Indiquez une heure au format HH:MM.',
  endBeforeStart: 'L’heure de fin doit suivre l’heure de début.',
  invalidLink: 'Chaque lien du portfolio doit être une adresse web complète (https://…).',
  photoInvalid: 'La photo de profil doit être une image JPG ou PNG envoyée depuis ce formulaire.',
  /** One open application (pending or contacted) per e-mail address: a second one is refused. */
  alreadyOpen: (contactEmail: string) =>
    `Une candidature est déjà en cours d’examen pour cette adresse e-mail. Notre équipe vous répond par e-mail ; pour la compléter, écrivez-nous à ${contactEmail}.`,
  photoNotFound: 'Cette candidature n’a pas de photo de profil.',
  applicationNotFound: 'Candidature introuvable.',
} as const;

/** The languages of an application: fixed to French (000 §3). */
export const APPLICATION_LANGUAGES = ['français'] as const;

/** Numbers the form accepts (whole years and hours, a rate in euros per hour). */
export const APPLICATION_NUMBER_LIMITS = {
  experienceYears: { min: 0, max: 60 },
  hourlyRate: { min: 0, max: 1_000 },
  availabilityHours: { min: 0, max: 168 },
} as const;
export const PORTFOLIO_LINKS_MAX = 10;
export const UNAVAILABLE_PERIODS_MAX = 10;
/** Open applications: one per e-mail address at a time. */
export const OPEN_APPLICATION_STATUSES = ['pending', 'contacted'] as const;

/** The consents whose absence raises the 'Consentements requis' toast. */
export const REQUIRED_CONSENTS = ['acceptsTerms', 'acceptsPrivacy', 'acceptsContract'] as const;

/** What the form at /recrutement holds: numbers as typed, links as rows, periods one per line. */
export interface EditorApplicationFormValues {
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  address: string;
  paymentMethod: string;
  complexityLevels: string[];
  specialtyDomains: string[];
  videoSpecialties: string[];
  technicalCompetencies: string[];
  softwareMastered: string[];
  otherSoftware: string;
  timezone: string;
  availabilityDays: string[];
  availabilityStartTime: string;
  availabilityEndTime: string;
  unavailablePeriods: string;
  experienceDescription: string;
  portfolioLinks: { url: string }[];
  preferredClientTypes: string[];
  preferredVideoGenres: string[];
  acceptsTerms: boolean;
  acceptsPrivacy: boolean;
  acceptsContract: boolean;
  authorizesPortfolioUse: boolean;
  experienceYears: string;
  hourlyRate: string;
  availabilityHours: string;
  motivation: string;
  technicalSkills: string;
  equipmentDescription: string;
}

/** The form at /recrutement as a visitor finds it, and as it comes back after a sent application. */
export const EMPTY_APPLICATION_FORM: EditorApplicationFormValues = {
  email: '',
  firstName: '',
  lastName: '',
  phone: '',
  address: '',
  paymentMethod: '',
  complexityLevels: [],
  specialtyDomains: [],
  videoSpecialties: [],
  technicalCompetencies: [],
  softwareMastered: [],
  otherSoftware: '',
  timezone: DEFAULT_APPLICATION_TIMEZONE,
  availabilityDays: [],
  availabilityStartTime: '',
  availabilityEndTime: '',
  unavailablePeriods: '',
  experienceDescription: '',
  portfolioLinks: [{ url: '' }],
  preferredClientTypes: [],
  preferredVideoGenres: [],
  acceptsTerms: false,
  acceptsPrivacy: false,
  acceptsContract: false,
  authorizesPortfolioUse: false,
  experienceYears: '',
  hourlyRate: '',
  availabilityHours: '',
  motivation: '',
  technicalSkills: '',
  equipmentDescription: '',
};

/** The JSON the form sends: its values with numbers typed, links and periods as lists. */
export type EditorApplicationPayload = Omit<
  EditorApplicationFormValues,
  'portfolioLinks' | 'unavailablePeriods' | 'experienceYears' | 'hourlyRate' | 'availabilityHours'
> & {
  portfolioLinks: string[];
  unavailablePeriods: string[];
  experienceYears: number | null;
  hourlyRate: number | null;
  availabilityHours: number | null;
  specialties: string[];
  languages: string[];
  profilePhotoSessionId?: string;
};

/** '' → null, '2,5' → 2.5, anything else → the number it reads as (NaN is refused by the schema). */
function typedNumber(value: string | number | null | undefined): number | null {
  if (typeof value === 'number') return value;
  const text = (value ?? '').trim();
  return text === '' ? null : Number(text.replace(',', '.'));
}

/**
 * The payload the form sends (000 §5): numbers as numbers or null, empty link rows dropped,
 * periods one per line, `specialties` copied from `specialtyDomains`, `languages` French.
 */
export function applicationPayload(values: EditorApplicationFormValues): EditorApplicationPayload {
  const { portfolioLinks, unavailablePeriods, experienceYears, hourlyRate, availabilityHours, ...rest } = values;
  return {
    ...rest,
    portfolioLinks: portfolioLinks.map((link) => link.url.trim()).filter(Boolean),
    unavailablePeriods: unavailablePeriods
      .split('\n')
      .map((period) => period.trim())
      .filter(Boolean),
    experienceYears: typedNumber(experienceYears),
    hourlyRate: typedNumber(hourlyRate),
    availabilityHours: typedNumber(availabilityHours),
    specialties: [...values.specialtyDomains],
    languages: [...APPLICATION_LANGUAGES],
  };
}

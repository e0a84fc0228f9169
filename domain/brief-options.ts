/**
 * Every enumeration of the two brief funnels (001 §2.1 full form, §3.6 wizard), with the labels the
 * forms show. The stored value is `value`; the forms, the api schemas and the e-mails read the same
 * lists, so a new choice is added here once.
 */
import { SERVICE_CATEGORY_TABLE, type Feature, type ServiceCategory, type VisualComplexity } from './pricing';

export interface BriefOption<Value extends string = string> {
  value: Value;
  fr: string;
  en: string;
}

/** An option list, its values kept as a union for `z.enum`. */
export function options<const Value extends string>(list: readonly BriefOption<Value>[]) {
  return list;
}

/** The values of an option list, as the tuple `z.enum` expects. */
export function optionValues<Value extends string>(list: readonly BriefOption<Value>[]): [Value, ...Value[]] {
  return list.map((option) => option.value) as [Value, ...Value[]];
}

/** The label of `value` in `list`, or `value` itself for a value the list does not know. */
export function optionLabel(
  list: readonly BriefOption[],
  value: string | null | undefined,
  language: 'fr' | 'en' = 'fr',
): string {
  if (!value) return '';
  return list.find((option) => option.value === value)?.[language] ?? value;
}

// ——— Wizard (001 §3.6) ———

export const WIZARD_VIDEO_TYPES = options([
  { value: 'youtube', fr: 'YouTube', en: 'YouTube' },
  { value: 'tiktok', fr: 'TikTok', en: 'TikTok' },
  { value: 'instagram', fr: 'Instagram / Reels', en: 'Instagram / Reels' },
  { value: 'corporate', fr: 'Corporate', en: 'Corporate' },
  { value: 'vlog', fr: 'Vlog', en: 'Vlog' },
  { value: 'autre', fr: 'Autre', en: 'Other' },
]);

export const WIZARD_OBJECTIVES = options([
  { value: 'divertissement', fr: 'Divertir', en: 'Entertain' },
  { value: 'convaincre', fr: 'Convaincre', en: 'Convince' },
  { value: 'inspirer', fr: 'Inspirer', en: 'Inspire' },
  { value: 'informer', fr: 'Informer', en: 'Inform' },
  { value: 'autre', fr: 'Autre', en: 'Other' },
]);

export const WIZARD_FILE_COUNTS = options([
  { value: '1-5', fr: '1 à 5 fichiers', en: '1 to 5 files' },
  { value: '6-10', fr: '6 à 10 fichiers', en: '6 to 10 files' },
  { value: '11-20', fr: '11 à 20 fichiers', en: '11 to 20 files' },
  { value: '>20', fr: 'Plus de 20 fichiers', en: 'More than 20 files' },
]);

export const WIZARD_RUSH_QUALITIES = options([
  { value: 'stable', fr: 'Stables et propres', en: 'Steady and clean' },
  { value: 'variable', fr: 'Qualité variable', en: 'Variable quality' },
  { value: 'désordonnés', fr: 'Désordonnés', en: 'Messy' },
  { value: 'très_brut', fr: 'Très bruts', en: 'Very raw' },
]);

export const VISUAL_COMPLEXITY_OPTIONS = options<VisualComplexity>([
  { value: 'professional', fr: 'Professionnel', en: 'Professional' },
  { value: 'premium', fr: 'Premium', en: 'Premium' },
  { value: 'expert', fr: 'Expert', en: 'Expert' },
  { value: 'cinematic', fr: 'Cinématique', en: 'Cinematic' },
]);

export const WIZARD_EDITING_STYLES = options([
  { value: 'storytelling', fr: 'Storytelling', en: 'Storytelling' },
  { value: 'cinématographique', fr: 'Cinématographique', en: 'Cinematic' },
  { value: 'corporate', fr: 'Corporate', en: 'Corporate' },
  { value: 'événementiel', fr: 'Événementiel', en: 'Event' },
  { value: 'sur_mesure', fr: 'Sur mesure', en: 'Custom' },
]);

/** The editing style that reveals the custom-style text. */
export const CUSTOM_EDITING_STYLE = 'sur_mesure';

export const WIZARD_DELIVERY_FORMATS = options([
  { value: 'horizontal', fr: 'Horizontal (16:9)', en: 'Landscape (16:9)' },
  { value: 'vertical', fr: 'Vertical (9:16)', en: 'Portrait (9:16)' },
  { value: 'carré', fr: 'Carré (1:1)', en: 'Square (1:1)' },
  { value: 'stories', fr: 'Stories', en: 'Stories' },
]);

export const WIZARD_DEADLINES = options([
  { value: 'express', fr: 'Express', en: 'Express' },
  { value: 'standard', fr: 'Standard', en: 'Standard' },
  { value: 'extended', fr: 'Étendu (5 jours)', en: 'Extended (5 days)' },
  { value: 'flexible', fr: 'Flexible', en: 'Flexible' },
]);

export const WIZARD_LANGUAGES = options([
  { value: 'fr', fr: 'Français', en: 'French' },
  { value: 'en', fr: 'Anglais', en: 'English' },
  { value: 'es', fr: 'Espagnol', en: 'Spanish' },
]);

export const BRIEF_CURRENCIES = options([
  { value: 'eur', fr: 'Euro (€)', en: 'Euro (€)' },
  { value: 'usd', fr: 'Dollar US ($)', en: 'US dollar ($)' },
]);

/** Wizard subtitles: full transcript (default) or key points only (001 §2.2, §9.4). */
export const WIZARD_SUBTITLE_OPTIONS = options([
  { value: 'full', fr: 'Sous-titres complets', en: 'Full subtitles' },
  { value: 'key_points', fr: 'Points clés uniquement', en: 'Key points only' },
]);

// ——— Full form (001 §2.1) ———

export const FULL_VIDEO_TYPES = options([
  { value: 'YouTube', fr: 'YouTube', en: 'YouTube' },
  { value: 'TikTok', fr: 'TikTok', en: 'TikTok' },
  { value: 'Instagram/Reels', fr: 'Instagram/Reels', en: 'Instagram/Reels' },
  { value: 'Corporate', fr: 'Corporate', en: 'Corporate' },
  { value: 'Branding produit', fr: 'Branding produit', en: 'Product branding' },
  { value: 'Publicité', fr: 'Publicité', en: 'Advertising' },
  { value: 'Documentaire', fr: 'Documentaire', en: 'Documentary' },
  { value: 'Clip musical', fr: 'Clip musical', en: 'Music video' },
  { value: 'Événementiel', fr: 'Événementiel', en: 'Event' },
  { value: 'Formation/E-learning', fr: 'Formation/E-learning', en: 'Training/E-learning' },
  { value: 'Bande-annonce', fr: 'Bande-annonce', en: 'Trailer' },
  { value: 'Autre', fr: 'Autre', en: 'Other' },
]);

export const FULL_OBJECTIVES = options([
  { value: 'informer', fr: 'Informer', en: 'Inform' },
  { value: 'vendre', fr: 'Vendre', en: 'Sell' },
  { value: 'divertir', fr: 'Divertir', en: 'Entertain' },
  { value: 'inspirer', fr: 'Inspirer', en: 'Inspire' },
  { value: 'former', fr: 'Former', en: 'Train' },
  { value: 'autre', fr: 'Autre', en: 'Other' },
]);

/** The five category cards (001 §3.5): names from the spec, descriptions written for the cards. */
export const SERVICE_CATEGORY_OPTIONS = options<ServiceCategory>([
  { value: 'classic', fr: 'Montage Professionnel', en: 'Professional editing' },
  { value: 'motion', fr: 'Motion Design & Animation 2D', en: 'Motion design & 2D animation' },
  { value: 'specialty', fr: 'Production Premium', en: 'Premium production' },
  { value: 'animation3d', fr: 'Animation 3D & Modélisation', en: '3D animation & modelling' },
  { value: 'vfx', fr: 'VFX & Post-Production Avancée', en: 'VFX & advanced post-production' },
]);

export const SERVICE_CATEGORY_DESCRIPTIONS: Record<ServiceCategory, { fr: string; en: string }> = {
  classic: {
    fr: 'Coupe, rythme, habillage simple, mixage : le montage soigné de vos rushs.',
    en: 'Cutting, pacing, simple titles, mixing: a polished edit of your footage.',
  },
  motion: {
    fr: 'Titres animés, infographies et animations 2D intégrées à votre vidéo.',
    en: 'Animated titles, infographics and 2D animation in your video.',
  },
  specialty: {
    fr: 'Effets avancés, étalonnage professionnel et finition haut de gamme.',
    en: 'Advanced effects, professional grading and high-end finishing.',
  },
  animation3d: {
    fr: 'Modélisation, animation et rendu 3D sur mesure.',
    en: 'Custom 3D modelling, animation and rendering.',
  },
  vfx: {
    fr: 'Compositing, tracking, incrustations et effets visuels complexes.',
    en: 'Compositing, tracking, keying and complex visual effects.',
  },
};

export const TECHNICAL_REQUIREMENTS = options([
  { value: 'Multi-caméras', fr: 'Multi-caméras', en: 'Multi-camera' },
  { value: 'Écran vert/Chroma', fr: 'Écran vert/Chroma', en: 'Green screen/Chroma' },
  { value: 'Stabilisation', fr: 'Stabilisation', en: 'Stabilisation' },
  { value: 'Ralentis/Accélérés', fr: 'Ralentis/Accélérés', en: 'Slow/fast motion' },
  { value: 'Mixage audio', fr: 'Mixage audio', en: 'Audio mixing' },
  { value: 'Compositing', fr: 'Compositing', en: 'Compositing' },
  { value: 'Tracking/Match moving', fr: 'Tracking/Match moving', en: 'Tracking/Match moving' },
  { value: 'Rotoscopie', fr: 'Rotoscopie', en: 'Rotoscoping' },
  {
    value: 'Correction colorimétrique avancée',
    fr: 'Correction colorimétrique avancée',
    en: 'Advanced colour correction',
  },
]);

export const SPECIAL_FEATURES = options([
  { value: 'Motion design', fr: 'Motion design', en: 'Motion design' },
  { value: 'Animation 3D', fr: 'Animation 3D', en: '3D animation' },
  { value: 'Effets spéciaux', fr: 'Effets spéciaux', en: 'Special effects' },
  { value: 'Design sonore', fr: 'Design sonore', en: 'Sound design' },
  { value: 'Graphismes personnalisés', fr: 'Graphismes personnalisés', en: 'Custom graphics' },
  { value: 'Effets avancés', fr: 'Effets avancés', en: 'Advanced effects' },
  { value: 'Étalonnage professionnel', fr: 'Étalonnage professionnel', en: 'Professional grading' },
  { value: 'Titrage complexe', fr: 'Titrage complexe', en: 'Complex titling' },
  { value: 'Transitions sur-mesure', fr: 'Transitions sur-mesure', en: 'Custom transitions' },
]);

/** What each special feature and technical skill of the full form means to the pricing engine. */
export const FEATURE_OF_CHOICE: Readonly<Record<string, Feature>> = {
  'Motion design': 'motionDesign',
  'Animation 3D': 'animation3d',
  'Effets spéciaux': 'vfx',
  'Design sonore': 'soundDesign',
  'Graphismes personnalisés': 'customGraphics',
  'Effets avancés': 'advancedEffects',
  'Étalonnage professionnel': 'professionalGrading',
  'Multi-caméras': 'multicam',
  'Correction colorimétrique avancée': 'colorGrading',
};

/**
 * The special feature a category switches on when chosen (001 §4.4), read from the engine's
 * `includedFeature`: Motion design, Animation 3D or Effets spéciaux; none for classic and specialty.
 */
export function categorySpecialFeature(serviceCategory: ServiceCategory): string | undefined {
  const included = SERVICE_CATEGORY_TABLE[serviceCategory].includedFeature;
  return SPECIAL_FEATURES.find((option) => FEATURE_OF_CHOICE[option.value] === included)?.value;
}

export const RUSH_TYPES = options([
  { value: 'Vidéo brute', fr: 'Vidéo brute', en: 'Raw video' },
  { value: 'Images', fr: 'Images', en: 'Images' },
  { value: 'Audio', fr: 'Audio', en: 'Audio' },
  { value: 'Voix-off', fr: 'Voix-off', en: 'Voice-over' },
  { value: 'Graphismes', fr: 'Graphismes', en: 'Graphics' },
]);

export const FULL_RUSH_QUALITIES = options([
  { value: 'HD 1080p', fr: 'HD 1080p', en: 'HD 1080p' },
  { value: '4K', fr: '4K', en: '4K' },
  { value: 'autre', fr: 'Autre', en: 'Other' },
]);

export const OUTPUT_FORMATS = options([
  { value: 'MP4', fr: 'MP4', en: 'MP4' },
  { value: 'MOV', fr: 'MOV', en: 'MOV' },
  { value: 'autre', fr: 'Autre', en: 'Other' },
]);

export const RESOLUTIONS = options([
  { value: '1080p', fr: '1080p', en: '1080p' },
  { value: '4K', fr: '4K', en: '4K' },
  { value: 'autre', fr: 'Autre', en: 'Other' },
]);

export const ASPECT_RATIOS = options([
  { value: '16:9', fr: '16:9', en: '16:9' },
  { value: '9:16', fr: '9:16', en: '9:16' },
  { value: '1:1', fr: '1:1', en: '1:1' },
  { value: 'autre', fr: 'Autre', en: 'Other' },
]);

export const DISTRIBUTION_PLATFORMS = options([
  { value: 'YouTube', fr: 'YouTube', en: 'YouTube' },
  { value: 'TikTok', fr: 'TikTok', en: 'TikTok' },
  { value: 'Instagram', fr: 'Instagram', en: 'Instagram' },
  { value: 'TV', fr: 'TV', en: 'TV' },
  { value: 'Site web', fr: 'Site web', en: 'Website' },
  { value: 'Autre', fr: 'Autre', en: 'Other' },
]);

export const VISUAL_STYLES = options([
  { value: 'dynamique', fr: 'Dynamique', en: 'Dynamic' },
  { value: 'cinématographique', fr: 'Cinématographique', en: 'Cinematic' },
  { value: 'minimaliste', fr: 'Minimaliste', en: 'Minimalist' },
  { value: 'corporate', fr: 'Corporate', en: 'Corporate' },
  { value: 'humoristique', fr: 'Humoristique', en: 'Humorous' },
  { value: 'émotionnel', fr: 'Émotionnel', en: 'Emotional' },
  { value: 'autre', fr: 'Autre', en: 'Other' },
]);

export const RHYTHMS = options([
  { value: 'rapide', fr: 'Rapide', en: 'Fast' },
  { value: 'modéré', fr: 'Modéré', en: 'Moderate' },
  { value: 'lent', fr: 'Lent', en: 'Slow' },
]);

export const MUSIC_OPTIONS = options([
  { value: 'fournie', fr: 'Musique fournie', en: 'Music provided' },
  { value: 'à_trouver', fr: 'Musique à trouver', en: 'Music to be found' },
  { value: 'libre_droits', fr: 'Musique libre de droits', en: 'Royalty-free music' },
]);

export const EXPECTED_DELIVERABLES = options([
  { value: 'Fichier final', fr: 'Fichier final', en: 'Final file' },
  { value: 'Version sous-titrée', fr: 'Version sous-titrée', en: 'Subtitled version' },
  { value: 'Version sans musique', fr: 'Version sans musique', en: 'Version without music' },
  { value: 'Version courte', fr: 'Version courte', en: 'Short version' },
  { value: 'Sources de projet', fr: 'Sources de projet', en: 'Project sources' },
  { value: 'Autres', fr: 'Autres', en: 'Others' },
]);

/** Legacy `subtitlesOption` of the full form (001 §3.1). */
export const SUBTITLES_OPTIONS = options([
  { value: 'none', fr: 'Aucun', en: 'None' },
  { value: 'occasional', fr: 'Ponctuels', en: 'Occasional' },
  { value: 'full', fr: 'Complets', en: 'Full' },
]);

/** Three reference-video inputs in the full form (001 §2.1 section 4). */
export const REFERENCE_VIDEO_SLOTS = 3;

/** A project's video type as people read it, whichever funnel the brief came from. */
function videoTypeLabel(value: string | null | undefined, language: 'fr' | 'en' = 'fr'): string {
  if (!value) return '';
  const list = WIZARD_VIDEO_TYPES.some((option) => option.value === value) ? WIZARD_VIDEO_TYPES : FULL_VIDEO_TYPES;
  return optionLabel(list, value, language);
}

// ——— A brief's name ———

/** The brief's answers its name is made of (the stored brief's columns, either funnel). */
export interface NamedBrief {
  projectName?: string | null;
  /** The wizard's type (or the full form's legacy free text). */
  videoType?: string | null;
  videoTypeCustom?: string | null;
  /** The full form's ticked types. */
  videoTypes?: readonly string[];
  objective?: string | null;
  objectiveCustom?: string | null;
}

const typed = (value: string | null | undefined) => value?.trim() ?? '';

/** The video type as people read it: the custom type for « autre », every ticked type for the full form. */
export function briefVideoTypeText(brief: NamedBrief, language: 'fr' | 'en' = 'fr'): string {
  const custom = typed(brief.videoTypeCustom);
  const ticked = brief.videoTypes ?? [];
  if (ticked.length > 0) {
    const types = ticked
      .filter((type) => !(type === 'Autre' && custom))
      .map((type) => optionLabel(FULL_VIDEO_TYPES, type, language));
    return [...types, ...(custom && ticked.includes('Autre') ? [custom] : [])].join(', ');
  }
  return brief.videoType === 'autre' && custom ? custom : videoTypeLabel(brief.videoType, language);
}

/** The objective as people read it: the custom objective for « autre », else its label (both funnels' lists agree). */
export function briefObjectiveText(brief: NamedBrief, language: 'fr' | 'en' = 'fr'): string {
  const custom = typed(brief.objectiveCustom);
  if (brief.objective === 'autre' && custom) return custom;
  const list = WIZARD_OBJECTIVES.some((option) => option.value === brief.objective)
    ? WIZARD_OBJECTIVES
    : FULL_OBJECTIVES;
  return optionLabel(list, brief.objective, language);
}

/**
 * A brief's name, then its project's, wherever they are listed, paid or written about: the full
 * form's project name, else the video type and the objective (« YouTube · Informer », « Vidéo de
 * mariage · Inspirer »), else a neutral title.
 */
export function briefTitle(brief: NamedBrief, language: 'fr' | 'en' = 'fr'): string {
  const given = typed(brief.projectName);
  if (given) return given;
  const parts = [briefVideoTypeText(brief, language), briefObjectiveText(brief, language)].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : { fr: 'Montage vidéo', en: 'Video edit' }[language];
}

// ——— A project's brief answers ———

/** The options of each brief answer a project keeps (`brief_data`) and shows in its summary. */
const BRIEF_DATA_OPTIONS: Readonly<Record<string, readonly BriefOption[]>> = {
  objective: [...WIZARD_OBJECTIVES, ...FULL_OBJECTIVES],
  editing_style: WIZARD_EDITING_STYLES,
  delivery_formats: WIZARD_DELIVERY_FORMATS,
  deadline: WIZARD_DEADLINES,
  language: WIZARD_LANGUAGES,
  visual_complexity: VISUAL_COMPLEXITY_OPTIONS,
  service_category: SERVICE_CATEGORY_OPTIONS,
};

/**
 * A brief answer kept on the project, as people read it: the option's label (« Horizontal (16:9) »
 * for `horizontal`), a list joined, free text as written; null when empty. Yes/no answers are the
 * caller's own words.
 */
export function briefAnswerText(field: string, value: unknown, language: 'fr' | 'en' = 'fr'): string | null {
  if (value === null || value === undefined || value === '') return null;
  const list = BRIEF_DATA_OPTIONS[field] ?? [];
  const label = (item: unknown) => optionLabel(list, String(item), language);
  if (Array.isArray(value)) return value.length > 0 ? value.map(label).join(', ') : null;
  return label(value);
}

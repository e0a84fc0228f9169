/**
 * Which editors fit a project (DESIGN.md ProjectWorkflow, assignment step): an active editor whose
 * specialties cover the video type and whose levels reach the brief's visual complexity, with a
 * free slot. The database query of the assignment activity applies the same two lists.
 */

/** Editor specialties (000 §9) that cover each video type of the wizard and of the full form. */
const SPECIALTIES_BY_VIDEO_TYPE: Record<string, readonly string[]> = {
  youtube: ['youtube'],
  vlog: ['youtube'],
  tiktok: ['tiktok'],
  instagram: ['instagram'],
  'instagram/reels': ['instagram'],
  corporate: ['corporate'],
  'formation/e-learning': ['corporate'],
  événementiel: ['corporate'],
  'branding produit': ['branding'],
  publicité: ['branding'],
  branding: ['branding'],
};

/** Specialties that qualify an editor for `videoType`; `general` editors take every type. */
export function specialtiesFor(videoType: string | null | undefined): string[] {
  const own = videoType ? (SPECIALTIES_BY_VIDEO_TYPE[videoType.trim().toLowerCase()] ?? []) : [];
  return [...new Set([...own, 'general'])];
}

/** Editor levels (000 §9), lowest first. */
const EDITOR_LEVEL_ORDER = ['simple', 'moderate', 'complex', 'expert'] as const;

/** The brief's visual complexity (001) → the lowest editor level that can handle it. */
const LEVEL_FOR_COMPLEXITY: Record<string, (typeof EDITOR_LEVEL_ORDER)[number]> = {
  professional: 'simple',
  premium: 'moderate',
  expert: 'complex',
  cinematic: 'expert',
};

/** Editor levels that fit the brief: the required one or above (any level when none is known). */
export function levelsFor(visualComplexity: string | null | undefined): string[] {
  const required = visualComplexity ? LEVEL_FOR_COMPLEXITY[visualComplexity] : undefined;
  const from = required ? EDITOR_LEVEL_ORDER.indexOf(required) : 0;
  return EDITOR_LEVEL_ORDER.slice(from) as string[];
}

export interface EditorCandidate {
  userId: string;
  currentProjectsCount: number;
  maxConcurrentProjects: number;
  totalProjectsCount: number;
}

/** Lowest load (current/max) first; then fewer projects ever; then a stable order by id. */
export function pickLeastLoaded<T extends EditorCandidate>(candidates: readonly T[]): T | undefined {
  return candidates
    .filter((editor) => editor.currentProjectsCount < editor.maxConcurrentProjects)
    .slice()
    .sort(
      (a, b) =>
        a.currentProjectsCount / a.maxConcurrentProjects - b.currentProjectsCount / b.maxConcurrentProjects ||
        a.totalProjectsCount - b.totalProjectsCount ||
        (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0),
    )[0];
}

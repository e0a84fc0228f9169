/**
 * The editor profile form's lists and defaults (000 §9): 27 per hour, 4 concurrent projects,
 * 09:00–18:00, Europe/Paris; rate ≥ 15 in steps of 0.5; 1 to 10 concurrent projects (000 §5).
 */

export const EDITOR_TIMEZONES = [
  { value: 'Europe/Paris', label: 'Paris' },
  { value: 'Europe/London', label: 'Londres' },
  { value: 'America/New_York', label: 'New York' },
  { value: 'America/Los_Angeles', label: 'Los Angeles' },
  { value: 'Asia/Tokyo', label: 'Tokyo' },
] as const;

export const EDITOR_SPECIALTIES = ['youtube', 'tiktok', 'instagram', 'corporate', 'branding', 'general'] as const;
export const EDITOR_COMPLEXITY_LEVELS = ['simple', 'moderate', 'complex', 'expert'] as const;
export const EDITOR_LANGUAGES = ['français', 'anglais', 'espagnol', 'italien', 'allemand'] as const;

export const EDITOR_HOURLY_RATE_MIN = 15;
export const EDITOR_HOURLY_RATE_STEP = 0.5;
export const EDITOR_MAX_PROJECTS_MIN = 1;
export const EDITOR_MAX_PROJECTS_MAX = 10;

export const EDITOR_PROFILE_DEFAULTS = {
  hourlyRate: 27,
  maxConcurrentProjects: 4,
  availabilityStart: '09:00',
  availabilityEnd: '18:00',
  timezone: 'Europe/Paris',
  status: 'active',
} as const;

/**
 * What a profile needs before any project can go to its editor, in the form's order: the
 * assignment (activities/project.ts, domain/assignment.ts) picks only editors whose specialties
 * and levels overlap the project's, so a profile without either never receives one. The rest of
 * the form has defaults or is checked by its schema. The editor space shows « Configuration
 * requise » and names these fields while any is missing.
 */
const EDITOR_PROFILE_REQUIRED = ['specialties', 'visualComplexityLevels'] as const;
export type EditorProfileRequirement = (typeof EDITOR_PROFILE_REQUIRED)[number];

/** The required fields `profile` still lacks (all of them when there is no profile yet). */
export function missingEditorProfileFields(
  profile: Readonly<Record<EditorProfileRequirement, readonly string[]>> | null | undefined,
): EditorProfileRequirement[] {
  return EDITOR_PROFILE_REQUIRED.filter((field) => !profile || profile[field].length === 0);
}

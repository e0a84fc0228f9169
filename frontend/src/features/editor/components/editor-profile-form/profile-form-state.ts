import { EDITOR_PROFILE_DEFAULTS } from '@domain/editor-profile';
import type { EditorProfileInput, EditorProfileView } from '@domain/schemas/project';

/** The form as typed: the two numbers stay text until submitted, so a cleared field stays empty. */
export type FormState = Omit<Required<EditorProfileInput>, 'hourlyRate' | 'maxConcurrentProjects'> & {
  hourlyRate: string;
  maxConcurrentProjects: string;
};

/** The saved profile, or the defaults with the account's names for a first profile. */
export function initialState(
  profile: EditorProfileView | null,
  names: { firstName: string; lastName: string },
): FormState {
  return {
    firstName: profile?.firstName || names.firstName,
    lastName: profile?.lastName || names.lastName,
    specialties: profile?.specialties ?? [],
    visualComplexityLevels: profile?.visualComplexityLevels ?? [],
    languages: profile?.languages ?? ['français'],
    timezone: profile?.timezone ?? EDITOR_PROFILE_DEFAULTS.timezone,
    hourlyRate: String(profile?.hourlyRate ?? EDITOR_PROFILE_DEFAULTS.hourlyRate),
    maxConcurrentProjects: String(profile?.maxConcurrentProjects ?? EDITOR_PROFILE_DEFAULTS.maxConcurrentProjects),
    availabilityStart: profile?.availabilityStart ?? EDITOR_PROFILE_DEFAULTS.availabilityStart,
    availabilityEnd: profile?.availabilityEnd ?? EDITOR_PROFILE_DEFAULTS.availabilityEnd,
    status: profile?.status ?? EDITOR_PROFILE_DEFAULTS.status,
    bio: profile?.bio ?? '',
    // The form keeps at least one link row.
    portfolioLinks: profile?.portfolioLinks.length ? profile.portfolioLinks : [''],
  };
}

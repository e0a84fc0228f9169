import { optionLabel, WIZARD_VIDEO_TYPES } from '@domain/brief-options';

/** A project's video type as the admin reads it, « — » when the brief has none. */
export const videoTypeLabel = (value: string | null) => (value ? optionLabel(WIZARD_VIDEO_TYPES, value) : '—');

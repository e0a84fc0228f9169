import { REQUIRED_CONSENTS, type EditorApplicationFormValues } from '@domain/recruitment';

/** The eleven sections of the application, in the order of 000 §2. */
export const SECTION_IDS = [
  'personal',
  'complexity',
  'domains',
  'videoSpecialties',
  'competencies',
  'software',
  'availability',
  'presentation',
  'portfolio',
  'preferences',
  'consents',
] as const;
export type SectionId = (typeof SECTION_IDS)[number];

/** The section's element id (the navigation's anchors). */
export const sectionAnchor = (section: SectionId) => `candidature-${section}`;

const filled = (text: string | undefined) => Boolean(text?.trim());
const some = (list: unknown) => Array.isArray(list) && list.length > 0;

/** A section counts as filled once the applicant has answered what it asks (the progress). */
export function sectionFilled(section: SectionId, values: EditorApplicationFormValues): boolean {
  switch (section) {
    case 'personal':
      return filled(values.firstName) && filled(values.lastName) && filled(values.email);
    case 'complexity':
      return some(values.complexityLevels);
    case 'domains':
      return some(values.specialtyDomains);
    case 'videoSpecialties':
      return some(values.videoSpecialties);
    case 'competencies':
      return some(values.technicalCompetencies) || filled(values.technicalSkills);
    case 'software':
      return some(values.softwareMastered) || filled(values.otherSoftware);
    case 'availability':
      return some(values.availabilityDays) || filled(values.availabilityHours);
    case 'presentation':
      return filled(values.experienceDescription) || filled(values.motivation);
    case 'portfolio':
      return (values.portfolioLinks ?? []).some((link) => filled(link?.url));
    case 'preferences':
      return some(values.preferredClientTypes) || some(values.preferredVideoGenres);
    case 'consents':
      return REQUIRED_CONSENTS.every((consent) => values[consent] === true);
  }
}

import type { ApplicationAnswers } from '../../domain/editor-invitation';

/** An editor's application as the admin sees it, with nothing chosen unless `overrides` says so. */
export const applicationAnswers = (overrides: Partial<ApplicationAnswers> = {}): ApplicationAnswers => ({
  firstName: 'Inès',
  lastName: 'Moreau',
  specialtyDomains: [],
  videoSpecialties: [],
  complexityLevels: [],
  languages: ['français'],
  hourlyRate: null,
  timezone: 'Europe/Paris',
  availabilityStartTime: null,
  availabilityEndTime: null,
  portfolioLinks: [],
  experienceDescription: null,
  motivation: null,
  ...overrides,
});

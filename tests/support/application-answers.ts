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

/** The body of an editor's application (`POST /api/editor-applications`), every section filled. */
export function editorApplicationBody(email: string, overrides: Record<string, unknown> = {}) {
  return {
    email,
    firstName: 'Léa',
    lastName: 'Monteuse',
    phone: '+33 6 12 34 56 78',
    address: '12 rue des Rushs, 75011 Paris',
    paymentMethod: 'IBAN',
    complexityLevels: ['cuts_transitions', 'multicam', 'motion_2d'],
    specialtyDomains: ['youtube', 'corporate'],
    videoSpecialties: ['vlog', 'interview'],
    technicalCompetencies: ['color_grading', 'subtitling'],
    softwareMastered: ['premiere_pro', 'davinci_resolve'],
    otherSoftware: 'Audition',
    timezone: 'Europe/Paris',
    availabilityDays: ['lundi', 'mardi', 'jeudi'],
    availabilityStartTime: '09:00',
    availabilityEndTime: '18:00',
    unavailablePeriods: ['du 1er au 15 août', ''],
    experienceDescription: 'Cinq ans de montage pour des chaînes YouTube.',
    portfolioLinks: ['https://vimeo.com/lea', '', '  '],
    preferredClientTypes: ['creators', 'startups'],
    preferredVideoGenres: ['educational', 'tech'],
    acceptsTerms: true,
    acceptsPrivacy: true,
    acceptsContract: true,
    authorizesPortfolioUse: true,
    experienceYears: 5,
    hourlyRate: 32.5,
    availabilityHours: 30,
    motivation: 'J’aime raconter des histoires.',
    technicalSkills: 'Étalonnage sous DaVinci.',
    equipmentDescription: 'MacBook Pro M3, écran calibré.',
    specialties: ['youtube', 'corporate'],
    languages: ['français'],
    ...overrides,
  };
}

import fc from 'fast-check';
import { ADMIN_MESSAGES, inviteErrorMessage } from '../../domain/admin';
import { ApplicationUpdateSchema, InviteEditorSchema } from '../../domain/schemas/admin';
import { levelsFor, specialtiesFor } from '../../domain/assignment';
import {
  editorProfileFromApplication,
  levelsFromApplication,
  specialtiesFromApplication,
} from '../../domain/editor-invitation';
import { applicationAnswers as answers } from '../support/application-answers';
import { EditorProfileInputSchema } from '../../domain/schemas/project';
import { optionValues } from '../../domain/brief-options';
import {
  APPLICATION_TIMEZONES,
  COMPLEXITY_LEVELS,
  SPECIALTY_DOMAINS,
  VIDEO_SPECIALTIES,
} from '../../domain/recruitment';

/** The profile as the editor's form sends it back (no presentation = an empty text). */
const asForm = (profile: ReturnType<typeof editorProfileFromApplication>) => ({ ...profile, bio: profile.bio ?? '' });

describe('an approved application becomes the editor profile the assignment matches', () => {
  test('a YouTube applicant at the advanced tier matches a premium YouTube brief', () => {
    const profile = editorProfileFromApplication(
      answers({
        specialtyDomains: ['youtube', 'advertising'],
        complexityLevels: ['cuts_transitions', 'multicam'],
        hourlyRate: '35.30',
        timezone: 'Africa/Dakar',
        availabilityStartTime: '08:30:00',
        availabilityEndTime: '17:00:00',
        portfolioLinks: ['https://vimeo.com/ines', 'pas un lien', 'https://vimeo.com/ines'],
        experienceDescription: '  Six ans de montage YouTube.  ',
      }),
    );
    expect(profile).toMatchObject({
      firstName: 'Inès',
      lastName: 'Moreau',
      specialties: ['youtube', 'branding'],
      visualComplexityLevels: ['simple', 'moderate'],
      languages: ['français'],
      timezone: 'Europe/London',
      hourlyRate: 35.5,
      maxConcurrentProjects: 4,
      availabilityStart: '08:30',
      availabilityEnd: '17:00',
      status: 'active',
      bio: 'Six ans de montage YouTube.',
      portfolioLinks: ['https://vimeo.com/ines'],
    });
    // What the assignment asks of a premium YouTube brief.
    expect(profile.specialties.some((specialty) => specialtiesFor('youtube').includes(specialty))).toBe(true);
    expect(profile.visualComplexityLevels.some((level) => levelsFor('premium').includes(level))).toBe(true);
    expect(profile.visualComplexityLevels.some((level) => levelsFor('expert').includes(level))).toBe(false);
  });

  test('the highest tier reached gives every level up to it', () => {
    expect(levelsFromApplication([])).toEqual(['simple']);
    expect(levelsFromApplication(['subtitles'])).toEqual(['simple']);
    expect(levelsFromApplication(['motion_3d'])).toEqual(['simple', 'moderate', 'complex']);
    expect(levelsFromApplication(['vfx_rotoscoping', 'titles_text'])).toEqual([
      'simple',
      'moderate',
      'complex',
      'expert',
    ]);
  });

  test('video specialties add their platforms; unknown values are ignored', () => {
    expect(specialtiesFromApplication(['short_form'], ['vertical_reel', 'company_film', 'nope'])).toEqual([
      'tiktok',
      'instagram',
      'corporate',
    ]);
  });

  test('every specialty domain and time zone of the form lands on a value the profile offers', () => {
    for (const domain of optionValues(SPECIALTY_DOMAINS)) {
      expect(specialtiesFromApplication([domain])).not.toHaveLength(0);
    }
    for (const timezone of optionValues(APPLICATION_TIMEZONES)) {
      const profile = editorProfileFromApplication(answers({ timezone, specialtyDomains: ['youtube'] }));
      expect(EditorProfileInputSchema.safeParse(asForm(profile)).success).toBe(true);
    }
  });

  test('whatever the answers, the profile is one the editor’s own form accepts', () => {
    const subset = (values: readonly string[]) => fc.subarray([...values]);
    fc.assert(
      fc.property(
        subset(optionValues(SPECIALTY_DOMAINS)),
        subset(optionValues(VIDEO_SPECIALTIES)),
        subset(optionValues(COMPLEXITY_LEVELS)),
        fc.option(fc.double({ min: 0, max: 5000, noNaN: true }), { nil: null }),
        fc.constantFrom(null, 'Europe/Paris', 'Pacific/Tahiti', 'Mars/Olympus'),
        fc.array(fc.string(), { maxLength: 30 }),
        (domains, videos, levels, rate, timezone, links) => {
          const profile = editorProfileFromApplication(
            answers({
              specialtyDomains: domains,
              videoSpecialties: videos,
              complexityLevels: levels,
              hourlyRate: rate,
              timezone,
              portfolioLinks: links,
            }),
          );
          expect(EditorProfileInputSchema.safeParse(asForm(profile)).success).toBe(true);
          expect(profile.visualComplexityLevels[0]).toBe('simple');
        },
      ),
    );
  });
});

describe('admin inputs and the invite error mapping (000 §5, §8)', () => {
  test('an invitation needs an e-mail', () => {
    const missing = InviteEditorSchema.safeParse({});
    expect(missing.success).toBe(false);
    expect(missing.error?.issues[0].message).toBe(ADMIN_MESSAGES.emailRequired);
    expect(InviteEditorSchema.safeParse({ email: '  ' }).error?.issues[0].message).toBe(ADMIN_MESSAGES.emailRequired);
    expect(InviteEditorSchema.parse({ email: ' Nina@Example.COM ' }).email).toBe('nina@example.com');
  });

  test('notes refuse HTML and oversized text, and nothing else than status and notes', () => {
    expect(ApplicationUpdateSchema.safeParse({ adminNotes: '<script>alert(1)</script>' }).success).toBe(false);
    expect(ApplicationUpdateSchema.safeParse({ adminNotes: 'Délai < 5 jours' }).success).toBe(true);
    expect(ApplicationUpdateSchema.safeParse({ adminNotes: 'x'.repeat(5001) }).success).toBe(false);
    expect(ApplicationUpdateSchema.safeParse({ status: 'approved', reviewedBy: 'me' }).success).toBe(false);
    expect(ApplicationUpdateSchema.safeParse({}).error?.issues[0].message).toBe(ADMIN_MESSAGES.applicationUpdateEmpty);
  });

  test('the invite errors are worded as the spec says', () => {
    expect(inviteErrorMessage(409, 'whatever')).toBe('Un compte avec cet email existe déjà');
    expect(inviteErrorMessage(500, 'User already registered')).toBe('Un compte avec cet email existe déjà');
    expect(inviteErrorMessage(403, 'x')).toBe('Accès administrateur requis');
    expect(inviteErrorMessage(undefined, 'Admin access required')).toBe('Accès administrateur requis');
    expect(inviteErrorMessage(401, 'x')).toBe("Vous devez être connecté en tant qu'administrateur");
    expect(inviteErrorMessage(undefined, 'Unauthorized')).toBe("Vous devez être connecté en tant qu'administrateur");
    expect(inviteErrorMessage(500, 'Service indisponible')).toBe('Service indisponible');
    expect(inviteErrorMessage(500, '')).toBe("Erreur lors de l'invitation");
  });
});

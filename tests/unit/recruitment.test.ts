import {
  APPLICATION_LANGUAGES,
  APPLICATION_PAYMENT_METHODS,
  APPLICATION_TIMEZONES,
  applicationPayload,
  CLIENT_TYPES,
  COMPLEXITY_LEVEL_TIERS,
  DEFAULT_APPLICATION_TIMEZONE,
  EMPTY_APPLICATION_FORM,
  RECRUITMENT_MESSAGES,
  SOFTWARE,
  SPECIALTY_DOMAINS,
  TECHNICAL_COMPETENCIES,
  VIDEO_GENRES,
  VIDEO_SPECIALTIES,
  WEEKDAYS,
  type EditorApplicationFormValues,
} from '../../domain/recruitment';
import { editorApplicationFormSchema } from '../../domain/schemas/recruitment';
import { checkNewFile, MAX_PHOTO_SIZE_BYTES } from '../../domain/uploads';

/** The form of /recrutement as a visitor leaves it: names and e-mail typed, consents ticked. */
function formValues(overrides: Partial<EditorApplicationFormValues> = {}): EditorApplicationFormValues {
  return {
    ...EMPTY_APPLICATION_FORM,
    email: 'Lea@Example.com',
    firstName: ' Léa ',
    lastName: 'Monteuse',
    specialtyDomains: ['youtube', 'corporate'],
    acceptsTerms: true,
    acceptsPrivacy: true,
    acceptsContract: true,
    ...overrides,
  };
}

const messagesOf = (result: ReturnType<typeof editorApplicationFormSchema.safeParse>) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

test('the enumerations have the counts of 000 §3', () => {
  expect(COMPLEXITY_LEVEL_TIERS.map((tier) => [tier.fr, tier.levels.length])).toEqual([
    ['Standard', 4],
    ['Avancé', 5],
    ['Expert Motion', 4],
    ['Expert VFX', 4],
  ]);
  expect(
    [SPECIALTY_DOMAINS, VIDEO_SPECIALTIES, TECHNICAL_COMPETENCIES, SOFTWARE, CLIENT_TYPES, VIDEO_GENRES].map(
      (list) => list.length,
    ),
  ).toEqual([12, 17, 12, 8, 7, 8]);
  expect(APPLICATION_TIMEZONES).toHaveLength(14);
  expect(APPLICATION_TIMEZONES[0].value).toBe(DEFAULT_APPLICATION_TIMEZONE);
  expect(DEFAULT_APPLICATION_TIMEZONE).toBe('Europe/Paris');
  expect(WEEKDAYS.map((day) => day.value)).toEqual([
    'lundi',
    'mardi',
    'mercredi',
    'jeudi',
    'vendredi',
    'samedi',
    'dimanche',
  ]);
  expect(APPLICATION_PAYMENT_METHODS.map((method) => method.value)).toEqual(['IBAN', 'PayPal', 'Wise', 'Autre']);
});

test('the payload: numbers typed or null, empty links and periods dropped, specialties copied, French only', () => {
  const payload = applicationPayload(
    formValues({
      experienceYears: '7',
      hourlyRate: '32,5',
      availabilityHours: '',
      portfolioLinks: [{ url: ' https://vimeo.com/lea ' }, { url: '' }, { url: '   ' }],
      unavailablePeriods: 'du 1er au 15 août\n\n  du 24 au 31 décembre  ',
    }),
  );
  expect(payload).toMatchObject({
    experienceYears: 7,
    hourlyRate: 32.5,
    availabilityHours: null,
    portfolioLinks: ['https://vimeo.com/lea'],
    unavailablePeriods: ['du 1er au 15 août', 'du 24 au 31 décembre'],
    specialties: ['youtube', 'corporate'],
    languages: [...APPLICATION_LANGUAGES],
  });
  expect(APPLICATION_LANGUAGES).toEqual(['français']);
});

test('the form’s schema is the api’s: what it sends, and the messages it gives', () => {
  const sent = editorApplicationFormSchema.safeParse(formValues({ hourlyRate: '30' }));
  expect(sent.success).toBe(true);
  expect(sent.data).toMatchObject({
    email: 'lea@example.com',
    firstName: 'Léa',
    hourlyRate: 30,
    experienceYears: null,
    portfolioLinks: [],
    timezone: 'Europe/Paris',
  });

  const missing = editorApplicationFormSchema.safeParse(
    formValues({ email: ' ', firstName: '', lastName: '', acceptsContract: false }),
  );
  expect(messagesOf(missing)).toMatchObject({
    email: RECRUITMENT_MESSAGES.emailRequired,
    firstName: RECRUITMENT_MESSAGES.firstNameRequired,
    lastName: RECRUITMENT_MESSAGES.lastNameRequired,
    acceptsContract: RECRUITMENT_MESSAGES.consents,
  });
  // Portfolio use is the one optional consent.
  expect(editorApplicationFormSchema.safeParse(formValues({ authorizesPortfolioUse: false })).success).toBe(true);

  const links = editorApplicationFormSchema.safeParse(
    formValues({ portfolioLinks: [{ url: '' }, { url: 'vimeo.com/lea' }] }),
  );
  expect(messagesOf(links)).toEqual({ 'portfolioLinks.0': RECRUITMENT_MESSAGES.invalidLink });
  const hours = editorApplicationFormSchema.safeParse(
    formValues({ availabilityStartTime: '18:00', availabilityEndTime: '09:00' }),
  );
  expect(messagesOf(hours)).toEqual({ availabilityEndTime: RECRUITMENT_MESSAGES.endBeforeStart });
});

test('the photo: one JPG or PNG of at most 5 MB, checked before it is sent', () => {
  const photo = { name: 'portrait.jpg', size: MAX_PHOTO_SIZE_BYTES, type: 'image/jpeg' };
  expect(checkNewFile(photo, 0, 'application_photo')).toBeNull();
  expect(checkNewFile({ ...photo, size: MAX_PHOTO_SIZE_BYTES + 1 }, 0, 'application_photo')?.code).toBe('size');
  expect(checkNewFile({ ...photo, name: 'portrait.gif', type: 'image/gif' }, 0, 'application_photo')?.code).toBe(
    'type',
  );
  expect(checkNewFile(photo, 1, 'application_photo')?.code).toBe('count');
});

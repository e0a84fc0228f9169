import { randomUUID } from 'node:crypto';
import { EditorApplication, Notification } from '../../db/entities';
import { OutboxEvent } from '../../db/entities/outbox-event';
import { RECRUITMENT_MESSAGES } from '../../domain/recruitment';
import { UPLOAD_MESSAGES, UPLOAD_SESSION_HEADER } from '../../domain/uploads';
import { MESSAGES } from '../../domain/messages';
import { callApi, startInProcessStack, type InProcessStack } from '../support/in-process-stack';
import { waitUntil } from '../support/mail-server';
import { editorApplicationBody } from '../support/application-answers';

/**
 * `POST /api/editor-applications` (000 §2, §3, §5) in process, with editorApplicationWorkflow on
 * this suite's worker, its MailDev, the stack's storage and Keycloak (the admins to notify). The
 * token check is the auth suite's: here `admin-token` is an admin and `client-token` a client.
 */
jest.setTimeout(120_000);

let stack: InProcessStack;

beforeAll(async () => {
  stack = await startInProcessStack({
    database: 'rushflow_applications_api',
    namespace: 'rushflow-application-tests',
    adjust: (deps) => ({
      ...deps,
      verifyToken: async (token) => ({
        id: token === 'admin-token' ? 'admin-1' : 'client-1',
        email: `${token}@example.com`,
        emailVerified: true,
        roles: token === 'admin-token' ? ['admin'] : ['user'],
      }),
    }),
  });
});

afterAll(async () => {
  await stack?.stop();
});

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const upload = (path: string, secret: string, body: unknown) =>
  callApi(stack, `/api/uploads/sessions${path}`, { body, headers: { [UPLOAD_SESSION_HEADER]: secret } });

/**
 * Uploads `content` as the application's photo, as the form's uploader does: a session of area
 * `application_photo`, the file, its one part through the presigned URL, then completion.
 */
async function uploadPhoto(name: string, content: Buffer, type = 'image/png') {
  const session = await callApi(stack, '/api/uploads/sessions', { body: { area: 'application_photo' } });
  expect(session.status).toBe(201);
  const { sessionId, secret } = session.body as { sessionId: string; secret: string };
  const added = await upload(`/${sessionId}/files`, secret, { name, size: content.length, type });
  expect(added.status).toBe(201);
  const fileId = added.body.fileId as string;
  const sign = async (body: unknown) =>
    (await upload(`/${sessionId}/files/${fileId}/sign`, secret, body)).body.url as string;
  const put = await fetch(await sign({ operation: 'uploadPart', partNumber: 1 }), { method: 'PUT', body: content });
  expect(put.status).toBe(200);
  const xml = `<CompleteMultipartUpload><Part><PartNumber>1</PartNumber><ETag>${put.headers.get('etag')}</ETag></Part></CompleteMultipartUpload>`;
  expect((await fetch(await sign({ operation: 'complete' }), { method: 'POST', body: xml })).status).toBe(200);
  const completed = await upload(`/${sessionId}/files/${fileId}/complete`, secret, {});
  return { sessionId, secret, status: completed.body.status as string, key: added.body.key as string };
}

const submit = (body: unknown, secret?: string) =>
  callApi(stack, '/api/editor-applications', { body, headers: secret ? { [UPLOAD_SESSION_HEADER]: secret } : {} });

const applications = () => stack.db.orm.em.fork().count(EditorApplication, {});

test('an application with its photo is stored pending; the applicant is e-mailed, every admin notified', async () => {
  const email = `lea-${randomUUID()}@example.com`;
  const photo = await uploadPhoto('portrait.png', PNG);
  expect(photo.status).toBe('completed');
  const answer = await submit(
    editorApplicationBody(email.toUpperCase(), { profilePhotoSessionId: photo.sessionId }),
    photo.secret,
  );
  expect(answer.status).toBe(201);
  const applicationId = answer.body.applicationId as string;

  const stored = await stack.db.orm.em
    .fork()
    .findOneOrFail(EditorApplication, { id: applicationId }, { populate: ['profilePhoto'] });
  expect(stored).toMatchObject({
    status: 'pending',
    email,
    firstName: 'Léa',
    paymentMethod: 'IBAN',
    experienceYears: 5,
    hourlyRate: '32.50',
    availabilityHoursPerWeek: 30,
    availabilityStartTime: '09:00:00',
    portfolioLinks: ['https://vimeo.com/lea'],
    unavailablePeriods: ['du 1er au 15 août'],
    specialties: ['youtube', 'corporate'],
    languages: ['français'],
    acceptsTerms: true,
    authorizesPortfolioUse: true,
  });
  expect(stored.profilePhoto).toMatchObject({ bucket: 'application-photos', storageKey: photo.key, kind: 'image' });

  await waitUntil(async () => (await stack.mail.emailsTo(email)).length === 1, 30_000, 'the confirmation');
  const [confirmation] = await stack.mail.emailsTo(email);
  expect(confirmation.subject).toBe(
    `Votre candidature Rushflow est bien reçue (réf. ${applicationId.slice(0, 8).toUpperCase()})`,
  );
  expect(confirmation.text).toContain('Bonjour,');
  // Anyone may type any address: the receipt repeats none of the typed text.
  expect(confirmation.text).not.toContain('Léa');
  expect(confirmation.headers?.['reply-to']).toContain('contact@rushflow.fr');

  const admins = await stack.directory.admins();
  expect(admins.length).toBeGreaterThan(0);
  await waitUntil(
    async () =>
      (await stack.db.orm.em
        .fork()
        .count(Notification, { type: 'editor_application', message: { $like: `%${email}%` } })) === admins.length,
    30_000,
    'the admins’ notifications',
  );
  const notices = await stack.db.orm.em
    .fork()
    .find(Notification, { type: 'editor_application', message: { $like: `%${email}%` } });
  expect(notices.map((notice) => notice.userId).sort()).toEqual(admins.map((admin) => admin.id).sort());
  expect(notices[0]).toMatchObject({ title: 'Nouvelle candidature de monteur', isRead: false });
  const events = await stack.db.orm.em.fork().find(OutboxEvent, { type: 'notification.created' });
  for (const notice of notices) {
    expect(
      events.some(
        (event) =>
          event.userId === notice.userId &&
          (event.payload as { notification: { id: string } }).notification.id === notice.id,
      ),
    ).toBe(true);
  }

  // An admin opens the photo through a short-lived link; others may not.
  const link = await callApi(stack, `/api/editor-applications/${applicationId}/photo`, {
    method: 'GET',
    headers: { authorization: 'Bearer admin-token' },
  });
  expect(link.status).toBe(200);
  const picture = await fetch(link.body.url as string);
  expect(picture.status).toBe(200);
  expect(Buffer.from(await picture.arrayBuffer()).equals(PNG)).toBe(true);
  expect(new URL(link.body.url as string).searchParams.get('X-Amz-Expires')).toBe('300');
  const asClient = await callApi(stack, `/api/editor-applications/${applicationId}/photo`, {
    method: 'GET',
    headers: { authorization: 'Bearer client-token' },
  });
  expect(asClient.status).toBe(403);
  const anonymous = await callApi(stack, `/api/editor-applications/${applicationId}/photo`, { method: 'GET' });
  expect(anonymous.status).toBe(401);
});

test('an admin reviews an application with its photo: the answer links the photo', async () => {
  const email = `revue-${randomUUID()}@example.com`;
  const photo = await uploadPhoto('portrait.png', PNG);
  const answer = await submit(editorApplicationBody(email, { profilePhotoSessionId: photo.sessionId }), photo.secret);
  expect(answer.status).toBe(201);
  const reviewed = await callApi(stack, `/api/admin/applications/${answer.body.applicationId}`, {
    method: 'PATCH',
    body: { status: 'approved' },
    headers: { authorization: 'Bearer admin-token' },
  });
  expect(reviewed.status).toBe(200);
  const view = reviewed.body.application as { status: string; reviewedBy: string; photoUrl: string };
  expect(view).toMatchObject({ status: 'approved', reviewedBy: 'admin-1' });
  const picture = await fetch(view.photoUrl);
  expect(Buffer.from(await picture.arrayBuffer()).equals(PNG)).toBe(true);
});

test('a photo declared `image/jpeg,text/html` is refused; JPEG bytes then a script are served as a JPEG, never HTML', async () => {
  const session = await callApi(stack, '/api/uploads/sessions', { body: { area: 'application_photo' } });
  const { sessionId, secret } = session.body as { sessionId: string; secret: string };
  for (const type of ['image/jpeg,text/html', 'image/jpeg; x=y']) {
    const declared = await upload(`/${sessionId}/files`, secret, { name: 'portrait.jpg', size: 100, type });
    expect(declared.status).toBe(400);
    expect(JSON.stringify(declared.body)).toContain(UPLOAD_MESSAGES.declaredTypeInvalid);
  }

  const polyglot = Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]),
    Buffer.from('<script>document.title = "pwned"</script>'),
  ]);
  const photo = await uploadPhoto('portrait.jpg', polyglot, 'image/jpeg');
  expect(photo.status).toBe('completed');
  const answer = await submit(
    editorApplicationBody(`polyglotte-${randomUUID()}@example.com`, { profilePhotoSessionId: photo.sessionId }),
    photo.secret,
  );
  expect(answer.status).toBe(201);
  const link = await callApi(stack, `/api/editor-applications/${answer.body.applicationId as string}/photo`, {
    method: 'GET',
    headers: { authorization: 'Bearer admin-token' },
  });
  // What MinIO answers the admin's browser with: the type the server sniffed, one type, no HTML.
  const served = await fetch(link.body.url as string);
  expect(served.status).toBe(200);
  expect(served.headers.get('content-type')).toBe('image/jpeg');
  expect(served.headers.get('content-disposition')).toMatch(/^inline; filename="portrait\.jpg"/);
  expect(Buffer.from(await served.arrayBuffer()).equals(polyglot)).toBe(true);
});

test('one open application per e-mail: a second one is refused while the first is pending or contacted', async () => {
  const email = `double-${randomUUID()}@example.com`;
  expect((await submit(editorApplicationBody(email))).status).toBe(201);
  const before = await applications();
  const again = await submit(editorApplicationBody(email, { firstName: 'Autre' }));
  expect(again.status).toBe(409);
  expect(again.body.error).toBe(RECRUITMENT_MESSAGES.alreadyOpen('contact@rushflow.fr'));
  expect(await applications()).toBe(before);

  await stack.db.orm.em.fork().nativeUpdate(EditorApplication, { email }, { status: 'contacted' });
  expect((await submit(editorApplicationBody(email))).status).toBe(409);
  // Once decided (approved or rejected), the person may apply again.
  await stack.db.orm.em.fork().nativeUpdate(EditorApplication, { email }, { status: 'rejected' });
  expect((await submit(editorApplicationBody(email))).status).toBe(201);

  // Two submissions at once: one is stored, the other refused.
  const racing = `course-${randomUUID()}@example.com`;
  const answers = await Promise.all([submit(editorApplicationBody(racing)), submit(editorApplicationBody(racing))]);
  expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
  expect(await stack.db.orm.em.fork().count(EditorApplication, { email: racing })).toBe(1);
});

test('the photo must be an image: other content is rejected on completion, other files refused up front', async () => {
  const before = await applications();
  const fake = await uploadPhoto('portrait.png', Buffer.from('<html>pas une image</html>'.repeat(10)));
  expect(fake.status).toBe('rejected');
  const answer = await submit(
    editorApplicationBody(`faux-${randomUUID()}@example.com`, { profilePhotoSessionId: fake.sessionId }),
    fake.secret,
  );
  expect(answer.status).toBe(400);
  expect(answer.body.error).toBe(RECRUITMENT_MESSAGES.photoInvalid);

  // A real photo, but without the session's secret.
  const photo = await uploadPhoto('vrai.png', PNG);
  const noSecret = await submit(
    editorApplicationBody(`secret-${randomUUID()}@example.com`, { profilePhotoSessionId: photo.sessionId }),
  );
  expect(noSecret.status).toBe(400);
  expect(await applications()).toBe(before);

  const session = await callApi(stack, '/api/uploads/sessions', { body: { area: 'application_photo' } });
  const { sessionId, secret } = session.body as { sessionId: string; secret: string };
  const video = await upload(`/${sessionId}/files`, secret, { name: 'clip.mp4', size: 1000, type: 'video/mp4' });
  expect(video.status).toBe(415);
  const huge = await upload(`/${sessionId}/files`, secret, { name: 'grande.jpg', size: 6_000_000, type: 'image/jpeg' });
  expect(huge.status).toBe(413);
  expect(huge.body.error).toBe(UPLOAD_MESSAGES.tooLarge('grande.jpg', '5 Mo'));
  expect((await upload(`/${sessionId}/files`, secret, { name: 'a.jpg', size: 1000, type: 'image/jpeg' })).status).toBe(
    201,
  );
  // One photo per application.
  expect((await upload(`/${sessionId}/files`, secret, { name: 'b.jpg', size: 1000, type: 'image/jpeg' })).status).toBe(
    409,
  );
});

test('bad input is refused in French and nothing is written', async () => {
  const email = `mauvais-${randomUUID()}@example.com`;
  const before = await applications();

  const noConsent = await submit(editorApplicationBody(email, { acceptsContract: false, acceptsPrivacy: undefined }));
  expect(noConsent.status).toBe(400);
  expect(noConsent.body.error).toBe(RECRUITMENT_MESSAGES.consents);
  expect(Object.keys(noConsent.body.fields as object).sort()).toEqual(['acceptsContract', 'acceptsPrivacy']);

  const missing = await submit({ acceptsTerms: true, acceptsPrivacy: true, acceptsContract: true });
  expect(missing.status).toBe(400);
  expect(missing.body.fields).toEqual({
    email: RECRUITMENT_MESSAGES.emailRequired,
    firstName: RECRUITMENT_MESSAGES.firstNameRequired,
    lastName: RECRUITMENT_MESSAGES.lastNameRequired,
  });

  const wrongTypes = await submit(
    editorApplicationBody(email, {
      experienceYears: '5',
      hourlyRate: 'trente',
      specialtyDomains: 'youtube',
      acceptsTerms: 'oui',
    }),
  );
  expect(wrongTypes.status).toBe(400);
  expect(wrongTypes.body.fields).toMatchObject({
    experienceYears: '« Années d’expérience » doit être un nombre.',
    hourlyRate: '« Tarif horaire » doit être un nombre.',
    specialtyDomains: '« Domaines de spécialité » doit être une liste.',
    acceptsTerms: RECRUITMENT_MESSAGES.consents,
  });

  const unknownChoices = await submit(
    editorApplicationBody(email, { softwareMastered: ['photoshop'], timezone: 'Mars/Olympus' }),
  );
  expect(unknownChoices.status).toBe(400);
  expect(Object.keys(unknownChoices.body.fields as object).sort()).toEqual(['softwareMastered.0', 'timezone']);

  const outOfRange = await submit(
    editorApplicationBody(email, { experienceYears: 2.5, availabilityHours: 200, hourlyRate: -1 }),
  );
  expect(outOfRange.status).toBe(400);
  expect(Object.keys(outOfRange.body.fields as object).sort()).toEqual([
    'availabilityHours',
    'experienceYears',
    'hourlyRate',
  ]);

  const oversized = await submit(
    editorApplicationBody(email, {
      motivation: 'm'.repeat(3_001),
      firstName: 'L'.repeat(101),
      portfolioLinks: Array.from({ length: 11 }, (_, index) => `https://vimeo.com/${index}`),
    }),
  );
  expect(oversized.status).toBe(400);
  expect(oversized.body.fields).toMatchObject({
    motivation: '« Motivation » ne peut pas dépasser 3000 caractères.',
    firstName: '« Prénom » ne peut pas dépasser 100 caractères.',
    portfolioLinks: '« Liens du portfolio » contient trop d’éléments (10 maximum).',
  });

  const badLinks = await submit(editorApplicationBody(email, { portfolioLinks: ['javascript:alert(1)'] }));
  expect(badLinks.status).toBe(400);
  expect(badLinks.body.fields).toMatchObject({ 'portfolioLinks.0': RECRUITMENT_MESSAGES.invalidLink });
  const hours = await submit(
    editorApplicationBody(email, { availabilityStartTime: '18:00', availabilityEndTime: '09:00' }),
  );
  expect(hours.status).toBe(400);
  expect(hours.body.fields).toMatchObject({ availabilityEndTime: RECRUITMENT_MESSAGES.endBeforeStart });

  // A bare JSON string is not a request body: the body parser refuses it before the schema.
  const notJson = await submit('une chaîne');
  expect(notJson.status).toBe(400);
  expect(notJson.body.error).toBe(MESSAGES.malformedJson);
  const array = await submit([]);
  expect(array.status).toBe(400);

  expect(await applications()).toBe(before);
  expect(await stack.mail.emailsTo(email)).toHaveLength(0);
});

test('names typed with HTML are stored as typed and never reach the applicant’s e-mail', async () => {
  const email = `html-${randomUUID()}@example.com`;
  const answer = await submit(
    editorApplicationBody(email, { firstName: '<script>alert(1)</script>', lastName: '<b>X</b>' }),
  );
  expect(answer.status).toBe(201);
  await waitUntil(async () => (await stack.mail.emailsTo(email)).length === 1, 30_000, 'the confirmation');
  const [confirmation] = await stack.mail.emailsTo(email);
  for (const typed of ['alert(1)', 'X</b>', 'X&lt;/b&gt;']) {
    expect(confirmation.html).not.toContain(typed);
    expect(confirmation.text).not.toContain(typed);
  }
});

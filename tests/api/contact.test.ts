import { randomUUID } from 'node:crypto';
import { contactLimits } from '../../api/bootstrap';
import { createRecordRetentionClient } from '../../api/privacy/record-retention-client';
import { CallBooking, ContactMessage, EditorApplication } from '../../db/entities';
import {
  CALL_BOOKINGS_PER_ADDRESS_PER_DAY,
  CALL_DURATION_MINUTES,
  CONTACT_MESSAGES,
  type CallSlotsAnswer,
} from '../../domain/contact';
import { callApi, startInProcessStack, type InProcessStack } from '../support/in-process-stack';
import { waitUntil, type CapturedEmail } from '../support/mail-server';
import { testStack } from '../support/stack-env';
import { recordKeepUntil, type RetainedRecordKind } from '../../domain/retention';
import { keepUntilQuery, recordRetentionWorkflowId } from '../../workflows/contracts/record-retention';

/**
 * /contact's api (000 §2, §5, §7, §9) in process, with its workflows on this suite's worker and
 * MailDev: messages, the rate limits, the honeypot, the 15-minute call booking and bad input. Each
 * case counts on rate-limit counters of its own (a fresh key prefix), so neither the order of the
 * cases nor how the api reads the client's address (X-Forwarded-For or the socket) matters.
 */
jest.setTimeout(120_000);

let stack: InProcessStack;
const { accounts, signIn } = testStack();
const TEAM_ADDRESS = 'contact@rushflow.fr';

beforeAll(async () => {
  stack = await startInProcessStack({ database: 'rushflow_contact_api', namespace: 'rushflow-contact-tests' });
});

afterAll(async () => {
  await stack?.stop();
});

/** Fresh counters for the case: the configured limits (5 per 15 min), or the rules given. */
function freshLimits(rules: Parameters<typeof contactLimits>[3] = {}) {
  stack.deps.contact.limits = contactLimits(stack.config, stack.db.orm, `test-${randomUUID()}`, rules);
}

const messageBody = (email: string, overrides: Record<string, unknown> = {}) => ({
  firstName: 'Camille',
  lastName: 'Durand',
  email,
  subject: 'Un devis',
  message: 'Bonjour,\nPouvez-vous monter notre vidéo ?',
  website: '',
  ...overrides,
});

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  callApi(stack, path, { body, headers });

const rows = () => stack.db.orm.em.fork().count(ContactMessage, {});
const bookings = () => stack.db.orm.em.fork().count(CallBooking, {});

/** A client address of the documentation range, different at each call. */
let nextHost = 0;
const anotherAddress = () => ({ 'x-forwarded-for': `203.0.113.${(nextHost++ % 250) + 1}` });

async function mailsTo(email: string, count: number): Promise<CapturedEmail[]> {
  await waitUntil(
    async () => (await stack.mail.emailsTo(email)).length >= count,
    30_000,
    `${count} e-mails to ${email}`,
  );
  return stack.mail.emailsTo(email);
}

/** The date a record's deletion timer keeps it until (epoch ms). */
const keptUntil = (kind: RetainedRecordKind, id: string) =>
  stack.temporal.workflow.getHandle(recordRetentionWorkflowId(kind, id)).query(keepUntilQuery);

/** Waits long enough for a workflow that was (wrongly) started to have sent its e-mails. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 4_000));

describe('messages', () => {
  test('a message is stored, the team gets it with the visitor as reply-to, the visitor an acknowledgement', async () => {
    freshLimits();
    const email = `visiteur-${randomUUID()}@example.com`;
    const before = await rows();
    const answer = await post('/api/contact', messageBody(email.toUpperCase()));
    expect(answer.status).toBe(201);
    expect(answer.body.messageId).toEqual(expect.any(String));
    expect(await rows()).toBe(before + 1);
    const stored = await stack.db.orm.em.fork().findOneOrFail(ContactMessage, { id: answer.body.messageId as string });
    expect(stored).toMatchObject({ firstName: 'Camille', lastName: 'Durand', email, subject: 'Un devis' });

    const [acknowledgement] = await mailsTo(email, 1);
    expect(acknowledgement.subject).toBe('Nous avons bien reçu votre message');
    expect(acknowledgement.text).toContain('sous 24 h');
    await waitUntil(
      async () => (await stack.mail.emailsTo(TEAM_ADDRESS)).some((mail) => mail.text.includes(email)),
      30_000,
      'the team e-mail',
    );
    const team = (await stack.mail.emailsTo(TEAM_ADDRESS)).find((mail) => mail.text.includes(email))!;
    expect(team.subject).toBe('Message de contact : Un devis — Camille Durand');
    expect(team.headers?.['reply-to']).toContain(email);
  });

  test('a message is kept 3 years from the address’s last contact: a new message postpones the earlier one', async () => {
    freshLimits();
    const email = `fidele-${randomUUID()}@example.com`;
    const stored = async () =>
      stack.db.orm.em.fork().findOneOrFail(ContactMessage, {
        id: (await post('/api/contact', messageBody(email))).body.messageId as string,
      });
    const first = await stored();
    expect(await keptUntil('contact_message', first.id)).toBe(recordKeepUntil('contact_message', first.createdAt));

    const second = await stored();
    expect(second.createdAt.getTime()).toBeGreaterThan(first.createdAt.getTime());
    expect(await keptUntil('contact_message', first.id)).toBe(recordKeepUntil('contact_message', second.createdAt));
    expect(await keptUntil('contact_message', second.id)).toBe(recordKeepUntil('contact_message', second.createdAt));
  });

  test('five messages pass, the sixth within the window gets 429 with Retry-After and sends nothing', async () => {
    freshLimits();
    const email = `rafale-${randomUUID()}@example.com`;
    const headers = { 'x-forwarded-for': '198.51.100.7' };
    const before = await rows();
    for (let index = 0; index < 5; index += 1) {
      expect((await post('/api/contact', messageBody(email, { message: `Message ${index}` }), headers)).status).toBe(
        201,
      );
    }
    const sixth = await post('/api/contact', messageBody(email, { message: 'Message 5' }), headers);
    expect(sixth.status).toBe(429);
    expect(sixth.body.error).toBe(CONTACT_MESSAGES.rateLimited(15));
    const retryAfter = Number(sixth.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(await rows()).toBe(before + 5);
    await mailsTo(email, 5);
    await settle();
    const received = await stack.mail.emailsTo(email);
    expect(received).toHaveLength(5);
    expect(received.some((mail) => mail.text.includes('Message 5'))).toBe(false);
    const team = (await stack.mail.emailsTo(TEAM_ADDRESS)).filter((mail) => mail.text.includes(email));
    expect(team).toHaveLength(5);
  });

  test('the limit per e-mail address holds whatever the client address', async () => {
    freshLimits({ address: { points: 1_000, windowSeconds: 900 } });
    const email = `meme-adresse-${randomUUID()}@example.com`;
    for (let index = 0; index < 5; index += 1) {
      expect((await post('/api/contact', messageBody(email), anotherAddress())).status).toBe(201);
    }
    const before = await rows();
    const sixth = await post('/api/contact', messageBody(email), { 'x-forwarded-for': '192.0.2.99' });
    expect(sixth.status).toBe(429);
    expect(sixth.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await rows()).toBe(before);
    // Another address is not held back by that one's counter.
    expect((await post('/api/contact', messageBody(`autre-${randomUUID()}@example.com`))).status).toBe(201);
  });

  test('the limit per client address holds whatever the e-mail address', async () => {
    freshLimits({ email: { points: 1_000, windowSeconds: 900 } });
    const headers = { 'x-forwarded-for': '198.51.100.77' };
    for (let index = 0; index < 5; index += 1) {
      expect((await post('/api/contact', messageBody(`ip-${randomUUID()}@example.com`), headers)).status).toBe(201);
    }
    const before = await rows();
    const sixth = await post('/api/contact', messageBody(`ip-${randomUUID()}@example.com`), headers);
    expect(sixth.status).toBe(429);
    expect(await rows()).toBe(before);
  });

  test('a filled honeypot gets the same answer, and nothing is stored or sent', async () => {
    freshLimits();
    const email = `robot-${randomUUID()}@example.com`;
    const before = await rows();
    const answer = await post('/api/contact', messageBody(email, { website: 'https://spam.example.com' }));
    expect(answer.status).toBe(201);
    expect(Object.keys(answer.body)).toEqual(['messageId']);
    expect(await rows()).toBe(before);
    await settle();
    expect(await stack.mail.emailsTo(email)).toHaveLength(0);
    expect((await stack.mail.emailsTo(TEAM_ADDRESS)).some((mail) => mail.text.includes(email))).toBe(false);
  });

  test('bad input is refused in French and nothing is written', async () => {
    freshLimits({ address: { points: 1_000, windowSeconds: 900 }, email: { points: 1_000, windowSeconds: 900 } });
    const email = `mauvais-${randomUUID()}@example.com`;
    const before = await rows();

    const missing = await post('/api/contact', { email, message: 'Bonjour' });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe(CONTACT_MESSAGES.required);
    expect(missing.body.fields).toMatchObject({
      firstName: CONTACT_MESSAGES.firstNameRequired,
      lastName: CONTACT_MESSAGES.lastNameRequired,
    });
    const blank = await post('/api/contact', messageBody(email, { message: '   ' }));
    expect(blank.status).toBe(400);
    expect(blank.body.error).toBe(CONTACT_MESSAGES.required);

    const wrongTypes = await post('/api/contact', messageBody(email, { firstName: 42, message: ['a'] }));
    expect(wrongTypes.status).toBe(400);
    expect(wrongTypes.body.fields).toMatchObject({
      firstName: '« Prénom » doit être un texte.',
      message: '« Message » doit être un texte.',
    });
    const badEmail = await post('/api/contact', messageBody('pas-une-adresse'));
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.fields).toMatchObject({ email: 'Veuillez saisir une adresse e-mail valide.' });

    const oversized = await post('/api/contact', messageBody(email, { message: 'x'.repeat(5_001) }));
    expect(oversized.status).toBe(400);
    expect(oversized.body.fields).toMatchObject({ message: '« Message » ne peut pas dépasser 5000 caractères.' });
    const longSubject = await post('/api/contact', messageBody(email, { subject: 's'.repeat(201) }));
    expect(longSubject.status).toBe(400);

    const notObject = await post('/api/contact', ['liste']);
    expect(notObject.status).toBe(400);
    expect(notObject.body.error).toBe('Le message doit être un objet JSON.');

    expect(await rows()).toBe(before);
    await settle();
    expect(await stack.mail.emailsTo(email)).toHaveLength(0);
  });

  test('a spammer typing a victim’s address gets none of the typed text relayed to it', async () => {
    freshLimits();
    const victim = `victime-${randomUUID()}@example.com`;
    const typed = {
      firstName: 'Gagnant',
      lastName: 'Loterie',
      subject: 'Votre colis est bloqué',
      message: 'Payez les frais ici : https://phishing.example/colis\nMerci',
    };
    expect((await post('/api/contact', messageBody(victim, typed))).status).toBe(201);
    const [acknowledgement] = await mailsTo(victim, 1);
    expect(acknowledgement.subject).toBe('Nous avons bien reçu votre message');
    for (const text of ['Gagnant', 'Loterie', 'colis', 'phishing.example', 'Payez']) {
      expect(acknowledgement.subject).not.toContain(text);
      expect(acknowledgement.text).not.toContain(text);
      expect(acknowledgement.html).not.toContain(text);
    }
    // The team still reads the whole message.
    await waitUntil(
      async () => (await stack.mail.emailsTo(TEAM_ADDRESS)).some((mail) => mail.text.includes(victim)),
      30_000,
      'the team e-mail',
    );
    const team = (await stack.mail.emailsTo(TEAM_ADDRESS)).find((mail) => mail.text.includes(victim))!;
    expect(team.text).toContain('https://phishing.example/colis');
  });

  test('HTML in names and message is stored as typed and escaped in the team’s e-mail', async () => {
    freshLimits();
    const email = `html-${randomUUID()}@example.com`;
    const answer = await post(
      '/api/contact',
      messageBody(email, {
        firstName: '<script>alert(1)</script>',
        lastName: '<b>Gras</b>',
        message: '<img src=x onerror=alert(2)>',
      }),
    );
    expect(answer.status).toBe(201);
    await waitUntil(
      async () => (await stack.mail.emailsTo(TEAM_ADDRESS)).some((mail) => mail.text.includes(email)),
      30_000,
      'the team e-mail',
    );
    const team = (await stack.mail.emailsTo(TEAM_ADDRESS)).find((mail) => mail.text.includes(email))!;
    expect(team.html).toContain('&lt;b&gt;Gras&lt;/b&gt;');
    expect(team.html).not.toContain('<b>Gras</b>');
    expect(team.html).not.toContain('<img src=x');
  });
});

describe('the 15-minute call', () => {
  const slots = async () => {
    const answer = await callApi(stack, '/api/contact/call-slots', { method: 'GET' });
    expect(answer.status).toBe(200);
    return answer.body as unknown as CallSlotsAnswer;
  };
  const bookingBody = (startsAt: string, email: string, overrides: Record<string, unknown> = {}) => ({
    startsAt,
    name: 'Alex Martin',
    email,
    phone: '06 12 34 56 78',
    topic: 'Une série de vidéos',
    ...overrides,
  });
  const offeredStarts = async () => (await slots()).days.flatMap((day) => day.slots.map((free) => free.startsAt));

  /** The confirmation e-mail the address received for its latest booking, and its link's token. */
  async function confirmationMail(email: string, count = 1): Promise<{ mail: CapturedEmail; token: string }> {
    await waitUntil(
      async () =>
        (await stack.mail.emailsTo(email)).filter((mail) => mail.subject === 'Confirmez votre appel avec Rushflow')
          .length >= count,
      30_000,
      `${count} confirmation e-mails to ${email}`,
    );
    const mails = (await stack.mail.emailsTo(email)).filter(
      (mail) => mail.subject === 'Confirmez votre appel avec Rushflow',
    );
    const mail = mails.find((candidate) => !seenConfirmations.has(candidate.id)) ?? mails[0];
    seenConfirmations.add(mail.id);
    const token = /\/contact\/confirmer-appel#([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1];
    expect(token).toBeDefined();
    return { mail, token: token! };
  }
  const seenConfirmations = new Set<string>();
  const confirm = (token: string) => post('/api/contact/call-bookings/confirm', { token });

  /** Books as a visitor and follows the e-mailed link. */
  async function bookAndConfirm(body: Record<string, unknown>, headers: Record<string, string> = {}) {
    const booked = await post('/api/contact/call-bookings', body, headers);
    expect(booked.status).toBe(201);
    expect(booked.body.confirmationRequired).toBe(true);
    const { token } = await confirmationMail(body.email as string);
    const confirmed = await confirm(token);
    expect(confirmed.status).toBe(200);
    return booked;
  }

  test('free slots: Paris business hours on the next business days, 15 minutes each', async () => {
    const answer = await slots();
    expect(answer).toMatchObject({ timeZone: 'Europe/Paris', durationMinutes: CALL_DURATION_MINUTES });
    expect(answer.days.length).toBeGreaterThanOrEqual(4);
    for (const day of answer.days) {
      const weekday = new Date(`${day.date}T12:00:00Z`).getUTCDay();
      expect([0, 6]).not.toContain(weekday);
      for (const slot of day.slots) {
        expect(Date.parse(slot.startsAt)).toBeGreaterThan(Date.now());
        const paris = new Intl.DateTimeFormat('fr-FR', {
          hour: '2-digit',
          minute: '2-digit',
          timeZone: 'Europe/Paris',
        }).format(new Date(slot.startsAt));
        expect(paris).toBe(slot.time);
      }
    }
  });

  test('a booking takes its slot only once the e-mailed link confirms the address; both e-mails carry a valid .ics', async () => {
    freshLimits();
    const email = `appel-${randomUUID()}@example.com`;
    const [slot] = (await slots()).days.at(-1)!.slots;
    const booked = await post('/api/contact/call-bookings', bookingBody(slot.startsAt, email));
    expect(booked.status).toBe(201);
    expect(booked.body).toMatchObject({
      startsAt: slot.startsAt,
      endsAt: new Date(Date.parse(slot.startsAt) + 15 * 60_000).toISOString(),
      confirmationRequired: true,
    });
    // Unconfirmed, the booking holds nothing: the slot is still offered, the team has heard nothing.
    const { mail: confirmation, token } = await confirmationMail(email);
    expect(await offeredStarts()).toContain(slot.startsAt);
    expect((await stack.mail.emailsTo(TEAM_ADDRESS)).some((mail) => mail.text.includes(email))).toBe(false);
    // Anyone may type the address: the link's e-mail repeats nothing typed.
    for (const typed of ['Alex', 'Martin', 'série', '06 12', '6 12 34 56 78']) {
      expect(confirmation.text).not.toContain(typed);
      expect(confirmation.html).not.toContain(typed);
    }
    expect(confirmation.attachments ?? []).toHaveLength(0);

    const confirmed = await confirm(token);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ bookingId: booked.body.bookingId, startsAt: slot.startsAt });
    expect(await offeredStarts()).not.toContain(slot.startsAt);
    // A second click on the link answers as the first.
    expect((await confirm(token)).status).toBe(200);
    const wrong = await confirm('A'.repeat(43));
    expect(wrong.status).toBe(404);
    expect(wrong.body.error).toBe(CONTACT_MESSAGES.confirmationLinkInvalid);

    const stamp = slot.startsAt.replace(/[-:]/g, '').replace(/\.\d{3}/, '');
    await mailsTo(email, 2);
    const visitor = (await stack.mail.emailsTo(email)).find((mail) => mail.subject.startsWith('Votre appel avec'))!;
    await waitUntil(
      async () => (await stack.mail.emailsTo(TEAM_ADDRESS)).some((mail) => mail.text.includes(email)),
      30_000,
      'the team invitation',
    );
    const team = (await stack.mail.emailsTo(TEAM_ADDRESS)).find((mail) => mail.text.includes(email))!;
    expect(visitor.subject).toMatch(/^Votre appel avec Rushflow : /);
    expect(team.headers?.['reply-to']).toContain(email);
    for (const mail of [visitor, team]) {
      const ics = mail.attachments?.find((attachment) => attachment.fileName.endsWith('.ics'));
      expect(ics?.contentType).toMatch(/^text\/calendar/);
      const calendar = await stack.mail.attachment(mail.id, ics!.generatedFileName);
      expect(calendar).toMatch(/^BEGIN:VCALENDAR\r?\n/);
      expect(calendar).toMatch(/END:VCALENDAR\s*$/);
      expect(calendar).toContain('METHOD:REQUEST');
      expect(calendar).toContain(`DTSTART:${stamp}`);
      expect(calendar).toContain('DURATION:PT15M');
      expect(calendar).toContain(`UID:${booked.body.bookingId as string}@rushflow`);
      expect(calendar).toContain(`mailto:${email}`);
    }
  });

  test('the number to call: refused in French when missing or invalid, stored as E.164, shown formatted to the team', async () => {
    freshLimits({ address: { points: 1_000, windowSeconds: 900 }, email: { points: 1_000, windowSeconds: 900 } });
    const [slot] = (await slots()).days.at(-4)!.slots;
    const before = await bookings();
    const missing = await post(
      '/api/contact/call-bookings',
      bookingBody(slot.startsAt, `sans-${randomUUID()}@example.com`, { phone: '  ' }),
    );
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe(CONTACT_MESSAGES.required);
    expect(missing.body.fields).toMatchObject({ phone: CONTACT_MESSAGES.phoneRequired });
    for (const phone of ['06 12 34', '+44 12', 'appelez-moi']) {
      const invalid = await post(
        '/api/contact/call-bookings',
        bookingBody(slot.startsAt, `faux-${randomUUID()}@example.com`, { phone }),
      );
      expect(invalid.status).toBe(400);
      expect(invalid.body.error).toBe(CONTACT_MESSAGES.phoneInvalid);
      expect(invalid.body.fields).toEqual({ phone: CONTACT_MESSAGES.phoneInvalid });
    }
    expect(await bookings()).toBe(before);

    const email = `londres-${randomUUID()}@example.com`;
    const booked = await bookAndConfirm(bookingBody(slot.startsAt, email, { phone: '+44 20 7946 0958' }));
    const stored = await stack.db.orm.em.fork().findOneOrFail(CallBooking, { id: booked.body.bookingId as string });
    expect(stored.phone).toBe('+442079460958');
    await waitUntil(
      async () => (await stack.mail.emailsTo(TEAM_ADDRESS)).some((mail) => mail.text.includes(email)),
      30_000,
      'the team invitation',
    );
    const team = (await stack.mail.emailsTo(TEAM_ADDRESS)).find((mail) => mail.text.includes(email))!;
    expect(team.text).toContain('Téléphone : +44 20 7946 0958');
    await mailsTo(email, 2);
    const visitor = (await stack.mail.emailsTo(email)).find((mail) => mail.subject.startsWith('Votre appel avec'))!;
    expect(visitor.text).toContain('au +44 20 7946 0958');
  });

  test('two visitors confirming one slot at once: one gets it, the other a French 409 offering another; then it is refused', async () => {
    freshLimits();
    const [, slot] = (await slots()).days.at(-2)!.slots;
    const emails = [1, 2].map((index) => `course-${index}-${randomUUID()}@example.com`);
    for (const email of emails) {
      expect((await post('/api/contact/call-bookings', bookingBody(slot.startsAt, email))).status).toBe(201);
    }
    const tokens = await Promise.all(emails.map(async (email) => (await confirmationMail(email)).token));
    const answers = await Promise.all(tokens.map(confirm));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.status === 409)!.body.error).toBe(CONTACT_MESSAGES.slotNoLongerFree);
    const late = await post(
      '/api/contact/call-bookings',
      bookingBody(slot.startsAt, `tard-${randomUUID()}@example.com`),
    );
    expect(late.status).toBe(409);
    expect(late.body.error).toBe(CONTACT_MESSAGES.slotTaken);
  });

  test('rotating slots on one address: the booking past the daily allowance is refused in French', async () => {
    freshLimits({ address: { points: 1_000, windowSeconds: 900 }, email: { points: 1_000, windowSeconds: 900 } });
    const email = `quota-${randomUUID()}@example.com`;
    const free = (await slots()).days.at(-1)!.slots.slice(1);
    for (const slot of free.slice(0, CALL_BOOKINGS_PER_ADDRESS_PER_DAY)) {
      expect(
        (await post('/api/contact/call-bookings', bookingBody(slot.startsAt, email), anotherAddress())).status,
      ).toBe(201);
    }
    const before = await bookings();
    const over = await post(
      '/api/contact/call-bookings',
      bookingBody(free[CALL_BOOKINGS_PER_ADDRESS_PER_DAY].startsAt, email),
      anotherAddress(),
    );
    expect(over.status).toBe(429);
    expect(over.body.error).toBe(CONTACT_MESSAGES.tooManyBookings);
    expect(await bookings()).toBe(before);
    await mailsTo(email, CALL_BOOKINGS_PER_ADDRESS_PER_DAY);
    await settle();
    expect(await stack.mail.emailsTo(email)).toHaveLength(CALL_BOOKINGS_PER_ADDRESS_PER_DAY);
  });

  test('a booked call is kept 3 years after its date, and so is the address’s earlier message', async () => {
    freshLimits();
    const email = `rappel-${randomUUID()}@example.com`;
    const message = await post('/api/contact', messageBody(email));
    const [slot] = (await slots()).days.at(-1)!.slots;
    const booked = await post('/api/contact/call-bookings', bookingBody(slot.startsAt, email));
    expect(booked.status).toBe(201);
    const threeYearsAfterTheCall = recordKeepUntil('call_booking', new Date(slot.startsAt));
    expect(await keptUntil('call_booking', booked.body.bookingId as string)).toBe(threeYearsAfterTheCall);
    expect(await keptUntil('contact_message', message.body.messageId as string)).toBe(threeYearsAfterTheCall);
  });

  test('a signed-in account booking for its verified address needs no link', async () => {
    freshLimits();
    const token = await signIn(accounts.client.email, accounts.client.password);
    const slot = (await slots()).days.at(-2)!.slots.at(-1)!;
    const booked = await post('/api/contact/call-bookings', bookingBody(slot.startsAt, accounts.client.email), {
      authorization: `Bearer ${token}`,
    });
    expect(booked.status).toBe(201);
    expect(booked.body.confirmationRequired).toBe(false);
    expect(await offeredStarts()).not.toContain(slot.startsAt);
    await stack.db.orm.em.fork().nativeDelete(CallBooking, { id: booked.body.bookingId as string });
  });

  test('one upcoming call per e-mail address; bad input refused, nothing written', async () => {
    freshLimits({ address: { points: 1_000, windowSeconds: 900 }, email: { points: 1_000, windowSeconds: 900 } });
    const email = `deux-appels-${randomUUID()}@example.com`;
    const [first, second] = (await slots()).days.at(-3)!.slots;
    await bookAndConfirm(bookingBody(first.startsAt, email));
    const before = await bookings();

    const again = await post('/api/contact/call-bookings', bookingBody(second.startsAt, email));
    expect(again.status).toBe(409);
    expect(again.body.error).toMatch(/^Un appel est déjà prévu /);

    const other = `autre-${randomUUID()}@example.com`;
    const notOffered = await post('/api/contact/call-bookings', bookingBody('2031-01-01T02:00:00.000Z', other));
    expect(notOffered.status).toBe(400);
    expect(notOffered.body.error).toBe(CONTACT_MESSAGES.slotNotOffered);
    const missing = await post('/api/contact/call-bookings', { email: other });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe(CONTACT_MESSAGES.required);
    expect(missing.body.fields).toMatchObject({
      startsAt: CONTACT_MESSAGES.slotRequired,
      name: CONTACT_MESSAGES.nameRequired,
    });
    const wrongTypes = await post('/api/contact/call-bookings', bookingBody(second.startsAt, other, { name: 7 }));
    expect(wrongTypes.status).toBe(400);
    const notADate = await post('/api/contact/call-bookings', bookingBody('demain', other));
    expect(notADate.status).toBe(400);
    const oversized = await post(
      '/api/contact/call-bookings',
      bookingBody(second.startsAt, other, { topic: 't'.repeat(501) }),
    );
    expect(oversized.status).toBe(400);
    expect(await bookings()).toBe(before);
  });

  test('bookings are rate-limited like messages; a filled honeypot books nothing', async () => {
    freshLimits({ email: { points: 1_000, windowSeconds: 900 } });
    const days = (await slots()).days;
    const free = days.flatMap((day) => day.slots);
    const headers = { 'x-forwarded-for': '198.51.100.200' };
    const before = await bookings();
    const robot = await post(
      '/api/contact/call-bookings',
      bookingBody(free[0].startsAt, `robot-${randomUUID()}@example.com`, { website: 'x' }),
      headers,
    );
    expect(robot.status).toBe(201);
    expect(await bookings()).toBe(before);
    for (let index = 1; index < 5; index += 1) {
      const answer = await post(
        '/api/contact/call-bookings',
        bookingBody('2031-01-01T02:00:00.000Z', `essai-${index}@example.com`),
        headers,
      );
      expect(answer.status).toBe(400);
    }
    const sixth = await post(
      '/api/contact/call-bookings',
      bookingBody(free[1].startsAt, 'essai-6@example.com'),
      headers,
    );
    expect(sixth.status).toBe(429);
    expect(sixth.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await bookings()).toBe(before);
  });
});

describe('records stored before their retention timers existed', () => {
  test('the catch-up run after an upgrade gives each one the timer of its last contact, and never shortens one', async () => {
    const em = stack.db.orm.em.fork();
    const email = `avant-${randomUUID()}@example.com`;
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
    const message = em.create(ContactMessage, {
      firstName: 'Ancien',
      lastName: 'Contact',
      email,
      message: 'Un message d’avant les minuteries.',
      createdAt: daysAgo(400),
    });
    const booking = em.create(CallBooking, {
      startsAt: daysAgo(300),
      endsAt: new Date(daysAgo(300).getTime() + 15 * 60_000),
      name: 'Ancien Contact',
      email,
      createdAt: daysAgo(310),
    });
    const application = em.create(EditorApplication, {
      firstName: 'Ancien',
      lastName: 'Candidat',
      email: `candidat-${randomUUID()}@example.com`,
      acceptsTerms: true,
      acceptsPrivacy: true,
      acceptsContract: true,
      status: 'rejected',
      reviewedAt: daysAgo(200),
    });
    await em.flush();

    const retention = createRecordRetentionClient(async () => stack.temporal);
    expect(await retention.keepExistingRecords(stack.db.orm.em.fork())).toBeGreaterThanOrEqual(3);
    // The booked call is the address's last contact: both are kept 3 years from it.
    expect(await keptUntil('contact_message', message.id)).toBe(recordKeepUntil('contact_message', booking.startsAt));
    expect(await keptUntil('call_booking', booking.id)).toBe(recordKeepUntil('call_booking', booking.startsAt));
    expect(await keptUntil('editor_application', application.id)).toBe(
      recordKeepUntil('editor_application', application.reviewedAt!),
    );
    // Run again, it changes nothing.
    await retention.keepExistingRecords(stack.db.orm.em.fork());
    expect(await keptUntil('call_booking', booking.id)).toBe(recordKeepUntil('call_booking', booking.startsAt));
  });
});

import { randomUUID } from 'node:crypto';
import { Brief, CheckoutSession } from '../../db/entities';
import type { CheckoutSessionStatus } from '../../db/entities/checkout-session';
import { initOrm } from '../../db/orm';
import { readPublicPricingSettings } from '../../api/pricing/pricing-settings';
import { addWorkingDays, todayIn } from '../../domain/delivery';
import { MESSAGES } from '../../domain/messages';
import { estimate, type EstimateInput } from '../../domain/pricing';
import { expressUnavailableMessage } from '../../domain/schemas/brief';
import { testStack } from '../support/stack-env';

const { config, appUrl } = testStack();

function postEstimate(body: unknown) {
  return fetch(`${appUrl}/api/estimate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

test('POST /api/estimate answers the engine’s own estimate plus the launch offer, without sign-in', async () => {
  const input: EstimateInput = {
    serviceCategory: 'classic',
    visualComplexity: 'premium',
    rushMinutes: 120,
    finalMinutes: 10,
    currency: 'eur',
    features: { subtitles: true, voiceover: true, multicam: true },
  };
  const response = await postEstimate(input);
  expect(response.status).toBe(200);
  const body = (await response.json()) as Record<string, unknown>;
  expect(body).toMatchObject(JSON.parse(JSON.stringify(estimate(input))) as Record<string, unknown>);
  // 3.8 h × 3.036 = 11.5368 → 12 h × 27 € = 324 €, 226.80 € with the offer
  expect(body).toMatchObject({ billedHours: 12, price: 324, priceCents: 32400, offerPriceCents: 22680 });
  expect(body.launchOffer).toEqual({ places: 10, placesLeft: expect.any(Number), active: expect.any(Boolean) });
  expect(body.revisionWindowDays).toBe(3);
});

test('POST /api/estimate derives the category and fills the defaults', async () => {
  const response = await postEstimate({
    visualComplexity: 'professional',
    currency: 'usd',
    features: { customGraphics: true },
  });
  expect(response.status).toBe(200);
  // motion: 2.9 h × 3.276 = 9.5004 → 10 h × 54 $
  expect(await response.json()).toMatchObject({
    serviceCategory: 'motion',
    finalMinutes: 5,
    rushMinutes: 30,
    billedHours: 10,
    price: 540,
  });
});

test('bad input → 400 with French messages naming each field', async () => {
  const response = await postEstimate({
    visualComplexity: 'ultra',
    currency: 'gbp',
    rushMinutes: -3,
    features: { karaoke: true },
  });
  expect(response.status).toBe(400);
  expect(await response.json()).toEqual({
    error: MESSAGES.invalidInput,
    fields: {
      visualComplexity: 'Choisissez une complexité visuelle : professional, premium, expert ou cinematic.',
      currency: 'La devise doit être eur ou usd.',
      rushMinutes: 'La durée des rushs doit être supérieure à 0 minute.',
      features: 'Option inconnue : karaoke.',
    },
  });
});

test('no body, or an empty object → 400 saying what is missing', async () => {
  const noBody = await fetch(`${appUrl}/api/estimate`, { method: 'POST' });
  expect(noBody.status).toBe(400);
  expect(await noBody.json()).toEqual({
    error: MESSAGES.invalidInput,
    fields: { _: 'La demande d’estimation doit être un objet JSON.' },
  });

  const empty = await postEstimate({});
  expect(empty.status).toBe(400);
  const body = (await empty.json()) as { fields: Record<string, string> };
  expect(Object.keys(body.fields).sort()).toEqual(['currency', 'visualComplexity']);
});

/** The full form at /brief-old, as the browser sends it, with a desired delivery date. */
function postFullBrief(fields: Record<string, unknown>, desiredDeliveryDate: string) {
  return fetch(`${appUrl}/api/briefs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      clientEmail: `delai-${randomUUID()}@example.com`,
      projectName: 'Film de lancement',
      confirmRushesRights: true,
      confirmMusicRights: true,
      ...fields,
      desiredDeliveryDate,
    }),
  });
}

describe('the promised delay is one the date check accepts', () => {
  test.each([
    {
      name: 'VFX + Cinématique, rush 40, final 2',
      form: {
        serviceCategory: 'vfx',
        visualComplexity: 'cinematic',
        totalRushDurationProvided: 40,
        desiredFinalDuration: '2',
      },
      engine: { serviceCategory: 'vfx', visualComplexity: 'cinematic', rushMinutes: 40, finalMinutes: 2 },
      // 45 h: the time rule says 6 days, the category 28
      expected: { standardDays: 6, expressDays: 5, minimumWorkingDays: 28, deliveryWorkingDays: 28 },
    },
    {
      name: 'Motion + Expert',
      form: { serviceCategory: 'motion', visualComplexity: 'expert', totalRushDurationProvided: 30 },
      engine: { serviceCategory: 'motion', visualComplexity: 'expert', rushMinutes: 30 },
      expected: { standardDays: 2, expressDays: 1, minimumWorkingDays: 8, deliveryWorkingDays: 8 },
    },
  ] as const)(
    '$name: promised ≥ minimum, and a date at the promise is accepted',
    async ({ form, engine, expected }) => {
      const response = await postEstimate({ ...engine, currency: 'eur', features: {} });
      expect(response.status).toBe(200);
      const body = (await response.json()) as Record<string, unknown>;
      // The seed formula's days are kept as they are; the promise is added beside them.
      expect(body).toMatchObject({ ...expected, expressDeliveryWorkingDays: null });

      const today = todayIn();
      const promised = await postFullBrief(form, addWorkingDays(today, expected.deliveryWorkingDays));
      expect(promised.status).toBe(201);
      // One working day sooner is under the minimum: refused, naming the same number of days.
      const sooner = await postFullBrief(form, addWorkingDays(today, expected.deliveryWorkingDays - 1));
      expect(sooner.status).toBe(400);
      expect(((await sooner.json()) as { fields: Record<string, string> }).fields.desiredDeliveryDate).toContain(
        `le délai minimum est de ${expected.minimumWorkingDays} jours ouvrés`,
      );
    },
  );

  test('express is priced only where it ends sooner than the standard promise, never under the minimum', async () => {
    // Premium classic, 30 min from 300 min, multi-cam: 25.2 h → 4 days; minimum 3 → express in 3
    const offered = { visualComplexity: 'premium', rushMinutes: 300, finalMinutes: 30, currency: 'eur' };
    const withExpress = await postEstimate({ ...offered, features: { multicam: true }, express: true });
    expect(withExpress.status).toBe(200);
    expect(await withExpress.json()).toMatchObject({
      standardDays: 4,
      expressDays: 3,
      minimumWorkingDays: 3,
      deliveryWorkingDays: 4,
      expressDeliveryWorkingDays: 3,
    });

    // A 5-minute professional video: 2 days is already the minimum, express would promise a refused date.
    const small = { visualComplexity: 'professional', finalMinutes: 5, currency: 'eur', features: {} };
    const message = expressUnavailableMessage(2);
    expect(message).toContain('2 jours ouvrés');
    for (const [field, input] of [
      ['express', { ...small, express: true }],
      ['flatExtras.express48h', { ...small, flatExtras: { express48h: true } }],
    ] as const) {
      const refused = await postEstimate(input);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({ error: message, fields: { [field]: message } });
    }
    const wizard = await fetch(`${appUrl}/api/briefs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: `express-${randomUUID()}@example.com`,
        video_type: 'youtube',
        final_duration: 5,
        deadline: 'express',
      }),
    });
    expect(wizard.status).toBe(400);
    expect(((await wizard.json()) as { fields: Record<string, string> }).fields).toEqual({ deadline: message });
  });
});

test('GET /api/pricing/settings gives the revision settings, the offer places, express and the contact address', async () => {
  const response = await fetch(`${appUrl}/api/pricing/settings`);
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({
    revisionWindowDays: 3,
    maxRevisions: 3,
    launchOffer: { places: 10, placesLeft: expect.any(Number), active: expect.any(Boolean) },
    expressEnabled: true,
    contactEmail: 'contact@rushflow.fr',
  });
});

test('places left = offer places − checkouts holding a place (paid, being paid, open), never below 0', async () => {
  const orm = await initOrm(config.DATABASE_URL);
  try {
    // Inside a transaction that is rolled back, so the shared database is left as it was.
    await orm.em
      .fork()
      .transactional(async (em) => {
        const before = await readPublicPricingSettings(em);
        const brief = em.create(Brief, {
          id: randomUUID(),
          funnel: 'wizard',
          email: 'offre@example.com',
          status: 'pending_payment',
        });
        const checkout = (status: CheckoutSessionStatus, launchOfferClaimed: boolean, expiresInMs = 3_600_000) =>
          em.create(CheckoutSession, {
            brief,
            // Each a different client: one place per client.
            clientKey: `offre-${randomUUID()}@example.com`,
            status,
            launchOfferClaimed,
            amountCents: 1890,
            currency: 'eur',
            expiresAt: new Date(Date.now() + expiresInMs),
          });
        checkout('paid', true);
        checkout('paid', false); // paid at full price: takes no place
        checkout('expired', true); // expired: gave its place back
        checkout('failed', true); // failed: gave its place back
        await em.flush();
        const after = await readPublicPricingSettings(em);
        expect(after.launchOffer.placesLeft).toBe(Math.max(0, before.launchOffer.placesLeft - 1));

        for (let index = 0; index < 12; index += 1) checkout('paid', true);
        await em.flush();
        expect((await readPublicPricingSettings(em)).launchOffer).toEqual({ places: 10, placesLeft: 0, active: false });
        throw new RollBack();
      })
      .catch((error: unknown) => {
        if (!(error instanceof RollBack)) throw error;
      });
  } finally {
    await orm.close();
  }
});

class RollBack extends Error {}

import { randomUUID } from 'node:crypto';
import { Brief, CheckoutSession } from '../../db/entities';
import type { CheckoutSessionStatus } from '../../db/entities/checkout-session';
import { initOrm } from '../../db/orm';
import { readPublicPricingSettings } from '../../api/routes/pricing';
import { MESSAGES } from '../../domain/messages';
import { estimate, type EstimateInput } from '../../domain/pricing';
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

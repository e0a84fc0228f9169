import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import { estimate, type PublicPricingSettings } from '../../domain/pricing';
import { EXPRESS_DISABLED_MESSAGE } from '../../domain/settings';
import { expressUnavailableMessage } from '../../domain/schemas/brief';
import { estimateInputSchema } from '../../domain/schemas/estimate';
import { readSettings } from '../../db/settings';
import { launchOfferPlacesTaken } from '../payments/launch-offer';
import { cachedRead, type CachedRead } from '../lib/cached-read';
import { HttpError } from '../lib/http-error';
import { parseInput } from '../lib/validation';

/**
 * Reads the public settings. Places left = offer places − places held by checkout sessions
 * (open, being paid or paid; see api/payments/launch-offer.ts); an indication only: the atomic
 * claim happens when the checkout session is created.
 */
export async function readPublicPricingSettings(em: EntityManager): Promise<PublicPricingSettings> {
  const [settings, offersTaken] = await Promise.all([readSettings(em), launchOfferPlacesTaken(em)]);
  const places = settings.launchOfferPlaces;
  const placesLeft = Math.max(0, places - offersTaken);
  return {
    revisionWindowDays: settings.revisionWindowDays,
    maxRevisions: settings.maxRevisions,
    launchOffer: { places, placesLeft, active: placesLeft > 0 },
    expressEnabled: settings.expressEnabled,
    contactEmail: settings.contactEmail,
  };
}

/** How long the api answers the public settings from memory when nothing it knows of changed them. */
const PUBLIC_SETTINGS_FRESH_MS = 3_000;

/**
 * The public settings as every page reads them, kept in memory: they change through this api
 * (Admin › Paramètres, a checkout taking a place, a webhook giving one back), which invalidates
 * them after its commit; a change from elsewhere (another api process, an expiring checkout)
 * shows within `PUBLIC_SETTINGS_FRESH_MS`. The launch offer's places left are an indication only.
 */
export function cachedPublicPricingSettings(em: () => EntityManager): CachedRead<PublicPricingSettings> {
  return cachedRead(() => readPublicPricingSettings(em()), { ttlMs: PUBLIC_SETTINGS_FRESH_MS });
}

/**
 * Public pricing routes: the authoritative estimate (same engine and schema as the browser) and
 * the settings the pricing copy reads. No sign-in needed: a brief can be written anonymously.
 */
export interface PricingRouteDeps {
  settings: CachedRead<PublicPricingSettings>;
}

export function pricingRoutes(deps: PricingRouteDeps): Router {
  const router = new Router();

  router.post('/api/estimate', async (ctx) => {
    const input = parseInput(estimateInputSchema, ctx.request.body);
    const settings = await deps.settings.read();
    const expressField = input.express ? 'express' : input.flatExtras?.express48h ? 'flatExtras.express48h' : null;
    if (expressField && !settings.expressEnabled) {
      throw new HttpError(400, EXPRESS_DISABLED_MESSAGE, { [expressField]: EXPRESS_DISABLED_MESSAGE });
    }
    const result = estimate(input);
    // Never a price for an express that would not end before the standard promise (§5.1 minimum).
    if (expressField && result.expressDeliveryWorkingDays === null) {
      const message = expressUnavailableMessage(result.deliveryWorkingDays);
      throw new HttpError(400, message, { [expressField]: message });
    }
    ctx.set('Cache-Control', 'no-store');
    ctx.body = {
      ...result,
      launchOffer: settings.launchOffer,
      revisionWindowDays: settings.revisionWindowDays,
    };
  });

  router.get('/api/pricing/settings', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await deps.settings.read();
  });

  return router;
}

import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import { SETTING_DEFAULTS, type SettingKey } from '../../domain/enums';
import { estimate, type PublicPricingSettings } from '../../domain/pricing';
import { estimateInputSchema } from '../../domain/schemas/estimate';
import { Setting } from '../../db/entities';
import { launchOfferPlacesTaken } from '../payments/launch-offer';
import { parseInput } from '../lib/validation';

/** A stored setting as a whole number ≥ 0, or its default when missing or malformed. */
function wholeNumberSetting(stored: Map<string, unknown>, key: SettingKey): number {
  const value = Number(stored.get(key));
  return Number.isInteger(value) && value >= 0 ? value : SETTING_DEFAULTS[key];
}

/**
 * Reads the public pricing settings. Places left = offer places − places held by checkout sessions
 * (open, being paid or paid; see api/payments/launch-offer.ts); an indication only: the atomic
 * claim happens when the checkout session is created.
 */
export async function readPublicPricingSettings(em: EntityManager): Promise<PublicPricingSettings> {
  const keys: SettingKey[] = ['revision_window_days', 'max_revisions', 'launch_offer_places'];
  const [rows, offersTaken] = await Promise.all([em.find(Setting, { key: { $in: keys } }), launchOfferPlacesTaken(em)]);
  const stored = new Map(rows.map((row) => [row.key, row.value]));
  const places = wholeNumberSetting(stored, 'launch_offer_places');
  const placesLeft = Math.max(0, places - offersTaken);
  return {
    revisionWindowDays: wholeNumberSetting(stored, 'revision_window_days'),
    maxRevisions: wholeNumberSetting(stored, 'max_revisions'),
    launchOffer: { places, placesLeft, active: placesLeft > 0 },
  };
}

/**
 * Public pricing routes: the authoritative estimate (same engine and schema as the browser) and
 * the settings the pricing copy reads. No sign-in needed: a brief can be written anonymously.
 */
export interface PricingRouteDeps {
  /** A fresh entity manager per request. */
  em: () => EntityManager;
}

export function pricingRoutes(deps: PricingRouteDeps): Router {
  const router = new Router();

  router.post('/api/estimate', async (ctx) => {
    const input = parseInput(estimateInputSchema, ctx.request.body);
    const settings = await readPublicPricingSettings(deps.em());
    ctx.set('Cache-Control', 'no-store');
    ctx.body = {
      ...estimate(input),
      launchOffer: settings.launchOffer,
      revisionWindowDays: settings.revisionWindowDays,
    };
  });

  router.get('/api/pricing/settings', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await readPublicPricingSettings(deps.em());
  });

  return router;
}

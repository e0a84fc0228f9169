import Router from '@koa/router';
import { estimate, type PublicPricingSettings } from '../../domain/pricing';
import { EXPRESS_DISABLED_MESSAGE } from '../../domain/settings';
import { expressUnavailableMessage } from '../../domain/schemas/brief';
import { estimateInputSchema } from '../../domain/schemas/estimate';
import type { CachedRead } from '../lib/cached-read';
import { HttpError } from '../lib/http-error';
import { parseInput } from '../lib/validation';

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

import type { EntityManager } from '@mikro-orm/postgresql';
import type { PublicPricingSettings } from '../../domain/pricing';
import { readSettings } from '../../db/settings';
import { cachedRead, type CachedRead } from '../lib/cached-read';
import { launchOfferPlacesTaken } from './launch-offer';

/**
 * Reads the public settings. Places left = offer places − places held by checkout sessions
 * (open, being paid or paid; see api/pricing/launch-offer.ts); an indication only: the atomic
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

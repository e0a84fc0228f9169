import type { PublicPricingSettings } from '@domain/pricing';
import { http, HttpResponse } from 'msw';

/** The admin settings every page quoting prices reads (`GET /api/pricing/settings`). */
const pricingSettings: PublicPricingSettings = {
  revisionWindowDays: 3,
  maxRevisions: 3,
  launchOffer: { places: 50, placesLeft: 12, active: true },
  expressEnabled: true,
  contactEmail: 'contact@rushflow.test',
};

export const pricingHandlers = [http.get('/api/pricing/settings', () => HttpResponse.json(pricingSettings))];

import type { SellerIdentity } from '@domain/invoicing';
import { SellerIdentitySchema } from '@domain/schemas/invoicing';
import { http, HttpResponse } from 'msw';
import { accepting } from '../network';

/** `GET /api/admin/settings/seller`: the stored seller, or null before the admin fills it in. */
export const storedSeller = (seller: SellerIdentity | null) =>
  http.get('/api/admin/settings/seller', () => HttpResponse.json({ seller }));

/** `PUT /api/admin/settings/seller`: stored and answered back as the api reads it. */
export const acceptSeller = () =>
  accepting('put', '/api/admin/settings/seller', SellerIdentitySchema, (input) => ({
    json: { seller: SellerIdentitySchema.parse(input) },
  }));

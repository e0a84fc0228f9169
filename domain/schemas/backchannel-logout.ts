/**
 * `POST /api/keycloak/backchannel-logout`: Keycloak's notice that a session ended (OpenID Connect
 * Back-Channel Logout 1.0), a form with the signed logout token.
 */
import { z } from 'zod';

export const BackchannelLogoutInputSchema = z.object({
  logout_token: z
    .string({ error: 'Le jeton de déconnexion est requis.' })
    .min(1, 'Le jeton de déconnexion est requis.')
    .max(8192, 'Le jeton de déconnexion est trop long.'),
});

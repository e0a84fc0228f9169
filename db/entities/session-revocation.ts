import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * A signed-in session that ended: a page session's id, or a Keycloak session's id (`sid`) ended
 * by signing out or by Keycloak itself (back-channel logout). A page session or access token
 * naming it is refused. Kept a day, longer than any Keycloak session lasts (10 h).
 */
export const SessionRevocation = defineEntity({
  name: 'SessionRevocation',
  tableName: 'session_revocations',
  properties: {
    sessionId: p.text().primary(),
    revokedAt: p.datetime().index(),
  },
});
export type SessionRevocation = InferEntity<typeof SessionRevocation>;

import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * A user whose access changed (a role removed or given): their live streams end, and an access
 * token issued before `revokedBefore` no longer opens one, so only a fresh token (with the
 * current roles) follows the events again.
 */
export const AccessRevocation = defineEntity({
  name: 'AccessRevocation',
  tableName: 'access_revocations',
  properties: {
    userId: p.text().primary(),
    revokedBefore: p.datetime(),
  },
});
export type AccessRevocation = InferEntity<typeof AccessRevocation>;

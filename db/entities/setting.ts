import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { updatedAt, userId } from './columns';

/**
 * An admin setting (key → JSON value). Seeded by the first migration with `revision_window_days`
 * = 3, `max_revisions` = 3 and `launch_offer_places` = 10 (see `SETTING_DEFAULTS`).
 */
export const Setting = defineEntity({
  name: 'Setting',
  tableName: 'settings',
  properties: {
    key: p.text().primary(),
    value: p.json<unknown>(),
    updatedAt: updatedAt(),
    /** Keycloak user id of the admin who last changed it; null for the seeded default. */
    updatedBy: userId().nullable(),
  },
});
export type Setting = InferEntity<typeof Setting>;

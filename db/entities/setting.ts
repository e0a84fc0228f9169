import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { updatedAt, userId } from './columns';

/**
 * An admin setting (key → JSON value), seeded by the migrations with `SETTING_DEFAULTS`
 * (domain/settings.ts) and read through `readSettings` (db/settings.ts).
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

import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261122000000_initial } from './Migration20261122000000_initial';

/** Every migration, oldest first. A new migration is added here as well as in this folder. */
export const MIGRATIONS: MigrationObject[] = [
  { name: 'Migration20261122000000_initial', class: Migration20261122000000_initial },
];

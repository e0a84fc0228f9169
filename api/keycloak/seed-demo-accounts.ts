import type { Role } from '../../domain/roles';
import type { KeycloakAdminClient } from '../../clients/keycloak-admin';

type DemoAccountKey = 'admin' | 'editor' | 'client';

export interface DemoAccountDefinition {
  key: DemoAccountKey;
  /** Label shown when the start script prints the accounts. */
  label: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  role: Role;
}

/** Local demo accounts, e-mail already verified; printed by `npm start`. */
export const DEMO_ACCOUNTS: readonly DemoAccountDefinition[] = [
  {
    key: 'admin',
    label: 'Admin',
    email: 'admin@rushflow.local',
    password: 'Admin123!',
    firstName: 'Admin',
    lastName: 'Rushflow',
    role: 'admin',
  },
  {
    key: 'editor',
    label: 'Monteur',
    email: 'monteur@rushflow.local',
    password: 'Monteur123!',
    firstName: 'Léa',
    lastName: 'Martin',
    role: 'editor',
  },
  {
    key: 'client',
    label: 'Client',
    email: 'client@rushflow.local',
    password: 'Client123!',
    firstName: 'Camille',
    lastName: 'Durand',
    role: 'user',
  },
];

interface SeededAccount {
  id: string;
  email: string;
  password: string;
  /** True when this run created the account (false when it already existed). */
  created: boolean;
}

export type SeededDemoAccounts = Record<DemoAccountKey, SeededAccount>;

/**
 * Makes sure the three demo accounts exist with their role. Running it again changes nothing:
 * existing accounts keep their password and profile; only a missing role is granted back.
 */
export async function seedDemoAccounts(admin: KeycloakAdminClient): Promise<SeededDemoAccounts> {
  const result = {} as SeededDemoAccounts;
  for (const account of DEMO_ACCOUNTS) {
    let created = false;
    let id = (await admin.findUserByEmail(account.email))?.id;
    if (!id) {
      try {
        id = await admin.createUser({
          email: account.email,
          firstName: account.firstName,
          lastName: account.lastName,
          password: account.password,
          emailVerified: true,
        });
        created = true;
      } catch (error) {
        // Another process seeded the same account meanwhile.
        const existing =
          (error as { status?: number }).status === 409 ? await admin.findUserByEmail(account.email) : null;
        if (!existing) throw error;
        id = existing.id;
      }
    }
    const roles = await admin.getRealmRoles(id);
    if (!roles.includes(account.role)) await admin.assignRealmRole(id, account.role);
    result[account.key] = { id, email: account.email, password: account.password, created };
  }
  return result;
}

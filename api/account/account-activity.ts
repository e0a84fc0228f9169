import { processLogger } from '../../observability/logger';
import type { AuthUser } from '../middleware/auth';

const log = processLogger('api').child({ component: 'account-activity' });

/** Accounts remembered per instance; past it the memory starts over (at worst one more signal each). */
const REMEMBERED_ACCOUNTS = 100_000;

export interface AccountActivity {
  /** The signed-in caller just set their page session (sign-in, or a fresh token): their account is in use. */
  seen(user: AuthUser): void;
}

/**
 * Tells a client's or editor's privacy workflow that their account is in use, at most once a day
 * per account and api instance: the three-year inactivity count restarts. Never delays the
 * request: a failed signal is logged and tried again at the next sign-in.
 */
export function createAccountActivity(markActive: (userId: string) => Promise<void>, now = Date.now): AccountActivity {
  const markedOn = new Map<string, string>();
  return {
    seen(user) {
      if (user.roles.includes('admin') || !(user.roles.includes('user') || user.roles.includes('editor'))) return;
      const day = new Date(now()).toISOString().slice(0, 10);
      if (markedOn.get(user.id) === day) return;
      if (markedOn.size >= REMEMBERED_ACCOUNTS) markedOn.clear();
      markedOn.set(user.id, day);
      void markActive(user.id).catch((error: unknown) => {
        markedOn.delete(user.id);
        log.warn({ err: error }, 'account activity not recorded');
      });
    },
  };
}

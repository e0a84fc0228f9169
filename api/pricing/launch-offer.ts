import type { EntityManager } from '@mikro-orm/postgresql';
import { SETTING_DEFAULTS } from '../../domain/settings';

/**
 * The launch offer's places (setting `launch_offer_places`, first 10 paying clients). A place is
 * held by a checkout session from its creation: the price Stripe shows must be decided then. It
 * counts while the session is open and unexpired, being paid (asynchronous method) or paid; an
 * expired or failed session gives its place back. See docs/payments.md.
 */
const PLACE_HOLDING_SESSIONS = `
  "launch_offer_claimed"
  and ("status" in ('processing', 'paid') or ("status" = 'open' and "expires_at" > now()))`;

export async function launchOfferPlacesTaken(em: EntityManager): Promise<number> {
  const [row] = await em
    .getConnection()
    .execute<{ taken: string }[]>(
      `select count(*) as taken from "checkout_sessions" where ${PLACE_HOLDING_SESSIONS}`,
      [],
      'all',
      em.getTransactionContext(),
    );
  return Number(row?.taken ?? 0);
}

/**
 * Claims one place inside the caller's transaction. The row lock on the setting serialises every
 * claim, so counting and claiming are one step: two clients racing for the last place cannot
 * both get it. Returns false when no place is left. The caller then inserts its session with
 * `launch_offer_claimed` = the answer, before committing (the lock is held until then).
 */
export async function claimLaunchOfferPlace(tx: EntityManager): Promise<boolean> {
  const connection = tx.getConnection();
  const context = tx.getTransactionContext();
  await connection.execute(
    `insert into "settings" ("key", "value") values ('launch_offer_places', ?::jsonb) on conflict ("key") do nothing`,
    [String(SETTING_DEFAULTS.launch_offer_places)],
    'run',
    context,
  );
  const [setting] = await connection.execute<{ value: unknown }[]>(
    `select "value" from "settings" where "key" = 'launch_offer_places' for update`,
    [],
    'all',
    context,
  );
  const places = Number(setting?.value);
  const limit = Number.isInteger(places) && places >= 0 ? places : SETTING_DEFAULTS.launch_offer_places;
  const [row] = await connection.execute<{ taken: string }[]>(
    `select count(*) as taken from "checkout_sessions" where ${PLACE_HOLDING_SESSIONS}`,
    [],
    'all',
    context,
  );
  return Number(row?.taken ?? 0) < limit;
}

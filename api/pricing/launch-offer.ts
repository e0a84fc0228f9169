import type { EntityManager } from '@mikro-orm/postgresql';
import { SETTING_DEFAULTS } from '../../domain/settings';

/**
 * The launch offer's places (setting `launch_offer_places`, first 10 paying clients), one per
 * client. A checkout holds a place for `LAUNCH_OFFER_HOLD_MS` (the price Stripe shows must be
 * decided then); the payment claims it. A place counts while it is paid, being paid (asynchronous
 * method) or held; an expired, failed or refunded session gives it back. See docs/payments.md.
 */
const PLACE_COUNTING_SESSIONS = `
  "launch_offer_claimed"
  and ("status" in ('processing', 'paid') or ("status" = 'open' and "hold_expires_at" > now()))`;

export async function launchOfferPlacesTaken(em: EntityManager): Promise<number> {
  const [row] = await em
    .getConnection()
    .execute<{ taken: string }[]>(
      `select count(*) as taken from "checkout_sessions" where ${PLACE_COUNTING_SESSIONS}`,
      [],
      'all',
      em.getTransactionContext(),
    );
  return Number(row?.taken ?? 0);
}

/** The client a place is for: the normalised e-mail, and the account of a signed-in brief. */
export interface LaunchOfferClient {
  clientKey: string;
  clientAccountId: string | null;
}

/**
 * Whether `client` may have a place, inside the caller's transaction: a place is free and the
 * client holds or paid none. The row lock on the setting serialises every claim, so counting and
 * claiming are one step (the partial unique index on the client is the backstop). Lapsed holds
 * are closed first, so the index only sees live places. `checkoutId` is the session asking again
 * for its own place (a discounted payment arriving): it is not counted against itself. The caller
 * writes its session with the answer before committing (the lock is held until then).
 */
export async function claimLaunchOfferPlace(
  tx: EntityManager,
  client: LaunchOfferClient,
  checkoutId: string | null = null,
): Promise<boolean> {
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
  await connection.execute(
    `update "checkout_sessions" set "status" = 'expired', "updated_at" = now()
      where "launch_offer_claimed" and "status" = 'open' and "hold_expires_at" <= now()
        and "id" is distinct from ?`,
    [checkoutId],
    'run',
    context,
  );
  const places = Number(setting?.value);
  const limit = Number.isInteger(places) && places >= 0 ? places : SETTING_DEFAULTS.launch_offer_places;
  const [row] = await connection.execute<{ taken: string; mine: string }[]>(
    `select count(*) as taken,
            count(*) filter (where "client_key" = ? or "client_account_id" = ?) as mine
       from "checkout_sessions" where ${PLACE_COUNTING_SESSIONS} and "id" is distinct from ?`,
    [client.clientKey, client.clientAccountId, checkoutId],
    'all',
    context,
  );
  return Number(row?.taken ?? 0) < limit && Number(row?.mine ?? 0) === 0;
}

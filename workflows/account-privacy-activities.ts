/** Activities of accountPrivacyWorkflow, implemented in activities/account-privacy.ts. */
import type { AccountPrivacyEmail, ErasureReason } from './contracts/account-privacy';

export interface AccountPrivacyActivities {
  /**
   * Writes the ZIP of everything the product holds on the account (`donnees.json` and the
   * person's own files) to the exports bucket under a key made from `exportId`; run twice, one file.
   */
  exportAccountData(input: { userId: string; exportId: string }): Promise<{ objectKey: string }>;
  /**
   * Renders one of the account's French e-mails and sends it once per `key` to the account's
   * current address (read from Keycloak, so no address enters the workflow's history). An account
   * that no longer exists gets nothing.
   */
  sendAccountEmail(input: { userId: string; key: string; email: AccountPrivacyEmail }): Promise<void>;
  /**
   * Deletes what only the person had and pseudonymises what others still need, in PostgreSQL and
   * S3, except the invoice archive; the Keycloak account is left for `finishAccountErasure`.
   * Idempotent: a second run finds nothing left.
   */
  eraseAccountData(userId: string): Promise<{ rowsDeleted: number; rowsPseudonymised: number; objectsDeleted: number }>;
  /** Tells the person their account is erased (once per `key`), then deletes the Keycloak account. */
  finishAccountErasure(input: { userId: string; key: string; reason: ErasureReason }): Promise<void>;
}

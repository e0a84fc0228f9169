import { randomUUID } from 'node:crypto';
import { Brief } from '../../db/entities';
import { BRIEF_ADDRESS_MESSAGES } from '../../domain/address-confirmation';
import { briefWorkflowId } from '../../workflows/contracts/brief';
import { standardWizardBrief } from '../support/brief-fixtures';
import { waitUntil, type CapturedEmail } from '../support/mail-server';
import { postJson, startPaymentStack, type PaymentStack } from '../support/payment-stack';
import { testStack } from '../support/stack-env';

/**
 * Anyone may type any address in a brief: its receipt carries a link that confirms the address, and
 * the brief's workflow holds the payment reminders until the link is followed (the timed reminders
 * themselves are the workflow suite's). A signed-in account's verified address needs no link. The
 * api runs in process with its worker; the signed-in caller carries a real Keycloak token.
 */
jest.setTimeout(120_000);

const { accounts, signIn } = testStack();
let stack: PaymentStack;

beforeAll(async () => {
  stack = await startPaymentStack('brief-address');
  await stack.startWorker();
});

afterAll(async () => {
  await stack?.stop();
});

/** Submits a brief; the answer says whether the page must ask for the receipt's link. */
async function submitBrief(
  email: string,
  headers: Record<string, string> = {},
): Promise<{ briefId: string; addressConfirmationNeeded: boolean }> {
  const answer = await postJson(`${stack.baseUrl}/api/briefs`, standardWizardBrief(email), headers);
  expect(answer.status).toBe(201);
  return answer.body as { briefId: string; addressConfirmationNeeded: boolean };
}

async function receiptFor(email: string, briefId: string): Promise<CapturedEmail> {
  const reference = briefId.slice(0, 8).toUpperCase();
  let receipt: CapturedEmail | undefined;
  await waitUntil(
    async () => {
      receipt = (await stack.mail.emailsTo(email)).find((mail) => mail.subject.includes(reference));
      return Boolean(receipt);
    },
    30_000,
    'the receipt',
  );
  return receipt!;
}

const confirm = (token: unknown) => postJson(`${stack.baseUrl}/api/briefs/address-confirmation`, { token });
const storedBrief = (briefId: string) => stack.db.orm.em.fork().findOneOrFail(Brief, briefId);

test('an anonymous brief’s receipt carries the link; following it confirms the address and tells the workflow', async () => {
  const email = `anonyme-${randomUUID()}@example.com`;
  const { briefId, addressConfirmationNeeded } = await submitBrief(email);
  expect(addressConfirmationNeeded).toBe(true);
  const receipt = await receiptFor(email, briefId);
  const appUrl = stack.config.APP_URL.replace(/\/$/, '');
  const token = new RegExp(`${appUrl}/brief/confirmer-adresse#([A-Za-z0-9_-]{43})`).exec(receipt.text)?.[1];
  expect(token).toBeDefined();
  expect(receipt.text).toContain('Confirmez votre adresse e-mail pour recevoir nos rappels de paiement');
  expect((await storedBrief(briefId)).addressConfirmedAt).toBeNull();

  // Guessed, altered or missing tokens confirm nothing, in French.
  for (const wrong of ['A'.repeat(43), `${token!.slice(0, 42)}${token!.endsWith('A') ? 'B' : 'A'}`]) {
    const refused = await confirm(wrong);
    expect(refused.status).toBe(404);
    expect(refused.body.error).toBe(BRIEF_ADDRESS_MESSAGES.linkInvalid);
  }
  expect((await confirm(undefined)).status).toBe(400);
  expect((await storedBrief(briefId)).addressConfirmedAt).toBeNull();

  const confirmed = await confirm(token);
  expect(confirmed.status).toBe(200);
  expect(confirmed.body).toEqual({ briefId });
  expect((await storedBrief(briefId)).addressConfirmedAt).toBeInstanceOf(Date);
  const history = await stack.temporal.workflow.getHandle(briefWorkflowId(briefId)).fetchHistory();
  const signals = (history.events ?? []).flatMap(
    (event) => event.workflowExecutionSignaledEventAttributes?.signalName ?? [],
  );
  expect(signals).toContain('addressConfirmed');
  // A second click answers as the first.
  expect((await confirm(token)).status).toBe(200);
});

test('a signed-in account’s brief for its verified address is confirmed at once: no link in the receipt', async () => {
  const token = await signIn(accounts.client.email, accounts.client.password);
  const { briefId, addressConfirmationNeeded } = await submitBrief(accounts.client.email, {
    authorization: `Bearer ${token}`,
  });
  expect(addressConfirmationNeeded).toBe(false);
  const receipt = await receiptFor(accounts.client.email, briefId);
  expect(receipt.text).not.toContain('confirmer-adresse');
  expect((await storedBrief(briefId)).addressConfirmedAt).toBeInstanceOf(Date);
});

import { context, type Context } from '@opentelemetry/api';
import { WorkflowExecutionAlreadyStartedError, type Duration } from '@temporalio/common';
import {
  condition,
  ParentClosePolicy,
  patched,
  proxyActivities,
  setHandler,
  startChild,
  uuid4,
  WorkflowIdReusePolicy,
} from '@temporalio/workflow';
import type { BriefActivities } from './brief-activities';
import { durationMs } from './duration';
import {
  addressConfirmedSignal,
  BRIEF_NOT_FOUND,
  BRIEF_PAYMENT_WINDOW,
  PAYMENT_REMINDER_DELAYS,
  paymentConfirmedSignal,
  type BriefWorkflowInput,
  type BriefWorkflowResult,
  type PaymentConfirmation,
} from './contracts/brief';
import {
  projectWorkflowId,
  RUSHFLOW_CLIENT_EMAIL,
  RUSHFLOW_STATUS,
  RUSHFLOW_VIDEO_TYPE,
  type ProjectWorkflowInput,
} from './contracts/project';
import type { PaymentActivities } from './payment-activities';
import { projectWorkflow } from './project-workflow';
import { rushContactSheetWorkflowId, type RushContactSheetInput } from './contracts/rush-contact-sheet';
import { rushContactSheetWorkflow } from './rush-contact-sheet-workflow';

/** The patch that holds an anonymous brief's reminders until its address is confirmed. */
const REMINDERS_AFTER_ADDRESS_CONFIRMED = 'reminders-after-address-confirmed';
/** The patch that starts the contact sheets of the brief's rushes, once they are the project's files. */
const BRIEF_RUSH_CONTACT_SHEETS = 'brief-rush-contact-sheets';

const activities = proxyActivities<BriefActivities & PaymentActivities>({
  startToCloseTimeout: '30 seconds',
  retry: {
    initialInterval: '2 seconds',
    backoffCoefficient: 2,
    maximumInterval: '5 minutes',
    nonRetryableErrorTypes: [BRIEF_NOT_FOUND, 'WorkerMisconfigured'],
  },
});

async function confirmationArrived(payment: {
  confirmation?: PaymentConfirmation;
}): Promise<PaymentConfirmation | undefined> {
  await condition(() => payment.confirmation !== undefined);
  return payment.confirmation;
}

/** Whether the brief's address may be written to: confirmed, or never in question. */
interface Address {
  confirmed: boolean;
}

/**
 * Waits durably for the verified payment (DESIGN.md BriefWorkflow step 3): reminders at 24 h and
 * 72 h, then expiry at the end of the window. Returns the confirmation, or undefined once the
 * brief is expired. Every wait is measured from `startedAt`, so the deadlines hold across replays.
 * A reminder due while the address is unconfirmed waits for the confirmation until the next
 * deadline, and is dropped if none comes; the expiry notice goes only to a confirmed address.
 */
async function waitForPayment(
  briefId: string,
  startedAt: number,
  payment: { confirmation?: PaymentConfirmation },
  address: Address,
): Promise<PaymentConfirmation | undefined> {
  const paid = () => payment.confirmation !== undefined;
  const until = (delay: Duration) => Math.max(1, startedAt + durationMs(delay) - Date.now());
  const deadlines: Duration[] = [...PAYMENT_REMINDER_DELAYS, BRIEF_PAYMENT_WINDOW];

  for (const [index, delay] of PAYMENT_REMINDER_DELAYS.entries()) {
    if (await condition(paid, until(delay))) return payment.confirmation;
    if (!address.confirmed) {
      await condition(() => paid() || address.confirmed, until(deadlines[index + 1]));
      if (paid()) return payment.confirmation;
      if (!address.confirmed) continue;
    }
    const reminder = await activities.renderPaymentReminderEmail(briefId, index + 1);
    await activities.sendEmail({ ...reminder, idempotencyKey: `payment-reminder-${index + 1}:${briefId}:${uuid4()}` });
  }
  if (await condition(paid, until(BRIEF_PAYMENT_WINDOW))) return payment.confirmation;

  const { expired } = await activities.expireBrief(briefId);
  // A paid checkout session exists: its webhook signalled before committing, so the
  // confirmation is already delivered or about to be.
  if (!expired) return confirmationArrived(payment);
  if (!address.confirmed) return undefined;
  const notice = await activities.renderBriefExpiredEmail(briefId);
  await activities.sendEmail({ ...notice, idempotencyKey: `brief-expired:${briefId}:${uuid4()}` });
  return undefined;
}

/**
 * Starts the project's own workflow once. The start is recorded in this workflow's history, so a
 * replay never starts it again; REJECT_DUPLICATE covers a brief workflow started anew after an
 * expiry, whose project workflow already exists.
 */
async function startProjectWorkflow(
  input: BriefWorkflowInput,
  projectId: string,
  clientEmail: string,
  videoType: string | null,
) {
  const args: [ProjectWorkflowInput] = [
    { projectId, briefId: input.briefId, searchAttributes: input.searchAttributes !== false },
  ];
  try {
    await startChild(projectWorkflow, {
      workflowId: projectWorkflowId(projectId),
      args,
      parentClosePolicy: ParentClosePolicy.ABANDON,
      workflowIdReusePolicy: WorkflowIdReusePolicy.REJECT_DUPLICATE,
      ...(input.searchAttributes === false
        ? {}
        : {
            typedSearchAttributes: [
              { key: RUSHFLOW_STATUS, value: 'brief_received' },
              { key: RUSHFLOW_CLIENT_EMAIL, value: clientEmail },
              { key: RUSHFLOW_VIDEO_TYPE, value: videoType ?? 'autre' },
            ],
          }),
    });
  } catch (error) {
    if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
  }
}

/**
 * Starts the contact sheet of each of the brief's rushes, once: like the project's workflow, a
 * start recorded in this history; a run already there (an earlier attempt's) is the one wanted.
 */
async function startContactSheets(fileIds: readonly string[]) {
  for (const fileId of fileIds) {
    const args: [RushContactSheetInput] = [{ fileId }];
    try {
      await startChild(rushContactSheetWorkflow, {
        workflowId: rushContactSheetWorkflowId(fileId),
        args,
        parentClosePolicy: ParentClosePolicy.ABANDON,
      });
    } catch (error) {
      if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
    }
  }
}

/**
 * Owns one brief from its submission (`brief-<briefId>`). The api stored it `pending_payment`;
 * this workflow confirms it to the client by e-mail, waits for the verified payment, then creates
 * the project exactly once, starts its workflow and sends the receipt.
 */
export async function briefWorkflow(input: BriefWorkflowInput): Promise<BriefWorkflowResult> {
  const startedAt = Date.now();
  const payment: { confirmation?: PaymentConfirmation; traceContext?: Context } = {};
  // The first confirmation counts; Stripe's repeated or late events change nothing.
  setHandler(paymentConfirmedSignal, (confirmation) => {
    if (payment.confirmation) return;
    payment.confirmation = confirmation;
    // The signal's span, child of the payment webhook's request.
    payment.traceContext = context.active();
  });
  const address: Address = { confirmed: true };
  setHandler(addressConfirmedSignal, () => {
    address.confirmed = true;
  });

  if (!input.resumedByPayment) {
    const { awaitsAddressConfirmation, ...confirmationEmail } = await activities.renderBriefConfirmationEmail(
      input.briefId,
    );
    // Histories from before the link kept sending reminders to any address: they replay as they ran.
    if (awaitsAddressConfirmation && patched(REMINDERS_AFTER_ADDRESS_CONFIRMED)) address.confirmed = false;
    // The key is made here, so a replay reuses it and a retried send is recognised.
    await activities.sendEmail({
      ...confirmationEmail,
      idempotencyKey: `brief-confirmation:${input.briefId}:${uuid4()}`,
    });
  }

  const confirmation = input.resumedByPayment
    ? await confirmationArrived(payment)
    : await waitForPayment(input.briefId, startedAt, payment, address);
  if (!confirmation) return { briefId: input.briefId, paid: false };

  // What the payment sets off (the project, its workflow, the receipt) belongs to the payment's
  // trace rather than the brief's submission. Only span parents change: no command, no patch.
  return context.with(payment.traceContext ?? context.active(), async () => {
    const project = await activities.createProjectForBrief(input.briefId, confirmation.sessionId);
    await startProjectWorkflow(input, project.projectId, project.clientEmail, project.videoType);
    // Histories from before the brief's rushes became project files replay without these starts.
    if (patched(BRIEF_RUSH_CONTACT_SHEETS)) await startContactSheets(project.contactSheetFileIds ?? []);
    await activities.notifyPaymentReceived(project.projectId);
    const receipt = await activities.renderPaymentReceiptEmail(project.projectId);
    await activities.sendEmail({ ...receipt, idempotencyKey: `payment-receipt:${input.briefId}:${uuid4()}` });
    return { briefId: input.briefId, paid: true, projectId: project.projectId };
  });
}

import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Client } from '@temporalio/client';
import { issueInvoiceForPayment } from '../../api/billing/issue-invoice';
import { BillingDocument, CheckoutSession, EditorApplication, EditorProfile, Project } from '../../db/entities';
import {
  BILLING_DOCUMENT_WORKFLOW_TYPE,
  billingDocumentWorkflowId,
  type BillingDocumentInput,
} from '../../workflows/contracts/billing-document';
import { TASK_QUEUE } from '../../workflows/contracts/common';
import { waitUntil } from './mail-server';
import { seedProject, type SeedProjectOptions, startSeededProjectWorkflow } from './project-seed';

/**
 * Rows the admin suites start from: editors, projects whose workflow runs on the stack's worker,
 * and applications sent through the public form.
 */

/** An editor profile of the test's own (its user id is not a Keycloak account). */
export async function seedEditor(
  orm: MikroORM,
  values: Partial<Pick<EditorProfile, 'firstName' | 'lastName' | 'specialties' | 'visualComplexityLevels'>> &
    Partial<Pick<EditorProfile, 'status' | 'maxConcurrentProjects' | 'currentProjectsCount'>> = {},
): Promise<string> {
  const userId = randomUUID();
  const em = orm.em.fork();
  em.create(EditorProfile, {
    userId,
    firstName: 'Monteur',
    lastName: `Admin ${userId.slice(0, 6)}`,
    specialties: [],
    visualComplexityLevels: [],
    languages: ['français'],
    ...values,
  });
  await em.flush();
  return userId;
}

export const statusOf = async (orm: MikroORM, projectId: string) =>
  (await orm.em.fork().findOneOrFail(Project, projectId)).status;

/** A paid project and its workflow (as the brief's workflow starts it after the payment). */
export async function startProject(
  orm: MikroORM,
  temporal: Client,
  options: Omit<SeedProjectOptions, 'status'>,
): Promise<string> {
  const projectId = await seedProject(orm.em.fork(), { ...options, status: 'brief_received' });
  await startSeededProjectWorkflow(temporal, projectId);
  return projectId;
}

/** A project no free editor fits: its workflow waits for an admin's assignment. */
export async function startWaitingProject(
  orm: MikroORM,
  temporal: Client,
  options: Omit<SeedProjectOptions, 'status'>,
): Promise<string> {
  const projectId = await startProject(orm, temporal, options);
  await waitUntil(async () => (await statusOf(orm, projectId)) === 'waiting_for_editor', 30_000, 'no editor found');
  return projectId;
}

/** An application sent through the public form (/recrutement), as the applicant sends it. */
export async function submitApplication(
  appUrl: string,
  orm: MikroORM,
  email: string,
  overrides: Record<string, unknown> = {},
): Promise<string> {
  const response = await fetch(`${appUrl}/api/editor-applications`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email,
      firstName: 'Léa',
      lastName: 'Candidate',
      phone: '+33 6 12 34 56 78',
      paymentMethod: 'IBAN',
      complexityLevels: ['cuts_transitions', 'multicam', 'motion_2d'],
      specialtyDomains: ['youtube', 'corporate'],
      videoSpecialties: ['vlog', 'interview'],
      technicalCompetencies: ['color_grading'],
      softwareMastered: ['premiere_pro', 'davinci_resolve'],
      timezone: 'Europe/Paris',
      availabilityDays: ['lundi', 'mardi'],
      availabilityStartTime: '08:30',
      availabilityEndTime: '17:00',
      experienceDescription: 'Cinq ans de montage pour des chaînes YouTube.',
      portfolioLinks: ['https://vimeo.com/lea'],
      acceptsTerms: true,
      acceptsPrivacy: true,
      acceptsContract: true,
      experienceYears: 5,
      hourlyRate: 32.5,
      motivation: 'J’aime raconter des histoires.',
      languages: ['français'],
      ...overrides,
    }),
  });
  if (response.status !== 201) throw new Error(`application refused: ${response.status} ${await response.text()}`);
  const application = await orm.em.fork().findOneOrFail(EditorApplication, { email: email.toLowerCase() });
  return application.id;
}

/**
 * A project paid by card with its invoice, issued as the payment's webhook issues it; its PDF is
 * stored by the stack's worker before this returns.
 */
export async function seedInvoicedProject(
  orm: MikroORM,
  temporal: Client,
  options: SeedProjectOptions,
): Promise<{ projectId: string; invoiceId: string }> {
  const projectId = await seedProject(orm.em.fork(), options);
  const em = orm.em.fork();
  const project = await em.findOneOrFail(Project, projectId);
  const { invoiceId, paymentId } = await em.transactional(async (tx) => {
    const token = randomUUID().replace(/-/g, '');
    const payment = tx.create(CheckoutSession, {
      brief: project.brief.id,
      sessionId: `cs_test_sim_${token}`,
      simulated: true,
      status: 'paid',
      amountCents: project.totalPriceCents,
      amountPaidCents: project.totalPriceCents,
      currency: 'eur',
      launchOfferClaimed: options.launchOffer ?? false,
      // A key of its own: a launch-offer place is one per client, and the demo client may hold one.
      clientKey: `seed-${token}@example.com`,
      expiresAt: new Date(),
      paidAt: new Date(),
      paymentIntentId: `pi_test_${token}`,
    });
    await tx.flush();
    const invoice = await issueInvoiceForPayment(tx, payment);
    // Its id is given on the flush.
    await tx.flush();
    return { invoiceId: invoice.id, paymentId: payment.id };
  });
  const input: BillingDocumentInput = { kind: 'invoice', checkoutSessionId: paymentId };
  const workflow = await temporal.workflow.start(BILLING_DOCUMENT_WORKFLOW_TYPE, {
    taskQueue: TASK_QUEUE,
    workflowId: billingDocumentWorkflowId(input),
    args: [input],
  });
  await waitUntil(
    async () => Boolean((await orm.em.fork().findOne(BillingDocument, { id: invoiceId }))?.pdfSha256),
    60_000,
    'the invoice’s PDF',
  ).catch(async (error: unknown) => {
    // Why the workflow has not stored it: its state and its pending activity's last failure.
    const { status, raw } = await workflow.describe();
    const failure = raw.pendingActivities?.[0]?.lastFailure?.message ?? 'no activity failure';
    throw new Error(`${String(error)} (billing workflow ${status.name}: ${failure})`);
  });
  return { projectId, invoiceId };
}

import { projectDetailOf, type ProjectPageRow } from '../../api/projects/project-reads';
import { HttpError } from '../../api/lib/http-error';
import type { AuthUser } from '../../api/middleware/auth';
import { PROJECT_STATUSES, type ProjectStatus } from '../../domain/enums';
import { PROJECT_ACTIONS, projectPartiesOf } from '../../domain/project-lifecycle';
import {
  availableAdminChanges,
  LIFECYCLE_MESSAGES,
  refusalOf,
  workflowFacts,
  type ProjectRuleAction,
} from '../../domain/project-rules';
import type { ProjectDetail } from '../../domain/projects';
import { REVIEW_ACTIONS } from '../../domain/review';
import type { ProjectWorkflowState } from '../../workflows/contracts/project';

/**
 * The page offers exactly what the workflow accepts: for every state of a project, every person
 * and every action, the actions the project page (and the admin's list) offers, read from the
 * database's row, are those the workflow's refusal rule accepts from its own state.
 */

const DAY = 86_400_000;
const client: AuthUser = { id: 'client-1', email: 'client@example.com', emailVerified: true, roles: ['user'] };
const editor: AuthUser = { id: 'editor-1', email: 'editor@example.com', emailVerified: true, roles: ['editor'] };
const admin: AuthUser = { id: 'admin-1', email: 'admin@example.com', emailVerified: true, roles: ['admin'] };

/** The admin's changes and the workflow updates that make them. */
const ADMIN_UPDATES = { reassign: 'reassignEditor', deadline: 'changeDeadline', addRevisions: 'addRevisions' } as const;
/** Every action a page offers (the manual assignment is offered by the admin's editor picker, by status). */
const OFFERED_ACTIONS: ProjectRuleAction[] = [
  ...(Object.keys(PROJECT_ACTIONS) as ProjectRuleAction[]),
  ...(Object.keys(REVIEW_ACTIONS) as ProjectRuleAction[]),
  ...Object.values(ADMIN_UPDATES),
];

interface Scenario {
  status: ProjectStatus;
  revisionStarted: boolean;
  window: 'none' | 'open' | 'elapsed';
  approvedVersion: number | null;
  question: boolean;
  atRevisionLimit: boolean;
}

function scenarios(): Scenario[] {
  const all: Scenario[] = [];
  for (const status of PROJECT_STATUSES)
    for (const revisionStarted of [false, true])
      for (const window of ['none', 'open', 'elapsed'] as const)
        for (const approvedVersion of [null, 1])
          for (const question of [false, true])
            for (const atRevisionLimit of [false, true])
              all.push({ status, revisionStarted, window, approvedVersion, question, atRevisionLimit });
  return all;
}

const hasEditor = (status: ProjectStatus) => status !== 'brief_received' && status !== 'waiting_for_editor';

function windowEnd(scenario: Scenario, now: number): number | null {
  if (scenario.window === 'none') return null;
  return scenario.window === 'open' ? now + 2 * DAY : now - DAY;
}

/** The workflow's state of the project. */
function workflowState(scenario: Scenario, now: number): ProjectWorkflowState {
  const revisionWindowEndsAt = windowEnd(scenario, now);
  return {
    status: scenario.status,
    clientId: client.id,
    clientEmail: client.email,
    editorId: hasEditor(scenario.status) ? editor.id : null,
    videoType: 'youtube',
    revisionCount: scenario.atRevisionLimit ? 3 : 1,
    maxRevisions: 3,
    revisionStarted: scenario.revisionStarted,
    deliveredAt: revisionWindowEndsAt === null ? null : now - 3 * DAY,
    revisionWindowEndsAt,
    closed: scenario.approvedVersion !== null || scenario.window === 'elapsed',
    filesDeleted: false,
    deliveryDate: now + 5 * DAY,
    approvedVersion: scenario.approvedVersion,
    question: scenario.question ? { id: 'question-1', question: 'Quelle musique ?', askedAt: now - DAY } : null,
    pausedMs: 0,
  };
}

/** The same project as the database's row the project page is read from (its uploads done). */
function pageRow(scenario: Scenario, now: number): ProjectPageRow {
  const end = windowEnd(scenario, now);
  return {
    id: 'project-1',
    title: 'Projet',
    reference: 'RF-2026-0001',
    status: scenario.status,
    video_type: 'youtube',
    total_price_cents: 10_000,
    currency: 'EUR',
    created_at: new Date(now - 10 * DAY).toISOString(),
    delivery_date: new Date(now + 5 * DAY).toISOString(),
    estimated_delivery_date: null,
    editor_first_name: hasEditor(scenario.status) ? 'Camille' : null,
    editor_last_name: hasEditor(scenario.status) ? 'Monteur' : null,
    revision_count: scenario.atRevisionLimit ? 3 : 1,
    max_revisions: 3,
    revision_window_ends_at: end === null ? null : new Date(end).toISOString(),
    approved_version_number: scenario.approvedVersion,
    has_final_file: true,
    revision_started: scenario.revisionStarted,
    new_version_since_revision: true,
    description: null,
    client_id: client.id,
    client_email: client.email,
    editor_id: hasEditor(scenario.status) ? editor.id : null,
    final_duration_minutes: null,
    duration_minutes: null,
    urgency_level: 'normal',
    completed_at: null,
    brief_data: {},
    brief_launch_offer_applied: null,
    brief_price_cents: null,
    brief_offer_price_cents: null,
    brief_video_type_custom: null,
    final_file_count: '1',
    question_id: scenario.question ? 'question-1' : null,
    question: scenario.question ? 'Quelle musique ?' : '',
    question_asked_at: new Date(now - DAY).toISOString(),
    question_asked_by_name: 'Camille Monteur',
    billing_documents: [],
    last_event_id: '0',
  };
}

/** What the page (and, for an admin, the admin's list) offers `user`; nothing when the page is refused (403). */
function offeredByPage(scenario: Scenario, user: AuthUser, now: number): ProjectRuleAction[] {
  const row = pageRow(scenario, now);
  let detail: ProjectDetail;
  try {
    detail = projectDetailOf(row, user);
  } catch (error) {
    if (error instanceof HttpError && error.status === 403) return [];
    throw error;
  }
  const adminChanges = user.roles.includes('admin')
    ? availableAdminChanges({
        status: row.status,
        approvedVersionNumber: row.approved_version_number,
        revisionWindowEndsAt: row.revision_window_ends_at,
      }).map((change) => ADMIN_UPDATES[change])
    : [];
  return [...detail.actions, ...detail.reviewActions, ...adminChanges].sort();
}

/** What the workflow's refusal rule accepts from `user`, on its own state. */
function acceptedByWorkflow(scenario: Scenario, user: AuthUser, now: number): ProjectRuleAction[] {
  const state = workflowState(scenario, now);
  const parties = projectPartiesOf(user, state);
  return OFFERED_ACTIONS.filter((action) => refusalOf(action, parties, workflowFacts(state)) === null).sort();
}

const describeScenario = (scenario: Scenario) =>
  `${scenario.status}, revision ${scenario.revisionStarted ? 'started' : 'not started'}, window ${scenario.window}, ` +
  `approved ${scenario.approvedVersion ?? 'none'}, question ${scenario.question ? 'pending' : 'none'}, ` +
  `${scenario.atRevisionLimit ? 'at' : 'under'} the revision limit`;

describe.each([
  ['the client', client],
  ['the editor', editor],
  ['an admin', admin],
])('%s', (_who, user) => {
  test.each(scenarios().map((scenario) => [describeScenario(scenario), scenario] as const))(
    'is offered exactly what the workflow accepts: %s',
    (_name, scenario) => {
      const now = Date.now();
      expect(offeredByPage(scenario, user, now)).toEqual(acceptedByWorkflow(scenario, user, now));
    },
  );
});

test('once the editor started the revision, the page no longer offers « Commencer » and the workflow refuses it', () => {
  const now = Date.now();
  const started: Scenario = {
    status: 'revision_requested',
    revisionStarted: true,
    window: 'open',
    approvedVersion: null,
    question: false,
    atRevisionLimit: false,
  };
  expect(offeredByPage({ ...started, revisionStarted: false }, editor, now)).toContain('startRevision');
  expect(offeredByPage(started, editor, now)).not.toContain('startRevision');
  const state = workflowState(started, now);
  expect(refusalOf('startRevision', projectPartiesOf(editor, state), workflowFacts(state))).toEqual({
    kind: 'refused',
    message: LIFECYCLE_MESSAGES.revisionAlreadyStarted,
  });
});

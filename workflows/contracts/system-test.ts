import type { SystemTestKind } from '../../domain/admin';

/**
 * Contract of the /test page's checks (000 §2 Admin system test page): `systemTestWorkflow`
 * (`system-test-<runId>`) creates its own editor profile and project, marked with the run id so
 * that no real assignment, list or person ever sees them, runs the real assignment (alone, or
 * inside a real ProjectWorkflow), reads the project back with its editor and the notifications
 * created, and removes everything it created.
 */
export const SYSTEM_TEST_WORKFLOW_TYPE = 'systemTestWorkflow';

export interface SystemTestInput {
  kind: SystemTestKind;
  /** A fresh uuid: the mark of every row the run creates. */
  runId: string;
  /** Passed on to the project's workflow (see ProjectWorkflowInput.searchAttributes). */
  searchAttributes?: boolean;
}

export function systemTestWorkflowId(runId: string): string {
  return `system-test-${runId}`;
}

/** The test editor's Keycloak-like id: no account has it, so nobody ever signs in as them. */
export function systemTestEditorId(runId: string): string {
  return `system-test-editor-${runId}`;
}

/** The test project's client, likewise nobody: no notification or e-mail reaches a person. */
export function systemTestClient(runId: string): { id: string; email: string } {
  return { id: `system-test-client-${runId}`, email: `system-test-${runId}@rushflow.invalid` };
}

/** How long the workflow check waits for the project's workflow to assign the test editor. */
export const SYSTEM_TEST_ASSIGNMENT_WAIT = { polls: 60, every: '1 second' } as const;

/** How long the api waits for a run's answer. */
export const SYSTEM_TEST_WAIT_MS = 120_000;

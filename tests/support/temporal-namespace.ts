import type { Connection } from '@temporalio/client';
import Long from 'long';
import { waitUntil } from './mail-server';

/** Search attributes the dev server registers for `default`; a namespace of a suite's own needs them too. */
const SEARCH_ATTRIBUTES = ['RushflowStatus', 'RushflowClientEmail', 'RushflowEditorId', 'RushflowVideoType'];
const KEYWORD = 2; // temporal.api.enums.v1.IndexedValueType.INDEXED_VALUE_TYPE_KEYWORD

const alreadyExists = (error: unknown) => /already exists|AlreadyExists/i.test(String(error));

/**
 * A Temporal namespace of the suite's own on the stack's dev server, so the stack's worker never
 * sees these workflows; registered once, with the search attributes, and ready when this returns.
 */
export async function ensureNamespace(connection: Connection, namespace: string): Promise<void> {
  try {
    await connection.workflowService.registerNamespace({
      namespace,
      workflowExecutionRetentionPeriod: { seconds: Long.fromNumber(86_400) },
    });
  } catch (error) {
    if (!alreadyExists(error)) throw error;
  }
  await waitUntil(
    async () => {
      await connection.workflowService.describeNamespace({ namespace });
      return true;
    },
    20_000,
    'the test namespace',
  );
  try {
    await connection.operatorService.addSearchAttributes({
      namespace,
      searchAttributes: Object.fromEntries(SEARCH_ATTRIBUTES.map((name) => [name, KEYWORD])),
    });
  } catch (error) {
    if (!alreadyExists(error)) throw error;
  }
}

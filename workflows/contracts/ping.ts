/** Contract of the health round trip: the api starts it, the worker answers through an activity. */
export const PING_WORKFLOW_TYPE = 'pingWorkflow';
export const PING_TIMEOUT = '10 seconds';

/**
 * The health round trip runs in a namespace and on a task queue of its own, polled by the worker
 * beside its main one: the admins' Temporal UI (the product's namespace) lists briefs and projects,
 * not a ping per health check.
 */
export const DEFAULT_HEALTH_NAMESPACE = 'rushflow-health';
export const HEALTH_TASK_QUEUE = 'rushflow-health';

export function pingWorkflowId(nonce: string): string {
  return `health-ping-${nonce}`;
}

export function expectedPong(nonce: string): string {
  return `pong:${nonce}`;
}

/** Contract of the health round trip: the api starts it, the worker answers through an activity. */
export const PING_WORKFLOW_TYPE = 'pingWorkflow';
export const PING_TIMEOUT = '10 seconds';

export function pingWorkflowId(nonce: string): string {
  return `health-ping-${nonce}`;
}

export function expectedPong(nonce: string): string {
  return `pong:${nonce}`;
}

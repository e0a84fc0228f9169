/** Activities of pingWorkflow, implemented in activities/ping.ts. */
export interface PingActivities {
  answerPing(nonce: string): Promise<string>;
}

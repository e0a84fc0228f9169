import { expectedPong } from '../workflows/contracts/ping';
import type { PingActivities } from '../workflows/ping-activities';

export function createPingActivities(): PingActivities {
  return {
    async answerPing(nonce) {
      return expectedPong(nonce);
    },
  };
}

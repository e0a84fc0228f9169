import type { Duration } from '@temporalio/common';
import ms from 'ms';

/** A Temporal duration ('24 hours', '5 minutes' or milliseconds) in milliseconds. */
export function durationMs(duration: Duration): number {
  return typeof duration === 'number' ? duration : ms(duration);
}

import { createPingActivities } from './ping';

/** Every activity the worker registers, built from the worker's dependencies. */
export function createActivities() {
  return {
    ...createPingActivities(),
  };
}

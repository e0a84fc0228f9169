// The soak's log lines and its clock.

export const log = (...parts) => console.log('[bench:soak]', ...parts);
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** Seconds since `start`, to the tenth. */
export const since = (start) => ((Date.now() - start) / 1000).toFixed(1);
/** A duration as m:ss. */
export const clock = (ms) => `${Math.floor(ms / 60_000)}:${String(Math.floor((ms % 60_000) / 1000)).padStart(2, '0')}`;

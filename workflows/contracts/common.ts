/** The one task queue every Rushflow workflow and activity runs on. */
export const TASK_QUEUE = 'rushflow';

import type { ProjectDetail } from '@domain/projects';
import { useEffect, useState } from 'react';

/** Statuses before the first delivery: a question to the client moves the planned delivery date. */
const BEFORE_DELIVERY = ['assigned', 'in_progress'];

/**
 * The planned delivery as shown: while the client is asked a question before the first delivery,
 * the deadline is paused, so the date moves on with the wait (the server adds the pause once answered).
 */
export function useShownDelivery(project: ProjectDetail): { date: string | null; paused: boolean } {
  const askedAt = project.clientQuestion?.askedAt ?? null;
  const paused = askedAt !== null && project.deliveryDate !== null && BEFORE_DELIVERY.includes(project.status);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!paused) return;
    const timer = window.setInterval(() => setNow(Date.now()), 60_000);
    return () => window.clearInterval(timer);
  }, [paused]);
  if (!paused || !project.deliveryDate || !askedAt) return { date: project.deliveryDate, paused: false };
  const waited = Math.max(0, now - new Date(askedAt).getTime());
  return { date: new Date(new Date(project.deliveryDate).getTime() + waited).toISOString(), paused: true };
}

import type { TemporalUiLinks } from './temporal-links';

/** What `TRACE_URL_TEMPLATE` writes where the trace's id goes. */
export const TRACE_ID_PLACEHOLDER = '{traceId}';

/** Where the admin pages link to: a workflow in the Temporal UI, a trace in the tracing UI. */
export interface AdminLinks extends TemporalUiLinks {
  /** A trace's page, `{traceId}` standing for its id; absent when none is configured. */
  traceUrlTemplate?: string;
}

/** The trace's page in the tracing UI; null without a template or without a recorded trace. */
export function traceUrl(links: AdminLinks, traceId: string | null | undefined): string | null {
  if (!links.traceUrlTemplate || !traceId) return null;
  return links.traceUrlTemplate.replaceAll(TRACE_ID_PLACEHOLDER, encodeURIComponent(traceId));
}

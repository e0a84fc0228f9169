/** Where the admin pages link to a workflow in the Temporal UI (`TEMPORAL_UI_URL`). */
export interface TemporalUiLinks {
  /** The UI's base URL, e.g. `http://localhost:8233`; absent when none is configured. */
  baseUrl?: string;
  namespace: string;
}

/**
 * The workflow's page in the Temporal UI: the workflow list filtered on its id, which every UI
 * version opens and which shows each run of the id (a retried invitation, a resumed brief).
 */
export function workflowUrl(links: TemporalUiLinks, workflowId: string): string | null {
  if (!links.baseUrl) return null;
  const base = links.baseUrl.replace(/\/+$/, '');
  const query = new URLSearchParams({ query: `WorkflowId="${workflowId}"` });
  return `${base}/namespaces/${encodeURIComponent(links.namespace)}/workflows?${query}`;
}

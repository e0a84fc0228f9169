import type { VersionAnalysisView } from '@domain/delivery-qc';
import type { CommentView, MarkerFormat, OriginalLinkView, VersionView } from '@domain/review';
import type { CommentInput } from '@domain/schemas/review';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, traceHeaders } from '@/lib/api-client';
import { versionsQuery } from '@/lib/project-versions';
import { getToken } from '@/lib/auth-client';

/**
 * The review studio's endpoints: the versions of the final video, their comments, their analysis
 * (delivery QC, waveform, scene cuts), the preview's retry, the original's short-lived link and the
 * marker exports. Every query lives under `['projects', projectId, …]`, so a `project.changed` event
 * refreshes them with the page; a version's own queries live under its versions' key, so a
 * `project.version` event refreshes them with the list.
 */

const base = (projectId: string) => `/projects/${encodeURIComponent(projectId)}`;
const versionPath = (projectId: string, versionNumber: number) => `${base(projectId)}/versions/${versionNumber}`;

export const useVersions = (projectId: string) => useQuery(versionsQuery(projectId));

export const commentsQuery = (projectId: string, versionNumber: number) =>
  queryOptions({
    queryKey: ['projects', projectId, 'versions', versionNumber, 'comments'],
    queryFn: async () =>
      (await api.get<{ comments: CommentView[] }>(`${versionPath(projectId, versionNumber)}/comments`)).comments,
  });

export const useComments = (projectId: string, versionNumber: number | null) =>
  useQuery({ ...commentsQuery(projectId, versionNumber ?? 0), enabled: versionNumber !== null });

const analysisQuery = (projectId: string, versionNumber: number) =>
  queryOptions({
    queryKey: ['projects', projectId, 'versions', versionNumber, 'analysis'],
    queryFn: () => api.get<VersionAnalysisView>(`${versionPath(projectId, versionNumber)}/analysis`),
  });

/** Read once the version says its analysis is done (its list entry follows the worker's progress). */
export const useAnalysis = (projectId: string, version: VersionView) =>
  useQuery({ ...analysisQuery(projectId, version.number), enabled: version.analysis.status === 'ready' });

/** The editor shows the QC report to the client: the answer is the analysis as it now is. */
export function useShareAnalysis(projectId: string, versionNumber: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<VersionAnalysisView>(`${versionPath(projectId, versionNumber)}/analysis/share`, {}),
    onSuccess: (analysis) => queryClient.setQueryData(analysisQuery(projectId, versionNumber).queryKey, analysis),
    onSettled: () => queryClient.invalidateQueries({ queryKey: versionsQuery(projectId).queryKey, exact: true }),
  });
}

/** After a write on a version: its comments, the versions' counters and the page's detail. */
function useRefreshVersion(projectId: string) {
  const queryClient = useQueryClient();
  return (versionNumber: number) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: commentsQuery(projectId, versionNumber).queryKey }),
      queryClient.invalidateQueries({ queryKey: versionsQuery(projectId).queryKey }),
    ]);
}

export function useAddComment(projectId: string, versionNumber: number) {
  const refresh = useRefreshVersion(projectId);
  return useMutation({
    mutationFn: (input: CommentInput) => api.post<unknown>(`${versionPath(projectId, versionNumber)}/comments`, input),
    onSettled: () => refresh(versionNumber),
  });
}

export function useCommentStatus(projectId: string) {
  const refresh = useRefreshVersion(projectId);
  return useMutation({
    mutationFn: ({
      versionNumber,
      commentId,
      to,
    }: {
      versionNumber: number;
      commentId: string;
      to: 'resolve' | 'reopen';
    }) =>
      api.post<unknown>(`${versionPath(projectId, versionNumber)}/comments/${encodeURIComponent(commentId)}/${to}`, {}),
    onSettled: (_answer, _error, { versionNumber }) => refresh(versionNumber),
  });
}

export function useRetryPreview(projectId: string) {
  const refresh = useRefreshVersion(projectId);
  return useMutation({
    mutationFn: (versionNumber: number) =>
      api.post<unknown>(`${versionPath(projectId, versionNumber)}/preview/retry`, {}),
    onSettled: (_answer, _error, versionNumber) => refresh(versionNumber),
  });
}

/** Hands a link to the browser as a download (an `<a download>` click). */
function startDownload(href: string, filename: string): void {
  const link = document.createElement('a');
  link.href = href;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * The original of a version, through a short-lived link asked for at the moment of the download
 * (never kept on the page).
 */
export async function downloadOriginal(projectId: string, version: VersionView): Promise<void> {
  const link = await api.get<OriginalLinkView>(`${versionPath(projectId, version.number)}/original`);
  startDownload(link.url, link.filename || version.filename);
}

const MARKER_EXTENSIONS: Record<MarkerFormat, string> = {
  premiere: 'xml',
  resolve: 'edl',
  fcpxml: 'fcpxml',
  avid: 'txt',
  csv: 'csv',
};

/** A marker export needs the bearer token: fetched, then handed to the browser as a file. */
export async function downloadMarkers(projectId: string, versionNumber: number, format: MarkerFormat): Promise<void> {
  const token = await getToken();
  const response = await fetch(`/api${versionPath(projectId, versionNumber)}/markers?format=${format}`, {
    headers: { ...traceHeaders(), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: string } | null;
    throw new ApiError(body?.error ?? 'markers', response.status);
  }
  const fallback = `marqueurs-v${versionNumber}.${MARKER_EXTENSIONS[format]}`;
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallback;
  const url = URL.createObjectURL(await response.blob());
  startDownload(url, name);
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

import type { VersionView } from '@domain/review';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { versionsQuery } from '@/lib/project-versions';

/** Fresh links asked for in a row before the player gives up. */
const MAX_REFRESHES = 2;

/**
 * The preview's link for the `<video>`: the first one the page received is kept while it works
 * (every refetch of the versions brings a new presigned link, which must not reload the player);
 * when it fails (expired after 10 minutes), a fresh one is fetched and the player resumes at the
 * same frame.
 */
export function usePreviewSource(projectId: string, version: VersionView) {
  const queryClient = useQueryClient();
  const [url, setUrl] = useState<string | null>(version.preview.url);
  const [failed, setFailed] = useState(false);
  const refreshes = useRef(0);
  if (url === null && version.preview.url !== null) setUrl(version.preview.url);

  const onError = useCallback(() => {
    if (refreshes.current >= MAX_REFRESHES) {
      setFailed(true);
      return;
    }
    refreshes.current += 1;
    void queryClient
      .fetchQuery({ ...versionsQuery(projectId), staleTime: 0 })
      .then((versions) => {
        const fresh = versions.find((candidate) => candidate.number === version.number)?.preview.url ?? null;
        if (fresh && fresh !== url) setUrl(fresh);
        else setFailed(true);
      })
      .catch(() => setFailed(true));
  }, [queryClient, projectId, version.number, url]);

  /** The link works: a later expiry may ask for fresh links again. */
  const onLoaded = useCallback(() => {
    refreshes.current = 0;
  }, []);

  return { url, failed, onError, onLoaded };
}

import type { SignedInPageState } from '@domain/signed-in-pages';
import { QueryClient, type FetchQueryOptions, type QueryKey } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => {
          if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
          return failureCount < 2;
        },
      },
    },
  });
}

/**
 * For route loaders: fills the cache before the page renders. It never throws and does not retry:
 * a failed request is left to the page's own query, which tries again and shows the error as usual.
 */
export function prefetch<TQueryFnData, TData, TQueryKey extends QueryKey>(
  queryClient: QueryClient,
  options: FetchQueryOptions<TQueryFnData, Error, TData, TQueryKey>,
): Promise<void> {
  return queryClient.prefetchQuery({ ...options, retry: false });
}

/** The reads a signed-in page was drawn with (the api's render, then the browser's take-over), as of when they were read. */
export function seedQueries(queryClient: QueryClient, { queries, readAt }: SignedInPageState): void {
  for (const { key, data } of queries) queryClient.setQueryData(key, data, { updatedAt: readAt });
}

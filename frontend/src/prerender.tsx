import type { SignedInPageState } from '@domain/signed-in-pages';
import type { QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import '@/i18n';
import { AppProvider } from '@/app/provider';
import { createRoutes, loadMatchedRoutes } from '@/app/router';
import { pageSessionSnapshot, type AuthSnapshot } from '@/lib/auth-client';
import { withTimeZone } from '@/lib/format';
import { createQueryClient, seedQueries } from '@/lib/react-query';

/** The HTML of the page at `pathname`, its `<title>` first, as the browser's first render draws it. */
async function renderPage(pathname: string, queryClient: QueryClient, session?: AuthSnapshot): Promise<string> {
  const routes = createRoutes(queryClient);
  const { loaderData = {} } = await loadMatchedRoutes(routes, pathname);
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(pathname, 'http://localhost')), {
    filterMatchesToLoad: () => false,
  });
  if (context instanceof Response) throw new Error(`${pathname} answered ${context.status} instead of a page`);
  // The loaders count as done, as they do in the browser's first render (main.tsx).
  const router = createStaticRouter(handler.dataRoutes, { ...context, loaderData });
  const { prelude } = await prerender(
    <StrictMode>
      <AppProvider queryClient={queryClient} session={session}>
        <StaticRouterProvider router={router} context={{ ...context, loaderData }} hydrate={false} />
      </AppProvider>
    </StrictMode>,
    // Written in one piece: past this size React would send the Suspense boundaries' content apart,
    // each put in place by an inline script, which the Content-Security-Policy refuses.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return new Response(prelude).text();
}

/**
 * A public page at build time (frontend/prerender-pages.ts): French, signed out, before any data
 * (no loader runs: they only fill the query cache, which the page's own queries fill once the
 * browser has taken the HTML over).
 */
export function prerenderPage(pathname: string): Promise<string> {
  return renderPage(pathname, createQueryClient());
}

/**
 * A signed-in page for the api (api/pages/signed-in-pages.ts), drawn for `state`'s user with the
 * data the api read, its dates in their time zone: what the browser's first render draws from the
 * same state (main.tsx). One at a time: the time zone is the formatters' for the whole render.
 */
export function renderSignedInPage(pathname: string, state: SignedInPageState): Promise<string> {
  return withTimeZone(state.timeZone, async () => {
    const queryClient = createQueryClient();
    seedQueries(queryClient, state);
    const html = await renderPage(pathname, queryClient, pageSessionSnapshot(state));
    // The Content-Security-Policy would refuse it: the api serves the empty shell instead.
    if (html.includes('<script')) throw new Error(`${pathname} was drawn with an inline script`);
    return html;
  });
}

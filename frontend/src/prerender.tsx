import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import '@/i18n';
import { AppProvider } from '@/app/provider';
import { createRoutes, loadMatchedRoutes } from '@/app/router';
import { createQueryClient } from '@/lib/react-query';

/**
 * The HTML of the page at `pathname` as the browser's first render draws it (frontend/prerender-pages.ts
 * runs this at build time): French, signed out, before any data (no loader runs: they only fill the
 * query cache, which the page's own queries fill once the browser has taken the HTML over).
 */
export async function prerenderPage(pathname: string): Promise<string> {
  const queryClient = createQueryClient();
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
      <AppProvider queryClient={queryClient}>
        <StaticRouterProvider router={router} context={{ ...context, loaderData }} hydrate={false} />
      </AppProvider>
    </StrictMode>,
  );
  return new Response(prelude).text();
}

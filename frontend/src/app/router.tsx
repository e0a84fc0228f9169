import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, type ComponentType } from 'react';
import { matchRoutes, type HydrationState, type LoaderFunction, type RouteObject } from 'react-router';
import { RouteError } from '@/components/errors/route-error';
import { MainLayout } from '@/components/layout/main-layout';
import { paths } from '@/config/paths';
import { ProtectedLayout, SessionSpinner, sessionCheckLoader, sessionLoader } from '@/lib/authorization';
import { pricingSettingsQuery } from '@/lib/pricing-settings';
import { prefetch } from '@/lib/react-query';

// Signed-in users only: visitors never download the bell (its menu, its date formatting).
const NotificationBell = lazy(() =>
  import('@/features/notifications/components/notification-bell').then((module) => ({
    default: module.NotificationBell,
  })),
);

/** The bell, with a blank of its size while its code loads (nothing moves when it appears). */
const notificationBell = (
  <Suspense fallback={<span className="size-10 shrink-0" aria-hidden="true" />}>
    <NotificationBell />
  </Suspense>
);

/** What a module of `./routes` exports: its page and, when the page has queries, its loader. */
interface RouteModule {
  Component: ComponentType;
  clientLoader?: (queryClient: QueryClient) => LoaderFunction;
}

/** A route module as lazy route properties: `clientLoader(queryClient)` becomes the route's loader. */
const convert =
  (queryClient: QueryClient) =>
  ({ Component, clientLoader }: RouteModule) => ({
    Component,
    ...(clientLoader && { loader: clientLoader(queryClient) }),
  });

/**
 * Every page is a lazy route module. Guarded pages are children of a layout route that shows them
 * only to signed-in users holding its roles (spec 000 §6, DESIGN decisions); their loader waits
 * for the session check (keycloak-js loads only for pages that need the session, see auth-client):
 * on the first load the layout's fallback shows 'Chargement...' meanwhile (its own loader has not run
 * yet either, so the header comes with the page), as the guard itself does while the session loads.
 * The pages the build writes as HTML (frontend/prerender-pages.ts) and the layout have an `id`:
 * their loaders are marked as done when the browser takes that HTML over (`loadMatchedRoutes`).
 */
export const createRoutes = (queryClient: QueryClient): RouteObject[] => [
  {
    id: 'layout',
    // Every page's footer reads the public settings: asked for at once, while the page's own code
    // loads (its loader, which may wait for them, is only known once that code is there).
    loader: () => {
      void prefetch(queryClient, pricingSettingsQuery());
      return null;
    },
    element: <MainLayout notificationBell={notificationBell} />,
    errorElement: <RouteError />,
    // A page the browser draws itself (not written by the build nor drawn by the api) waits here for
    // its code and its loaders, the guarded pages' session check among them: 'Chargement...' shows.
    HydrateFallback: SessionSpinner,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { id: 'home', path: paths.home.path, lazy: () => import('./routes/home').then(convert(queryClient)) },
          { id: 'brief', path: paths.brief.path, lazy: () => import('./routes/brief').then(convert(queryClient)) },
          { path: paths.briefOld.path, lazy: () => import('./routes/brief-old').then(convert(queryClient)) },
          {
            id: 'pricing',
            path: paths.pricing.path,
            lazy: () => import('./routes/pricing').then(convert(queryClient)),
          },
          { path: paths.contact.path, lazy: () => import('./routes/contact').then(convert(queryClient)) },
          {
            path: paths.callConfirmation.path,
            lazy: () => import('./routes/call-confirmation').then(convert(queryClient)),
          },
          { path: paths.recruitment.path, lazy: () => import('./routes/recruitment').then(convert(queryClient)) },
          {
            path: paths.login.path,
            loader: sessionCheckLoader,
            lazy: () => import('./routes/login').then(convert(queryClient)),
          },
          {
            path: paths.auth.path,
            loader: sessionCheckLoader,
            lazy: () => import('./routes/auth').then(convert(queryClient)),
          },
          {
            path: paths.confirmEmail.path,
            loader: sessionCheckLoader,
            lazy: () => import('./routes/confirm-email').then(convert(queryClient)),
          },
          {
            path: paths.paymentSuccess.path,
            lazy: () => import('./routes/payment-success').then(convert(queryClient)),
          },
          { path: paths.briefPayment.path, lazy: () => import('./routes/brief-payment').then(convert(queryClient)) },
          {
            path: paths.briefAddressConfirmation.path,
            lazy: () => import('./routes/brief-address-confirmation').then(convert(queryClient)),
          },
          {
            path: paths.simulatedCheckout.path,
            lazy: () => import('./routes/simulated-checkout').then(convert(queryClient)),
          },
          {
            path: paths.termsOfService.path,
            lazy: () => import('./routes/terms-of-service').then(convert(queryClient)),
          },
          { path: paths.privacyPolicy.path, lazy: () => import('./routes/privacy-policy').then(convert(queryClient)) },
          { path: paths.legalNotice.path, lazy: () => import('./routes/legal-notice').then(convert(queryClient)) },
          {
            path: paths.accessibility.path,
            lazy: () => import('./routes/accessibility-statement').then(convert(queryClient)),
          },
          { path: paths.siteMap.path, lazy: () => import('./routes/site-map').then(convert(queryClient)) },
          {
            // Ids: the api draws the project page for a signed-in visitor, and the browser takes it over.
            id: 'signed-in',
            loader: sessionLoader,
            element: <ProtectedLayout />,
            HydrateFallback: SessionSpinner,
            children: [
              { path: paths.dashboard.path, lazy: () => import('./routes/dashboard').then(convert(queryClient)) },
              {
                path: paths.accountData.path,
                lazy: () => import('./routes/account-data').then(convert(queryClient)),
              },
              // The server decides who sees a project (client, its editor, admin): 'Accès refusé' comes from it.
              {
                id: 'project',
                path: paths.project.path,
                lazy: () => import('./routes/project').then(convert(queryClient)),
              },
            ],
          },
          {
            loader: sessionLoader,
            element: <ProtectedLayout roles={['editor']} />,
            HydrateFallback: SessionSpinner,
            children: [{ path: paths.editor.path, lazy: () => import('./routes/editor').then(convert(queryClient)) }],
          },
          {
            loader: sessionLoader,
            element: <ProtectedLayout roles={['admin']} />,
            HydrateFallback: SessionSpinner,
            children: [
              { path: paths.admin.path, lazy: () => import('./routes/admin').then(convert(queryClient)) },
              { path: paths.systemTest.path, lazy: () => import('./routes/system-test').then(convert(queryClient)) },
              { path: paths.emailTest.path, lazy: () => import('./routes/email-test').then(convert(queryClient)) },
            ],
          },
          { path: '*', lazy: () => import('./routes/not-found').then(convert(queryClient)) },
        ],
      },
    ],
  },
];

/**
 * Loads the code of the routes `pathname` matches, so that the first render shows the page itself
 * rather than a spinner: the browser's first render of a page the build wrote as HTML must be that
 * HTML, and so must the build's own render. Returns the router's state as already loaded: those
 * loaders only fill the query cache, which the page's own queries fill once it is shown.
 */
export async function loadMatchedRoutes(routes: RouteObject[], pathname: string): Promise<HydrationState> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy === 'function') Object.assign(route, await route.lazy(), { lazy: undefined });
    }),
  );
  const loaderData: Record<string, null> = {};
  for (const { route } of matches) {
    if (!route.loader) continue;
    if (!route.id) throw new Error(`the route of ${pathname} has a loader but no id: it cannot be prerendered`);
    loaderData[route.id] = null;
  }
  return { loaderData };
}

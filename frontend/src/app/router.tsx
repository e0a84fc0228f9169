import type { Role } from '@domain/roles';
import { lazy, Suspense, useMemo, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router';
import { RouteError } from '@/components/errors/route-error';
import { ComingSoon } from '@/components/layout/coming-soon';
import { MainLayout } from '@/components/layout/main-layout';
import { Spinner } from '@/components/ui/spinner';
import { APP_NAME, paths } from '@/config/paths';
import { ProtectedRoute, RoleGate } from '@/lib/authorization';

type PageKey =
  | 'brief'
  | 'briefOld'
  | 'contact'
  | 'recruitment'
  | 'emailTest'
  | 'admin';

const DashboardPage = lazy(() => import('./routes/dashboard').then((module) => ({ default: module.Component })));
const EditorPage = lazy(() => import('./routes/editor').then((module) => ({ default: module.Component })));
const ProjectPage = lazy(() => import('./routes/project').then((module) => ({ default: module.Component })));

/** A guarded page's code loads after the session check, behind the same spinner. */
function lazyPage(Page: LazyExoticComponent<ComponentType>) {
  return (
    <Suspense fallback={<Spinner fullPage />}>
      <Page />
    </Suspense>
  );
}

const SystemTestPage = lazy(() =>
  import('@/features/system-test/components/system-test-page').then((module) => ({ default: module.SystemTestPage })),
);

/** A page whose feature is not built yet. */
function Pending({ page }: { page: PageKey }) {
  const { t } = useTranslation();
  return <ComingSoon title={t(`pages.${page}`, { appName: APP_NAME })} />;
}

/** Signed-in page, optionally limited to some roles (spec 000 §6, DESIGN decisions). */
function guarded(element: ReactNode, roles: readonly Role[] = []) {
  return (
    <ProtectedRoute>
      <RoleGate roles={roles}>{element}</RoleGate>
    </ProtectedRoute>
  );
}

export const routes: RouteObject[] = [
  {
    element: <MainLayout />,
    errorElement: <RouteError />,
    HydrateFallback: () => <Spinner fullPage />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { path: paths.home.path, lazy: () => import('./routes/home') },
          { path: paths.brief.path, lazy: () => import('./routes/brief') },
          { path: paths.briefOld.path, lazy: () => import('./routes/brief-old') },
          { path: paths.pricing.path, lazy: () => import('./routes/pricing') },
          { path: paths.contact.path, element: <Pending page="contact" /> },
          { path: paths.recruitment.path, element: <Pending page="recruitment" /> },
          { path: paths.login.path, lazy: () => import('./routes/login') },
          { path: paths.auth.path, lazy: () => import('./routes/auth') },
          { path: paths.confirmEmail.path, lazy: () => import('./routes/confirm-email') },
          { path: paths.paymentSuccess.path, lazy: () => import('./routes/payment-success') },
          { path: paths.briefPayment.path, lazy: () => import('./routes/brief-payment') },
          { path: paths.simulatedCheckout.path, lazy: () => import('./routes/simulated-checkout') },
          { path: paths.termsOfService.path, lazy: () => import('./routes/terms-of-service') },
          { path: paths.privacyPolicy.path, lazy: () => import('./routes/privacy-policy') },
          { path: paths.legalNotice.path, lazy: () => import('./routes/legal-notice') },
          { path: paths.dashboard.path, element: guarded(lazyPage(DashboardPage)) },
          { path: paths.editor.path, element: guarded(lazyPage(EditorPage), ['editor']) },
          { path: paths.admin.path, element: guarded(<Pending page="admin" />, ['admin']) },
          // The server decides who sees a project (client, its editor, admin): 'Accès refusé' comes from it.
          { path: paths.project.path, element: guarded(lazyPage(ProjectPage)) },
          {
            path: paths.systemTest.path,
            element: guarded(
              <Suspense fallback={<Spinner />}>
                <SystemTestPage />
              </Suspense>,
              ['admin'],
            ),
          },
          { path: paths.emailTest.path, element: guarded(<Pending page="emailTest" />, ['admin']) },
          { path: '*', lazy: () => import('./routes/not-found') },
        ],
      },
    ],
  },
];

export function AppRouter() {
  const router = useMemo(() => createBrowserRouter(routes), []);
  return <RouterProvider router={router} />;
}

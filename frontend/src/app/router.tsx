import type { Role } from '@domain/roles';
import { useMemo, type ReactNode } from 'react';
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
  | 'pricing'
  | 'contact'
  | 'recruitment'
  | 'paymentSuccess'
  | 'emailTest'
  | 'dashboard'
  | 'editor'
  | 'admin'
  | 'project'
  | 'systemTest';

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
          { path: paths.brief.path, element: <Pending page="brief" /> },
          { path: paths.briefOld.path, element: <Pending page="briefOld" /> },
          { path: paths.pricing.path, element: <Pending page="pricing" /> },
          { path: paths.contact.path, element: <Pending page="contact" /> },
          { path: paths.recruitment.path, element: <Pending page="recruitment" /> },
          { path: paths.login.path, lazy: () => import('./routes/login') },
          { path: paths.auth.path, lazy: () => import('./routes/auth') },
          { path: paths.confirmEmail.path, lazy: () => import('./routes/confirm-email') },
          { path: paths.paymentSuccess.path, element: <Pending page="paymentSuccess" /> },
          { path: paths.termsOfService.path, lazy: () => import('./routes/terms-of-service') },
          { path: paths.privacyPolicy.path, lazy: () => import('./routes/privacy-policy') },
          { path: paths.legalNotice.path, lazy: () => import('./routes/legal-notice') },
          { path: paths.dashboard.path, element: guarded(<Pending page="dashboard" />) },
          { path: paths.editor.path, element: guarded(<Pending page="editor" />, ['editor']) },
          { path: paths.admin.path, element: guarded(<Pending page="admin" />, ['admin']) },
          { path: paths.project.path, element: guarded(<Pending page="project" />) },
          { path: paths.systemTest.path, element: guarded(<Pending page="systemTest" />, ['admin']) },
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

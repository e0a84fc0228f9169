import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration } from 'react-router';
import { ConnectionNotice } from '@/components/layout/connection-notice';
import { Footer } from '@/components/layout/footer';
import { Header } from '@/components/layout/header';
import { NavigationProgress } from '@/components/layout/navigation-progress';

export interface MainLayoutProps {
  /** The signed-in user's notification bell (a feature: the app passes it in). */
  notificationBell?: ReactNode;
}

/** Header, page and footer around every route; the lost-connection notice of the live channel. */
export function MainLayout({ notificationBell }: MainLayoutProps) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col">
      <NavigationProgress />
      <a
        href="#main-content"
        className="sr-only rounded-lg bg-violet-700 px-4 py-2 text-sm font-medium text-white shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50"
      >
        {t('nav.skipToContent')}
      </a>
      <Header notificationBell={notificationBell} />
      <main id="main-content" tabIndex={-1} className="flex-1 outline-none">
        <Outlet />
      </main>
      <Footer />
      <ConnectionNotice />
      <ScrollRestoration />
    </div>
  );
}

import { SIGNED_IN_PAGE_STATE_ID, type SignedInPageState } from '@domain/signed-in-pages';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, type DataRouter } from 'react-router';
import { currentLanguage, languageReady } from '@/i18n';
import '@/index.css';
import { App } from '@/app';
import { createRoutes, loadMatchedRoutes } from '@/app/router';
import { adoptPageSession, pageSessionSnapshot, resumeSession } from '@/lib/auth-client';
import { createQueryClient, seedQueries } from '@/lib/react-query';

/** The state a signed-in page was drawn with by the api (api/pages/signed-in-pages.ts), if it was. */
function readPageState(): SignedInPageState | null {
  const element = document.getElementById(SIGNED_IN_PAGE_STATE_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as SignedInPageState;
  } catch {
    return null;
  }
}

const pageState = readPageState();
const queryClient = createQueryClient();
if (pageState) {
  seedQueries(queryClient, pageState);
  adoptPageSession(pageState);
}

// Check a possible session at once so Keycloak reads its callback before anything changes the URL.
resumeSession();

const container = document.getElementById('root');
if (!container) throw new Error('Élément #root introuvable');

const routes = createRoutes(queryClient);
const session = pageState ? pageSessionSnapshot(pageState) : undefined;
const app = (router: DataRouter) => (
  <StrictMode>
    <App router={router} queryClient={queryClient} session={session} />
  </StrictMode>
);

// The build (public pages) or the api (a signed-in page) wrote this page's HTML: shown before any script ran.
const prerendered = container.hasChildNodes();

// French renders at once; an English reader's texts load first (no French flash).
void languageReady().then(async () => {
  // That HTML is French: React takes it over as it is, or draws an English reader's page anew.
  if (prerendered && currentLanguage() === 'fr') {
    const hydrationData = await loadMatchedRoutes(routes, window.location.pathname);
    hydrateRoot(container, app(createBrowserRouter(routes, { hydrationData })));
  } else {
    createRoot(container).render(app(createBrowserRouter(routes)));
  }
});

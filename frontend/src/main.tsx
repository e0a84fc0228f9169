import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, type DataRouter } from 'react-router';
import { currentLanguage, languageReady } from '@/i18n';
import '@/index.css';
import { App } from '@/app';
import { createRoutes, loadMatchedRoutes } from '@/app/router';
import { resumeSession } from '@/lib/auth-client';
import { createQueryClient } from '@/lib/react-query';

// Check a possible session at once so Keycloak reads its callback before anything changes the URL.
resumeSession();

const container = document.getElementById('root');
if (!container) throw new Error('Élément #root introuvable');

const queryClient = createQueryClient();
const routes = createRoutes(queryClient);
const app = (router: DataRouter) => (
  <StrictMode>
    <App router={router} queryClient={queryClient} />
  </StrictMode>
);

// The build wrote this page's HTML (frontend/prerender-pages.ts): shown before any script ran.
const prerendered = container.hasChildNodes();

// French renders at once; an English reader's texts load first (no French flash).
void languageReady.then(async () => {
  // That HTML is French: React takes it over as it is, or draws an English reader's page anew.
  if (prerendered && currentLanguage() === 'fr') {
    const hydrationData = await loadMatchedRoutes(routes, window.location.pathname);
    hydrateRoot(container, app(createBrowserRouter(routes, { hydrationData })));
  } else {
    createRoot(container).render(app(createBrowserRouter(routes)));
  }
});

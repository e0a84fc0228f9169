import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@/i18n';
import '@/index.css';
import { App } from '@/app';
import { initAuth } from '@/lib/auth-client';

// Start the session check at once so Keycloak reads its callback before anything changes the URL.
void initAuth();

const container = document.getElementById('root');
if (!container) throw new Error('Élément #root introuvable');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { languageReady } from '@/i18n';
import '@/index.css';
import { App } from '@/app';
import { resumeSession } from '@/lib/auth-client';

// Check a possible session at once so Keycloak reads its callback before anything changes the URL.
resumeSession();

const container = document.getElementById('root');
if (!container) throw new Error('Élément #root introuvable');

// French renders at once; an English reader's texts load first (no French flash).
void languageReady.then(() =>
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);

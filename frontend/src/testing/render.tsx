import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppToaster } from '@/app/app-toaster';
import '@/i18n';
import { AuthProvider } from '@/lib/auth';
import { createQueryClient } from '@/lib/react-query';

/**
 * Renders a page's component as the app does (src/app/provider.tsx): the app's i18n (French), its
 * query client, a visitor's session, a router at `path`, and the toaster at once (the app mounts
 * it when idle) so that toasts can be read. Returns Testing Library's queries and a user.
 */
export function renderWithApp(ui: ReactElement, { path = '/' }: { path?: string } = {}) {
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [path] });
  // No pause between keystrokes: what a user types is the same, the long forms just fill faster.
  const user = userEvent.setup({ delay: null });
  const view = render(
    <QueryClientProvider client={createQueryClient()}>
      <AuthProvider>
        <RouterProvider router={router} />
        <AppToaster />
      </AuthProvider>
    </QueryClientProvider>,
  );
  return { ...view, user };
}

/** The toasts on screen (the toaster's « Messages » region), to query like the page. */
export const toasts = () => within(screen.getByRole('region', { name: /^Messages/ }));

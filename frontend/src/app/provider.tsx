import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Toaster } from 'sonner';
import { AuthProvider } from '@/lib/auth';
import { createQueryClient } from '@/lib/react-query';
import { LiveSync } from './live-sync';

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <LiveSync />
        {children}
        <AppToaster />
      </AuthProvider>
    </QueryClientProvider>
  );
}

/** Toasts below the sticky header, closing after 4.5 s. */
function AppToaster() {
  const { t } = useTranslation();
  return (
    <Toaster
      position="top-right"
      offset={{ top: 76, right: 16 }}
      mobileOffset={{ top: 72, left: 12, right: 12 }}
      duration={4500}
      richColors
      closeButton
      containerAriaLabel={t('common.toasts')}
      toastOptions={{ closeButtonAriaLabel: t('common.closeToast') }}
    />
  );
}

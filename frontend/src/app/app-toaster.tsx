import { useTranslation } from 'react-i18next';
import { Toaster } from 'sonner';

/** Toasts below the sticky header, closing after 4.5 s. */
export function AppToaster() {
  const { t } = useTranslation();
  return (
    <Toaster
      position="top-right"
      offset={{ top: 76, right: 16 }}
      mobileOffset={{ top: 72, left: 12, right: 12 }}
      duration={4500}
      richColors
      closeButton
      containerAriaLabel={t('common:toasts')}
      toastOptions={{ closeButtonAriaLabel: t('common:closeToast') }}
    />
  );
}

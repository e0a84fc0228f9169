import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Toaster } from 'sonner';

/**
 * sonner's own rich colours: texts darkened to reach 4.5:1 on their tinted backgrounds (its green
 * and red fall just short).
 */
const READABLE_COLOURS = {
  '--success-text': '#166534',
  '--error-text': '#b91c1c',
  '--warning-text': '#92400e',
  '--info-text': '#1e40af',
} as CSSProperties;

/** Toasts below the sticky header, closing after 4.5 s (held while hovered or focused). */
export function AppToaster() {
  const { t } = useTranslation();
  return (
    <Toaster
      position="top-right"
      offset={{ top: 76, right: 16 }}
      mobileOffset={{ top: 72, left: 12, right: 12 }}
      duration={4500}
      richColors
      style={READABLE_COLOURS}
      closeButton
      containerAriaLabel={t('common:toasts')}
      toastOptions={{ closeButtonAriaLabel: t('common:closeToast') }}
    />
  );
}

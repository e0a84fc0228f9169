export { LegalNoticePage as Component } from '@/features/legal/components/legal-notice-page';

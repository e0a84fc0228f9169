export { CallConfirmationPage as Component } from '@/features/contact/components/call-confirmation-page';

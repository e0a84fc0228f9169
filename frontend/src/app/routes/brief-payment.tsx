export { BriefPaymentPage as Component } from '@/features/payments/components/brief-payment-page';

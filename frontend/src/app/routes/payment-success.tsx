export { PaymentSuccessPage as Component } from '@/features/payments/components/payment-success-page';

export { SimulatedCheckoutPage as Component } from '@/features/payments/components/simulated-checkout-page';

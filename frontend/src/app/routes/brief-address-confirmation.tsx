export { AddressConfirmationPage as Component } from '@/features/brief/components/address-confirmation-page';

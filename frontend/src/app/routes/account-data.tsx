export { AccountDataPage as Component } from '@/features/account-data/components/account-data-page';

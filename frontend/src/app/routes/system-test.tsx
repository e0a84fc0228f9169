export { SystemTestPage as Component } from '@/features/system-test/components/system-test-page';

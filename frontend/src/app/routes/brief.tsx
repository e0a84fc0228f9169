export { BriefWizard as Component } from '@/features/brief/components/brief-wizard';

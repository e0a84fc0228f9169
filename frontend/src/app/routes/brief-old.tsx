export { FullBriefForm as Component } from '@/features/brief/components/full-brief-form';

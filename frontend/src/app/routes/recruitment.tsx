export { RecruitmentPage as Component } from '@/features/recruitment/components/recruitment-page';

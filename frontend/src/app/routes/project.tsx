export { ProjectPage as Component } from '@/features/projects/components/project-page';

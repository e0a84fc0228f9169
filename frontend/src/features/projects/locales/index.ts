import { registerNamespace } from '@/i18n';
import { fr } from './fr';

export const PROJECTS_NAMESPACE = registerNamespace('projects', fr, () => import('./en'));

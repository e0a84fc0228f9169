import { registerNamespace } from '@/i18n';
import { fr } from './fr';

export const RECRUITMENT_NAMESPACE = registerNamespace('recruitment', fr, () => import('./en'));

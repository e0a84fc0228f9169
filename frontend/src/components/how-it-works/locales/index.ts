import { registerNamespace } from '@/i18n';
import { fr } from './fr';

export const HOW_IT_WORKS_NAMESPACE = registerNamespace('howItWorks', fr, () => import('./en'));

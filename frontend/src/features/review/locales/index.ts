import { registerNamespace } from '@/i18n';
import { fr } from './fr';

export const REVIEW_NAMESPACE = registerNamespace('review', fr, () => import('./en'));

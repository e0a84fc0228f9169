import { registerNamespace } from '@/i18n';
import { fr } from './fr';

export const BRIEF_NAMESPACE = registerNamespace('brief', fr, () => import('./en'));

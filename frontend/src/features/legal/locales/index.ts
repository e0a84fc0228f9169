import { registerNamespace } from '@/i18n';
import { fr } from './fr';

export const LEGAL_NAMESPACE = registerNamespace('legal', fr, () => import('./en'));

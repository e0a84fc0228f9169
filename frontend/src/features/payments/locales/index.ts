import { registerNamespace } from '@/i18n';
import { fr } from './fr';

export const PAYMENTS_NAMESPACE = registerNamespace('payments', fr, () => import('./en'));

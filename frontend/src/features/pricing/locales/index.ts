import { registerNamespace } from '@/i18n';
import { fr } from './fr';

export const PRICING_NAMESPACE = registerNamespace('pricing', fr, () => import('./en'));

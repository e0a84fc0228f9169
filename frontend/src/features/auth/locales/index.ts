import { registerNamespace } from '@/i18n';
import { fr } from './fr';

export const AUTH_NAMESPACE = registerNamespace('auth', fr, () => import('./en'));

import { registerNamespace } from '@/i18n';
import { fr } from './fr';

export const HOME_NAMESPACE = registerNamespace('home', fr, () => import('./en'));

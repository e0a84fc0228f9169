import { registerNamespace } from '@/i18n';
import { fr } from './fr';

export const DASHBOARD_NAMESPACE = registerNamespace('dashboard', fr, () => import('./en'));

import { registerNamespace } from '@/i18n';
import { fr } from './fr';

export const NOTIFICATIONS_NAMESPACE = registerNamespace('notifications', fr, () => import('./en'));

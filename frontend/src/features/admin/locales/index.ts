import { registerNamespace } from '@/i18n';
import { fr } from './fr';

export const ADMIN_NAMESPACE = registerNamespace('admin', fr, () => import('./en'));

import { registerNamespace } from '@/i18n';
import { fr } from './fr';

export const CONTACT_NAMESPACE = registerNamespace('contact', fr, () => import('./en'));

import { registerNamespace } from '@/i18n';
import { fr } from './fr';

export const EMAIL_TEST_NAMESPACE = registerNamespace('emailTest', fr, () => import('./en'));

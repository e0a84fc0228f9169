import { registerNamespace } from '@/i18n';
import { fr } from './fr';

export const SYSTEM_TEST_NAMESPACE = registerNamespace('systemTest', fr, () => import('./en'));

import { registerNamespace } from '@/i18n';
import { fr } from './fr';

export const ACCOUNT_DATA_NAMESPACE = registerNamespace('accountData', fr, () => import('./en'));

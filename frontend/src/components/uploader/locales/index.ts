import { registerNamespace } from '@/i18n';
import { fr } from './fr';

export const UPLOADER_NAMESPACE = registerNamespace('uploader', fr, () => import('./en'));

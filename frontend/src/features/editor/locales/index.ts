import { registerNamespace } from '@/i18n';
import { fr } from './fr';

export const EDITOR_NAMESPACE = registerNamespace('editor', fr, () => import('./en'));

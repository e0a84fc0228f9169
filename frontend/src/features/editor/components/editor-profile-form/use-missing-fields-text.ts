import type { EditorProfileRequirement } from '@domain/editor-profile';
import { useTranslation } from 'react-i18next';
import { EDITOR_NAMESPACE } from '../../locales';

/** Names the fields a profile still lacks as the editor reads them (« spécialités, niveaux… »). */
export function useMissingFieldsText(): (missing: readonly EditorProfileRequirement[]) => string {
  const { t } = useTranslation(EDITOR_NAMESPACE);
  return (missing) => missing.map((field) => t(`missing.${field}`)).join(', ');
}

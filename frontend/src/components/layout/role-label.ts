import { roleLabel, type Role } from '@domain/roles';
import { useTranslation } from 'react-i18next';

/** `roleLabel` from the domain (French), translated for display when the UI is in English. */
export function useRoleLabel(roles: readonly Role[]): string {
  const { t } = useTranslation();
  const label = roleLabel(roles);
  return t(`roleLabels.${label}`, { defaultValue: label });
}

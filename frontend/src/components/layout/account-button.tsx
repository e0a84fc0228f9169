import { ChevronDown, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useRoleLabel } from '@/components/layout/role-label';
import { Button, type ButtonProps } from '@/components/ui/button';
import { useAuth } from '@/lib/auth';

/**
 * The account menu's button (role label). The header shows it alone while the menu's code loads,
 * so that nothing moves when the menu arrives.
 */
export function AccountButton(props: ButtonProps) {
  const { t } = useTranslation();
  const { roles } = useAuth();
  const label = useRoleLabel(roles);
  return (
    <Button variant="outline" aria-label={t('nav.accountMenu', { role: label })} {...props}>
      <UserRound aria-hidden="true" />
      <span>{label}</span>
      <ChevronDown aria-hidden="true" className="text-slate-500" />
    </Button>
  );
}

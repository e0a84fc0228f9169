import { Loader2, Send } from 'lucide-react';
import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { RECRUITMENT_NAMESPACE } from '../../locales';
import { CheckboxField } from '../fields';
import { FormSection } from '../form-section';
import type { ApplicationSectionProps } from './section-props';

function LegalLink({ to, children }: { to: string; children?: ReactNode }) {
  const { t } = useTranslation(RECRUITMENT_NAMESPACE);
  return (
    <Link to={to} target="_blank" rel="noopener" className="font-medium text-violet-700 underline underline-offset-2">
      {children}
      <span className="sr-only"> {t('consents.newTab')}</span>
    </Link>
  );
}

/** 11. The three required consents, the optional portfolio one, and the submit button. */
export function ConsentsSection({ form, sending }: Pick<ApplicationSectionProps, 'form'> & { sending: boolean }) {
  const { t } = useTranslation(RECRUITMENT_NAMESPACE);
  const { register, formState } = form;
  const { errors } = formState;
  return (
    <FormSection section="consents">
      <div className="flex flex-col gap-1 sm:col-span-2">
        <CheckboxField
          required
          label={
            <Trans
              t={t}
              i18nKey="consents.terms"
              components={{ terms: <LegalLink to={paths.termsOfService.getHref()} /> }}
            />
          }
          error={errors.acceptsTerms?.message}
          {...register('acceptsTerms')}
        />
        <CheckboxField
          required
          label={
            <Trans
              t={t}
              i18nKey="consents.privacy"
              components={{ privacy: <LegalLink to={paths.privacyPolicy.getHref()} /> }}
            />
          }
          error={errors.acceptsPrivacy?.message}
          {...register('acceptsPrivacy')}
        />
        <CheckboxField
          required
          label={t('consents.contract')}
          error={errors.acceptsContract?.message}
          {...register('acceptsContract')}
        />
        <CheckboxField label={t('consents.portfolio')} {...register('authorizesPortfolioUse')} />
      </div>
      <div className="flex justify-end border-t border-slate-200 pt-5 sm:col-span-2">
        <Button type="submit" size="lg" disabled={sending} className="w-full sm:w-auto">
          {sending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Send aria-hidden="true" />}
          {sending ? t('sending') : t('submit')}
        </Button>
      </div>
    </FormSection>
  );
}

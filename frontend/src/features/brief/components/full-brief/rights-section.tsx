import { Loader2, Send } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { CheckboxField, type FieldMessages } from '../fields';
import type { FullBriefSectionProps } from './section-props';

/** 7. The two rights confirmations, which the submit button waits for. */
export function RightsSection({ form, values, sending }: FullBriefSectionProps & { sending: boolean }) {
  const { t } = useTranslation('brief');
  const { register, formState } = form;
  const errors = formState.errors as FieldMessages;
  const rightsConfirmed = values.confirmRushesRights === true && values.confirmMusicRights === true;

  return (
    <section
      aria-labelledby="rights-title"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="rights-title" className="text-lg font-semibold text-slate-900">
        {t('full.sections.rights')}
      </h2>
      <div className="mt-4 flex flex-col gap-3">
        <CheckboxField
          label={t('full.confirmRushesRights')}
          error={errors.confirmRushesRights?.message}
          {...register('confirmRushesRights')}
        />
        <CheckboxField
          label={t('full.confirmMusicRights')}
          error={errors.confirmMusicRights?.message}
          {...register('confirmMusicRights')}
        />
      </div>
      <div className="mt-6 flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        {!rightsConfirmed && (
          <p id="rights-note" className="text-sm text-slate-600">
            {t('full.rightsNote')}
          </p>
        )}
        <Button
          type="submit"
          size="lg"
          className="sm:ml-auto"
          disabled={sending || !rightsConfirmed}
          aria-describedby={rightsConfirmed ? undefined : 'rights-note'}
        >
          {sending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Send aria-hidden="true" />}
          {sending ? t('full.sending') : t('full.submit')}
        </Button>
      </div>
    </section>
  );
}

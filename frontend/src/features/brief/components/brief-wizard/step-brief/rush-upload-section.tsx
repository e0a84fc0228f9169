import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field, TextArea } from '@/components/form/fields';
import { FormSection } from '../../fields';
import { RushDurationUploader } from '../../rush-duration-uploader';
import type { BriefSectionProps } from './brief-section-props';

/** The rushes: measured by upload (which fills the rush duration) or given as links, one a line. */
export function RushUploadSection({ form: { control, setValue }, values, errors }: BriefSectionProps) {
  const { t } = useTranslation('brief');
  return (
    <FormSection title={t('wizard.sections.upload')}>
      <div className="flex flex-col gap-3 sm:col-span-2">
        <p className="text-sm text-slate-600">{t('wizard.uploadLabel')}</p>
        <RushDurationUploader
          area="wizard"
          declared={values.total_rush_duration}
          onDuration={(minutes) => setValue('total_rush_duration', minutes, { shouldValidate: true })}
        />
      </div>
      <Controller
        control={control}
        name="file_links"
        render={({ field, fieldState }) => (
          <Field
            label={t('wizard.fileLinks')}
            hint={t('wizard.fileLinksHint')}
            error={fieldState.error?.message ?? errors['file_links.0']?.message}
            wide
          >
            {({ id, describedBy, invalid }) => (
              <TextArea
                id={id}
                aria-describedby={describedBy}
                aria-invalid={invalid}
                defaultValue={(field.value as string[] | undefined)?.join('\n') ?? ''}
                onBlur={field.onBlur}
                onChange={(event) =>
                  field.onChange(
                    event.target.value
                      .split(/\s*\n\s*/)
                      .map((link) => link.trim())
                      .filter(Boolean),
                  )
                }
              />
            )}
          </Field>
        )}
      />
    </FormSection>
  );
}

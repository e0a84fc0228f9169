import { MUSIC_OPTIONS, REFERENCE_VIDEO_SLOTS, RHYTHMS, VISUAL_STYLES } from '@domain/brief-options';
import { useTranslation } from 'react-i18next';
import { Field, SelectField, TextField, TextInput } from '@/components/form/fields';
import { FormSection, type FieldMessages } from '../fields';
import type { FullBriefSectionProps } from './section-props';

/** 4. Visual style, rhythm, reference videos, colours and music. */
export function StyleSection({ form }: Pick<FullBriefSectionProps, 'form'>) {
  const { t } = useTranslation('brief');
  const { register, formState } = form;
  const errors = formState.errors as FieldMessages;

  return (
    <FormSection title={t('full.sections.style')}>
      <SelectField
        label={t('full.visualStyle')}
        error={errors.visualStyle?.message}
        options={VISUAL_STYLES}
        placeholder="—"
        {...register('visualStyle')}
      />
      <SelectField
        label={t('full.rhythm')}
        error={errors.rhythm?.message}
        options={RHYTHMS}
        placeholder="—"
        {...register('rhythm')}
      />
      {Array.from({ length: REFERENCE_VIDEO_SLOTS }, (_, index) => (
        <Field key={index} label={t('full.referenceVideo', { n: index + 1 })} wide>
          {({ id }) => (
            <TextInput id={id} type="url" placeholder="https://" {...register(`referenceVideos.${index}`)} />
          )}
        </Field>
      ))}
      <TextField
        label={t('full.colorPalette')}
        error={errors.colorPaletteAmbiance?.message}
        type="text"
        {...register('colorPaletteAmbiance')}
      />
      <SelectField
        label={t('full.music')}
        error={errors.musicOption?.message}
        options={MUSIC_OPTIONS}
        placeholder="—"
        {...register('musicOption')}
      />
    </FormSection>
  );
}

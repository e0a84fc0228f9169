import {
  COMPLEXITY_LEVEL_TIERS,
  SOFTWARE,
  SPECIALTY_DOMAINS,
  TECHNICAL_COMPETENCIES,
  VIDEO_SPECIALTIES,
} from '@domain/recruitment';
import { useTranslation } from 'react-i18next';
import { RECRUITMENT_NAMESPACE } from '../../locales';
import { useOptionLanguage } from '@/components/form/fields';
import { ChoiceGrid, TextAreaField, TextField } from '../fields';
import { FormSection } from '../form-section';
import { countOf, firstMessage, type ApplicationSectionProps } from './section-props';

/** 2. The complexity levels, one grid per tier (Standard, Avancé, Expert Motion, Expert VFX). */
export function ComplexitySection({ form, values }: ApplicationSectionProps) {
  const language = useOptionLanguage();
  const chosen = new Set(values.complexityLevels ?? []);
  const field = form.register('complexityLevels');
  return (
    <FormSection section="complexity">
      {COMPLEXITY_LEVEL_TIERS.map((tier) => (
        <ChoiceGrid
          key={tier.tier}
          legend={tier[language]}
          columns={2}
          options={tier.levels}
          selectedCount={tier.levels.filter((level) => chosen.has(level.value)).length}
          inputProps={field}
        />
      ))}
      {form.formState.errors.complexityLevels && (
        <p className="text-xs font-medium text-red-700 sm:col-span-2">
          {firstMessage(form.formState.errors.complexityLevels)}
        </p>
      )}
    </FormSection>
  );
}

/** 3. The specialty domains (copied into the application's specialties). */
export function DomainsSection({ form, values }: ApplicationSectionProps) {
  const { t } = useTranslation(RECRUITMENT_NAMESPACE);
  return (
    <FormSection section="domains">
      <ChoiceGrid
        legend={t('sections.domains')}
        legendHidden
        options={SPECIALTY_DOMAINS}
        selectedCount={countOf(values.specialtyDomains)}
        error={firstMessage(form.formState.errors.specialtyDomains)}
        inputProps={form.register('specialtyDomains')}
      />
    </FormSection>
  );
}

/** 4. The video specialties. */
export function VideoSpecialtiesSection({ form, values }: ApplicationSectionProps) {
  const { t } = useTranslation(RECRUITMENT_NAMESPACE);
  return (
    <FormSection section="videoSpecialties">
      <ChoiceGrid
        legend={t('sections.videoSpecialties')}
        legendHidden
        options={VIDEO_SPECIALTIES}
        selectedCount={countOf(values.videoSpecialties)}
        error={firstMessage(form.formState.errors.videoSpecialties)}
        inputProps={form.register('videoSpecialties')}
      />
    </FormSection>
  );
}

/** 5. The technical competencies, and a word on them. */
export function CompetenciesSection({ form, values }: ApplicationSectionProps) {
  const { t } = useTranslation(RECRUITMENT_NAMESPACE);
  const { errors } = form.formState;
  return (
    <FormSection section="competencies">
      <ChoiceGrid
        legend={t('sections.competencies')}
        legendHidden
        options={TECHNICAL_COMPETENCIES}
        selectedCount={countOf(values.technicalCompetencies)}
        error={firstMessage(errors.technicalCompetencies)}
        inputProps={form.register('technicalCompetencies')}
      />
      <TextAreaField
        label={t('fields.technicalSkills')}
        placeholder={t('fields.technicalSkillsPlaceholder')}
        error={errors.technicalSkills?.message}
        {...form.register('technicalSkills')}
      />
    </FormSection>
  );
}

/** 6. The software mastered, any other, and the equipment. */
export function SoftwareSection({ form, values }: ApplicationSectionProps) {
  const { t } = useTranslation(RECRUITMENT_NAMESPACE);
  const { errors } = form.formState;
  return (
    <FormSection section="software">
      <ChoiceGrid
        legend={t('sections.software')}
        legendHidden
        columns={4}
        options={SOFTWARE}
        selectedCount={countOf(values.softwareMastered)}
        error={firstMessage(errors.softwareMastered)}
        inputProps={form.register('softwareMastered')}
      />
      <TextField
        label={t('fields.otherSoftware')}
        wide
        placeholder={t('fields.otherSoftwarePlaceholder')}
        error={errors.otherSoftware?.message}
        {...form.register('otherSoftware')}
      />
      <TextAreaField
        label={t('fields.equipmentDescription')}
        placeholder={t('fields.equipmentPlaceholder')}
        error={errors.equipmentDescription?.message}
        {...form.register('equipmentDescription')}
      />
    </FormSection>
  );
}

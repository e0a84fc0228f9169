import {
  EDITOR_COMPLEXITY_LEVELS,
  EDITOR_HOURLY_RATE_MIN,
  EDITOR_HOURLY_RATE_STEP,
  EDITOR_LANGUAGES,
  EDITOR_MAX_PROJECTS_MAX,
  EDITOR_MAX_PROJECTS_MIN,
  EDITOR_SPECIALTIES,
  EDITOR_TIMEZONES,
} from '@domain/editor-profile';
import { EDITOR_PROFILE_STATUSES } from '@domain/enums';
import type { EditorProfileView } from '@domain/schemas/project';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { EDITOR_NAMESPACE } from '../locales';
import { initialState, type FormState } from './editor-profile-form/profile-form-state';
import { Field, inputClass } from './editor-profile-form/profile-field';
import { Choices } from './editor-profile-form/choices';
import { PortfolioLinksField } from './editor-profile-form/portfolio-links-field';
import { useProfileSave } from './editor-profile-form/use-profile-save';

/** The editor profile (000 §2, §5, §9), checked with the api's own schema before sending. */
export function EditorProfileForm({
  profile,
  names,
}: {
  profile: EditorProfileView | null;
  names: { firstName: string; lastName: string };
}) {
  const { t } = useTranslation(EDITOR_NAMESPACE);
  const id = useId();
  const [form, setForm] = useState<FormState>(() => initialState(profile, names));
  const { errors, save, pending } = useProfileSave();

  const set = <K extends keyof FormState>(key: K, value: FormState[K]) =>
    setForm((current) => ({ ...current, [key]: value }));
  const toggle = (key: 'specialties' | 'visualComplexityLevels' | 'languages', value: string) =>
    setForm((current) => {
      const list = current[key] as string[];
      return { ...current, [key]: list.includes(value) ? list.filter((item) => item !== value) : [...list, value] };
    });

  const err = (key: string) => errors[key];
  const described = (key: string) =>
    errors[key] ? { 'aria-invalid': true, 'aria-describedby': `${id}-${key}-error` } : {};

  return (
    <form onSubmit={(event) => save(event, form)} noValidate className="space-y-8" data-testid="editor-profile-form">
      <section className="grid gap-4 sm:grid-cols-2">
        <h2 className="text-base font-semibold text-slate-900 sm:col-span-2">{t('form.identity')}</h2>
        <Field id={`${id}-firstName`} label={t('form.firstName')} error={err('firstName')}>
          <input
            id={`${id}-firstName`}
            className={inputClass}
            value={form.firstName}
            onChange={(event) => set('firstName', event.target.value)}
            autoComplete="given-name"
            {...described('firstName')}
          />
        </Field>
        <Field id={`${id}-lastName`} label={t('form.lastName')} error={err('lastName')}>
          <input
            id={`${id}-lastName`}
            className={inputClass}
            value={form.lastName}
            onChange={(event) => set('lastName', event.target.value)}
            autoComplete="family-name"
            {...described('lastName')}
          />
        </Field>
      </section>

      <section className="space-y-4">
        <Choices
          legend={t('form.specialties')}
          values={EDITOR_SPECIALTIES}
          selected={form.specialties}
          label={(value) => t(`specialties.${value}`)}
          onToggle={(value) => toggle('specialties', value)}
          error={err('specialties')}
        />
        <Choices
          legend={t('form.levels')}
          values={EDITOR_COMPLEXITY_LEVELS}
          selected={form.visualComplexityLevels}
          label={(value) => t(`levels.${value}`)}
          onToggle={(value) => toggle('visualComplexityLevels', value)}
          error={err('visualComplexityLevels')}
        />
        <Choices
          legend={t('form.languages')}
          values={EDITOR_LANGUAGES}
          selected={form.languages}
          label={(value) => value}
          onToggle={(value) => toggle('languages', value)}
          error={err('languages')}
        />
      </section>

      <section className="grid gap-4 sm:grid-cols-2">
        <h2 className="text-base font-semibold text-slate-900 sm:col-span-2">{t('form.rates')}</h2>
        <Field
          id={`${id}-hourlyRate`}
          label={t('form.hourlyRate')}
          hint={t('form.hourlyRateHint')}
          error={err('hourlyRate')}
        >
          <input
            id={`${id}-hourlyRate`}
            className={inputClass}
            type="number"
            inputMode="decimal"
            min={EDITOR_HOURLY_RATE_MIN}
            step={EDITOR_HOURLY_RATE_STEP}
            value={form.hourlyRate}
            onChange={(event) => set('hourlyRate', event.target.value)}
            {...described('hourlyRate')}
          />
        </Field>
        <Field id={`${id}-maxConcurrentProjects`} label={t('form.maxProjects')} error={err('maxConcurrentProjects')}>
          <input
            id={`${id}-maxConcurrentProjects`}
            className={inputClass}
            type="number"
            inputMode="numeric"
            min={EDITOR_MAX_PROJECTS_MIN}
            max={EDITOR_MAX_PROJECTS_MAX}
            step={1}
            value={form.maxConcurrentProjects}
            onChange={(event) => set('maxConcurrentProjects', event.target.value)}
            {...described('maxConcurrentProjects')}
          />
        </Field>
      </section>

      <section className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <h2 className="text-base font-semibold text-slate-900 sm:col-span-2 lg:col-span-4">{t('form.availability')}</h2>
        <Field id={`${id}-timezone`} label={t('form.timezone')} error={err('timezone')}>
          <select
            id={`${id}-timezone`}
            className={inputClass}
            value={form.timezone}
            onChange={(event) => set('timezone', event.target.value)}
          >
            {EDITOR_TIMEZONES.map((zone) => (
              <option key={zone.value} value={zone.value}>
                {zone.label}
              </option>
            ))}
          </select>
        </Field>
        <Field id={`${id}-start`} label={t('form.start')} error={err('availabilityStart')}>
          <input
            id={`${id}-start`}
            className={inputClass}
            type="time"
            value={form.availabilityStart}
            onChange={(event) => set('availabilityStart', event.target.value)}
            {...described('availabilityStart')}
          />
        </Field>
        <Field id={`${id}-end`} label={t('form.end')} error={err('availabilityEnd')}>
          <input
            id={`${id}-end`}
            className={inputClass}
            type="time"
            value={form.availabilityEnd}
            onChange={(event) => set('availabilityEnd', event.target.value)}
            {...described('availabilityEnd')}
          />
        </Field>
        <Field id={`${id}-status`} label={t('form.status')} error={err('status')}>
          <select
            id={`${id}-status`}
            className={inputClass}
            value={form.status}
            onChange={(event) => set('status', event.target.value as FormState['status'])}
          >
            {EDITOR_PROFILE_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`form.statuses.${status}`)}
              </option>
            ))}
          </select>
        </Field>
      </section>

      <section className="space-y-4">
        <Field id={`${id}-bio`} label={t('form.bio')} error={err('bio')}>
          <textarea
            id={`${id}-bio`}
            rows={4}
            className={cn(inputClass, 'h-auto py-2')}
            value={form.bio}
            onChange={(event) => set('bio', event.target.value)}
          />
        </Field>
        <PortfolioLinksField
          links={form.portfolioLinks}
          onChange={(links) => set('portfolioLinks', links)}
          errorAt={(index) => err(`portfolioLinks.${index}`)}
        />
      </section>

      <Button type="submit" size="lg" disabled={pending} className="w-full sm:w-auto">
        {profile ? t('form.save') : t('form.create')}
      </Button>
    </form>
  );
}

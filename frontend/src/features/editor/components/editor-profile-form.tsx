import {
  EDITOR_COMPLEXITY_LEVELS,
  EDITOR_HOURLY_RATE_MIN,
  EDITOR_HOURLY_RATE_STEP,
  EDITOR_LANGUAGES,
  EDITOR_MAX_PROJECTS_MAX,
  EDITOR_MAX_PROJECTS_MIN,
  EDITOR_PROFILE_DEFAULTS,
  EDITOR_SPECIALTIES,
  EDITOR_TIMEZONES,
  missingEditorProfileFields,
  type EditorProfileRequirement,
} from '@domain/editor-profile';
import { EDITOR_PROFILE_STATUSES } from '@domain/enums';
import { PROJECT_MESSAGES } from '@domain/projects';
import { EditorProfileInputSchema, type EditorProfileInput, type EditorProfileView } from '@domain/schemas/project';
import { Plus, X } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { useSaveEditorProfile } from '../api/editor';
import { EDITOR_NAMESPACE } from '../labels';

type FormState = Omit<Required<EditorProfileInput>, 'hourlyRate' | 'maxConcurrentProjects'> & {
  hourlyRate: string;
  maxConcurrentProjects: string;
};

function initialState(profile: EditorProfileView | null, names: { firstName: string; lastName: string }): FormState {
  return {
    firstName: profile?.firstName || names.firstName,
    lastName: profile?.lastName || names.lastName,
    specialties: profile?.specialties ?? [],
    visualComplexityLevels: profile?.visualComplexityLevels ?? [],
    languages: profile?.languages ?? ['français'],
    timezone: profile?.timezone ?? EDITOR_PROFILE_DEFAULTS.timezone,
    hourlyRate: String(profile?.hourlyRate ?? EDITOR_PROFILE_DEFAULTS.hourlyRate),
    maxConcurrentProjects: String(profile?.maxConcurrentProjects ?? EDITOR_PROFILE_DEFAULTS.maxConcurrentProjects),
    availabilityStart: profile?.availabilityStart ?? EDITOR_PROFILE_DEFAULTS.availabilityStart,
    availabilityEnd: profile?.availabilityEnd ?? EDITOR_PROFILE_DEFAULTS.availabilityEnd,
    status: profile?.status ?? EDITOR_PROFILE_DEFAULTS.status,
    bio: profile?.bio ?? '',
    // The form keeps at least one link row.
    portfolioLinks: profile?.portfolioLinks.length ? profile.portfolioLinks : [''],
  };
}

/** Names the fields a profile still lacks as the editor reads them (« spécialités, niveaux… »). */
export function useMissingFieldsText(): (missing: readonly EditorProfileRequirement[]) => string {
  const { t } = useTranslation(EDITOR_NAMESPACE);
  return (missing) => missing.map((field) => t(`missing.${field}`)).join(', ');
}

const inputClass =
  'h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm outline-none focus-visible:border-violet-600 focus-visible:ring-2 focus-visible:ring-violet-600/30 aria-[invalid=true]:border-red-500';

function Field({
  label,
  error,
  hint,
  children,
  id,
}: {
  label: string;
  error?: string;
  hint?: string;
  children: ReactNode;
  id: string;
}) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-900">
        {label}
      </label>
      {children}
      {hint && !error && <p className="text-xs text-slate-600">{hint}</p>}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

function Choices<T extends string>({
  legend,
  values,
  selected,
  label,
  onToggle,
  error,
}: {
  legend: string;
  values: readonly T[];
  selected: string[];
  label: (value: T) => string;
  onToggle: (value: T) => void;
  error?: string;
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-900">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {values.map((value) => {
          const checked = selected.includes(value);
          return (
            <label
              key={value}
              className={cn(
                'inline-flex cursor-pointer items-center gap-2 rounded-full border px-3 py-1.5 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-violet-600',
                checked
                  ? 'border-violet-600 bg-violet-50 text-violet-900'
                  : 'border-slate-300 text-slate-700 hover:bg-slate-50',
              )}
            >
              <input type="checkbox" className="sr-only" checked={checked} onChange={() => onToggle(value)} />
              {label(value)}
            </label>
          );
        })}
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}

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
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveEditorProfile();
  const missingText = useMissingFieldsText();

  const set = <K extends keyof FormState>(key: K, value: FormState[K]) =>
    setForm((current) => ({ ...current, [key]: value }));
  const toggle = (key: 'specialties' | 'visualComplexityLevels' | 'languages', value: string) =>
    setForm((current) => {
      const list = current[key] as string[];
      return { ...current, [key]: list.includes(value) ? list.filter((item) => item !== value) : [...list, value] };
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = {
      ...form,
      hourlyRate: form.hourlyRate === '' ? Number.NaN : Number(form.hourlyRate),
      maxConcurrentProjects: form.maxConcurrentProjects === '' ? Number.NaN : Number(form.maxConcurrentProjects),
    };
    const parsed = EditorProfileInputSchema.safeParse(input);
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      for (const issue of parsed.error.issues) fields[issue.path.join('.')] ??= issue.message;
      setErrors(fields);
      toast.error(t('form.invalid'));
      return;
    }
    setErrors({});
    save.mutate(input as EditorProfileInput, {
      onSuccess: ({ profile: saved }) => {
        // Saved, but no project can go to this editor yet: say what is missing, not a bare success.
        const missing = missingEditorProfileFields(saved);
        if (missing.length === 0) toast.success(PROJECT_MESSAGES.profileSaved);
        else
          toast.warning(t('incomplete.title'), {
            description: t('incomplete.text', { fields: missingText(missing) }),
          });
      },
      onError: (error) => {
        const fields =
          error instanceof ApiError
            ? (error.body as { fields?: Record<string, string> } | undefined)?.fields
            : undefined;
        if (fields) setErrors(fields);
        toast.error(PROJECT_MESSAGES.saveProfileFailed, {
          description: error instanceof ApiError ? error.message : undefined,
        });
      },
    });
  };

  const err = (key: string) => errors[key];
  const described = (key: string) =>
    errors[key] ? { 'aria-invalid': true, 'aria-describedby': `${id}-${key}-error` } : {};

  return (
    <form onSubmit={submit} noValidate className="space-y-8" data-testid="editor-profile-form">
      <section className="grid gap-4 sm:grid-cols-2">
        <h3 className="text-base font-semibold text-slate-900 sm:col-span-2">{t('form.identity')}</h3>
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
        <h3 className="text-base font-semibold text-slate-900 sm:col-span-2">{t('form.rates')}</h3>
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
        <h3 className="text-base font-semibold text-slate-900 sm:col-span-2 lg:col-span-4">{t('form.availability')}</h3>
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
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-900">{t('form.portfolio')}</legend>
          {form.portfolioLinks.map((link, index) => (
            <div key={index} className="space-y-1">
              <div className="flex gap-2">
                <input
                  className={inputClass}
                  type="url"
                  inputMode="url"
                  placeholder="https://"
                  aria-label={t('form.portfolioLink', { number: index + 1 })}
                  value={link}
                  onChange={(event) =>
                    set(
                      'portfolioLinks',
                      form.portfolioLinks.map((current, position) =>
                        position === index ? event.target.value : current,
                      ),
                    )
                  }
                  aria-invalid={Boolean(err(`portfolioLinks.${index}`))}
                />
                {form.portfolioLinks.length > 1 && (
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={t('form.removeLink', { number: index + 1 })}
                    onClick={() =>
                      set(
                        'portfolioLinks',
                        form.portfolioLinks.filter((_, position) => position !== index),
                      )
                    }
                  >
                    <X aria-hidden="true" />
                  </Button>
                )}
              </div>
              {err(`portfolioLinks.${index}`) && (
                <p role="alert" className="text-sm text-red-700">
                  {err(`portfolioLinks.${index}`)}
                </p>
              )}
            </div>
          ))}
          <Button variant="outline" size="sm" onClick={() => set('portfolioLinks', [...form.portfolioLinks, ''])}>
            <Plus aria-hidden="true" />
            {t('form.addLink')}
          </Button>
        </fieldset>
      </section>

      <Button type="submit" size="lg" disabled={save.isPending} className="w-full sm:w-auto">
        {profile ? t('form.save') : t('form.create')}
      </Button>
    </form>
  );
}

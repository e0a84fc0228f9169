import { SETTING_LIMITS, type AppSettings } from '@domain/settings';
import { SettingsInputSchema } from '@domain/schemas/settings';
import { Save } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useAdminSettings, useSaveSettings } from '../api/admin-settings';
import { ADMIN_NAMESPACE } from '../locales';
import { TextField } from './form-field';
import { SellerCard } from './seller-card';

type Draft = Record<'revisionWindowDays' | 'maxRevisions' | 'launchOfferPlaces' | 'contactEmail', string> & {
  expressEnabled: boolean;
};

const draftOf = (settings: AppSettings): Draft => ({
  revisionWindowDays: String(settings.revisionWindowDays),
  maxRevisions: String(settings.maxRevisions),
  launchOfferPlaces: String(settings.launchOfferPlaces),
  expressEnabled: settings.expressEnabled,
  contactEmail: settings.contactEmail,
});

/** A number field's text as the schema reads it: a number, or the text itself (refused with its message). */
const numberOf = (text: string) => (text.trim() === '' || Number.isNaN(Number(text)) ? text : Number(text));

/**
 * Admin › Paramètres: the five settings, validated with the api's schema, stored and applied at once;
 * then the seller's identity the invoices print.
 */
export function SettingsTab() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const settings = useAdminSettings();
  const save = useSaveSettings();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const expressId = useId();

  useEffect(() => {
    if (settings.data) setDraft(draftOf(settings.data.settings));
  }, [settings.data]);

  if (settings.isPending || (!draft && !settings.isError)) {
    return (
      <div className="space-y-3" role="status" aria-label={t('common.loading')}>
        <Skeleton className="h-10 rounded-lg" />
        <Skeleton className="h-10 rounded-lg" />
        <Skeleton className="h-10 rounded-lg" />
      </div>
    );
  }
  if (settings.isError || !draft) {
    return (
      <div
        role="alert"
        className="flex items-center gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-900"
      >
        <p className="flex-1">{settings.error?.message ?? t('common:loadFailed')}</p>
        <Button size="sm" variant="outline" onClick={() => void settings.refetch()}>
          {t('common:retry')}
        </Button>
      </div>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const parsed = SettingsInputSchema.safeParse({
      revisionWindowDays: numberOf(draft.revisionWindowDays),
      maxRevisions: numberOf(draft.maxRevisions),
      launchOfferPlaces: numberOf(draft.launchOfferPlaces),
      expressEnabled: draft.expressEnabled,
      contactEmail: draft.contactEmail,
    });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: () => toast.success(t('settings.saved')),
      onError: (error) => toast.error(error.message),
    });
  };

  const numberField = (name: 'revisionWindowDays' | 'maxRevisions' | 'launchOfferPlaces', hint?: string) => (
    <TextField
      label={t(`settings.${name}`)}
      error={errors[name]}
      hint={hint}
      type="number"
      inputMode="numeric"
      min={SETTING_LIMITS[name].min}
      max={SETTING_LIMITS[name].max}
      step={1}
      value={draft[name]}
      onChange={(event) => setDraft({ ...draft, [name]: event.target.value })}
    />
  );
  const offer = settings.data.launchOffer;

  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="admin-settings-title">
        <Card>
          <CardContent>
            <form onSubmit={submit} noValidate className="flex max-w-2xl flex-col gap-5">
              <div>
                <h2 id="admin-settings-title" className="text-lg font-semibold text-slate-900">
                  {t('settings.title')}
                </h2>
                <p className="mt-1 text-sm text-slate-600">{t('settings.text')}</p>
              </div>
              <div className="grid gap-5 sm:grid-cols-2">
                {numberField('revisionWindowDays')}
                {numberField('maxRevisions')}
                {numberField(
                  'launchOfferPlaces',
                  t('settings.placesLeft', { count: offer.placesLeft, places: offer.places }),
                )}
                <TextField
                  label={t('settings.contactEmail')}
                  error={errors.contactEmail}
                  type="email"
                  value={draft.contactEmail}
                  onChange={(event) => setDraft({ ...draft, contactEmail: event.target.value })}
                />
              </div>
              <div className="flex flex-col gap-1">
                <label htmlFor={expressId} className="flex items-center gap-3 text-sm font-medium text-slate-800">
                  <input
                    id={expressId}
                    type="checkbox"
                    className="size-4 accent-violet-700"
                    checked={draft.expressEnabled}
                    onChange={(event) => setDraft({ ...draft, expressEnabled: event.target.checked })}
                  />
                  {t('settings.expressEnabled')}
                </label>
                <p className="pl-7 text-xs text-slate-600">{t('settings.expressHint')}</p>
              </div>
              {/* Busy, not disabled, while saving: a disabled button would drop the keyboard's focus. */}
              <Button type="submit" className="self-start aria-disabled:opacity-60" aria-disabled={save.isPending}>
                <Save aria-hidden="true" />
                {save.isPending ? t('common.saving') : t('settings.save')}
              </Button>
            </form>
          </CardContent>
        </Card>
      </section>
      <SellerCard />
    </div>
  );
}

import { FRANCHISE_VAT_MENTION, VAT_REGIMES, type SellerIdentity, type VatRegime } from '@domain/invoicing';
import { SellerIdentitySchema } from '@domain/schemas/invoicing';
import { AlertTriangle, Save } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';
import { useSaveSeller, useSeller } from '../api/admin-billing';
import { ADMIN_NAMESPACE } from '../locales';
import { TextField } from './form-field';

/** The form's text inputs: the seller's fields, the address's lines, the capital in euros. */
type TextFieldName =
  | 'legalName'
  | 'legalForm'
  | 'capitalEuros'
  | 'siret'
  | 'rcsCity'
  | 'vatNumber'
  | 'line1'
  | 'line2'
  | 'postalCode'
  | 'city'
  | 'countryCode'
  | 'email'
  | 'latePenaltyRatePercent'
  | 'paymentTermsDays';
type Draft = Record<TextFieldName, string> & { vatRegime: VatRegime };

/** Where the api and the schema report each field's error (`address.city`), when not its own name. */
const ERROR_KEYS: Partial<Record<TextFieldName, string>> = {
  capitalEuros: 'capitalCents',
  line1: 'address.line1',
  line2: 'address.line2',
  postalCode: 'address.postalCode',
  city: 'address.city',
  countryCode: 'address.countryCode',
};

/** A decimal as a French admin types it (« 10,15 », « 1 000 »). */
const decimalText = (value: number) => String(value).replace('.', ',');

const draftOf = (seller: SellerIdentity | null): Draft => ({
  legalName: seller?.legalName ?? '',
  legalForm: seller?.legalForm ?? '',
  capitalEuros: seller?.capitalCents == null ? '' : decimalText(seller.capitalCents / 100),
  siret: seller?.siret ?? '',
  rcsCity: seller?.rcsCity ?? '',
  vatNumber: seller?.vatNumber ?? '',
  line1: seller?.address.line1 ?? '',
  line2: seller?.address.line2 ?? '',
  postalCode: seller?.address.postalCode ?? '',
  city: seller?.address.city ?? '',
  countryCode: seller?.address.countryCode ?? 'FR',
  email: seller?.email ?? '',
  latePenaltyRatePercent: seller ? decimalText(seller.latePenaltyRatePercent) : '',
  paymentTermsDays: seller ? String(seller.paymentTermsDays) : '',
  vatRegime: seller?.vatRegime ?? 'normal',
});

/** A number field's text as the schema reads it: a number, or the text itself (refused with its message). */
function numberOf(text: string): number | string {
  const value = Number(text.replace(/\s/g, '').replace(',', '.'));
  return text.trim() === '' || Number.isNaN(value) ? text : value;
}

/** The capital in euros as typed → cents; empty for a business without share capital. */
function capitalCentsOf(text: string): number | string | null {
  if (text.trim() === '') return null;
  const euros = numberOf(text);
  return typeof euros === 'number' ? Math.round(euros * 100) : euros;
}

const inputOf = (draft: Draft) => ({
  legalName: draft.legalName,
  legalForm: draft.legalForm,
  capitalCents: capitalCentsOf(draft.capitalEuros),
  address: {
    line1: draft.line1,
    line2: draft.line2,
    postalCode: draft.postalCode,
    city: draft.city,
    countryCode: draft.countryCode,
  },
  siret: draft.siret,
  rcsCity: draft.rcsCity,
  // Under the franchise regime the business has no VAT number to print.
  vatNumber: draft.vatRegime === 'franchise' ? null : draft.vatNumber,
  vatRegime: draft.vatRegime,
  latePenaltyRatePercent: numberOf(draft.latePenaltyRatePercent),
  paymentTermsDays: numberOf(draft.paymentTermsDays),
  email: draft.email,
});

/** Admin › Paramètres › « Facturation — identité du vendeur »: what every invoice prints about the seller. */
export function SellerCard() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const seller = useSeller();
  const save = useSaveSeller();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    if (seller.data) setDraft(draftOf(seller.data.seller));
  }, [seller.data]);

  if (seller.isError) {
    return (
      <div
        role="alert"
        className="flex items-center gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-900"
      >
        <p className="flex-1">{seller.error.message}</p>
        <Button size="sm" variant="outline" onClick={() => void seller.refetch()}>
          {t('common:retry')}
        </Button>
      </div>
    );
  }
  if (!draft || !seller.data) {
    return (
      <div className="space-y-3" role="status" aria-label={t('common.loading')}>
        <Skeleton className="h-10 rounded-lg" />
        <Skeleton className="h-10 rounded-lg" />
      </div>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const parsed = SellerIdentitySchema.safeParse(inputOf(draft));
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[issue.path.join('.')] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: () => toast.success(t('seller.saved')),
      onError: (error) => {
        const fields = error instanceof ApiError ? (error.body as { fields?: Record<string, string> })?.fields : null;
        if (fields) setErrors(fields);
        toast.error(error.message);
      },
    });
  };

  const field = (name: TextFieldName, props: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField
      label={t(`seller.fields.${name}`)}
      error={errors[ERROR_KEYS[name] ?? name]}
      value={draft[name]}
      onChange={(event) => setDraft({ ...draft, [name]: event.target.value })}
      {...props}
    />
  );
  const franchise = draft.vatRegime === 'franchise';

  return (
    <section aria-labelledby="admin-seller-title">
      <Card>
        <CardContent>
          <form onSubmit={submit} noValidate className="flex max-w-2xl flex-col gap-5" data-testid="seller-form">
            <div>
              <h2 id="admin-seller-title" className="text-lg font-semibold text-slate-900">
                {t('seller.title')}
              </h2>
              <p className="mt-1 text-sm text-slate-600">{t('seller.text')}</p>
            </div>
            {seller.data.seller === null ? (
              <p
                role="status"
                className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
              >
                <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                {t('seller.missing')}
              </p>
            ) : null}
            <div className="grid gap-5 sm:grid-cols-2">
              {field('legalName', { autoComplete: 'organization' })}
              {field('legalForm', { hint: t('seller.hints.legalForm') })}
              {field('capitalEuros', { inputMode: 'decimal', hint: t('seller.hints.capitalEuros') })}
              {field('siret', { inputMode: 'numeric' })}
              {field('rcsCity', { hint: t('seller.hints.rcsCity') })}
              {field('email', { type: 'email' })}
              {field('line1', { className: 'sm:col-span-2' })}
              {field('line2', { className: 'sm:col-span-2' })}
              {field('postalCode')}
              {field('city')}
              {field('countryCode', { maxLength: 2, hint: t('seller.hints.countryCode') })}
            </div>
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-1 text-sm font-medium text-slate-800">{t('seller.fields.vatRegime')}</legend>
              {VAT_REGIMES.map((regime) => (
                <label key={regime} className="flex items-center gap-3 text-sm text-slate-800">
                  <input
                    type="radio"
                    name="vatRegime"
                    value={regime}
                    className="size-4 accent-violet-700"
                    checked={draft.vatRegime === regime}
                    onChange={() => setDraft({ ...draft, vatRegime: regime })}
                  />
                  {regime === 'franchise'
                    ? t('seller.regimes.franchise', { mention: FRANCHISE_VAT_MENTION })
                    : t('seller.regimes.normal')}
                </label>
              ))}
            </fieldset>
            <div className="grid gap-5 sm:grid-cols-2">
              {field('vatNumber', {
                disabled: franchise,
                value: franchise ? '' : draft.vatNumber,
                hint: franchise ? t('seller.hints.vatNumberFranchise') : undefined,
              })}
              {field('latePenaltyRatePercent', {
                inputMode: 'decimal',
                hint: t('seller.hints.latePenaltyRatePercent'),
              })}
              {field('paymentTermsDays', {
                type: 'number',
                inputMode: 'numeric',
                min: 0,
                max: 60,
                step: 1,
                hint: t('seller.hints.paymentTermsDays'),
              })}
            </div>
            {/* Busy, not disabled, while saving: a disabled button would drop the keyboard's focus. It wraps in a narrow window. */}
            <Button
              type="submit"
              className="h-auto min-h-10 self-start whitespace-normal aria-disabled:opacity-60"
              aria-disabled={save.isPending}
            >
              <Save aria-hidden="true" />
              {save.isPending ? t('common.saving') : t('seller.save')}
            </Button>
          </form>
        </CardContent>
      </Card>
    </section>
  );
}

import { BuyerDetailsInputSchema } from '@domain/schemas/invoicing';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/form/fields';
import type { CheckoutBuyer } from '@/lib/start-checkout';
import { PAYMENTS_NAMESPACE } from '../locales';

export interface BuyerDraft {
  companyName: string;
  line1: string;
  line2: string;
  postalCode: string;
  city: string;
  countryCode: string;
  siren: string;
  vatNumber: string;
}

export const EMPTY_BUYER_DRAFT: BuyerDraft = {
  companyName: '',
  line1: '',
  line2: '',
  postalCode: '',
  city: '',
  countryCode: 'FR',
  siren: '',
  vatNumber: '',
};

/**
 * The business to invoice, checked with the api's schema. A business invoice carries its
 * address, so the address is always sent: the schema then requires it and the company's name.
 * Errors are keyed as the api names them under `buyer.` (`address.city`).
 */
export function parseBuyerDraft(
  draft: BuyerDraft,
): { buyer: CheckoutBuyer; errors?: undefined } | { buyer?: undefined; errors: Record<string, string> } {
  const { companyName, siren, vatNumber, ...address } = draft;
  const parsed = BuyerDetailsInputSchema.safeParse({ companyName, address, siren, vatNumber });
  if (parsed.success) return { buyer: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return { errors };
}

const FIELDS = [
  { name: 'companyName', error: 'companyName', required: true, wide: true, autoComplete: 'organization' },
  { name: 'line1', error: 'address.line1', required: true, wide: true, autoComplete: 'address-line1' },
  { name: 'line2', error: 'address.line2', required: false, wide: true, autoComplete: 'address-line2' },
  { name: 'postalCode', error: 'address.postalCode', required: true, wide: false, autoComplete: 'postal-code' },
  { name: 'city', error: 'address.city', required: true, wide: false, autoComplete: 'address-level2' },
  { name: 'countryCode', error: 'address.countryCode', required: true, wide: false, autoComplete: 'country' },
  { name: 'siren', error: 'siren', required: false, wide: false, autoComplete: 'off' },
  { name: 'vatNumber', error: 'vatNumber', required: false, wide: true, autoComplete: 'off' },
] as const;

/** « Facturer une entreprise »: the company's name, address and numbers the invoice will carry. */
export function BusinessBuyerFields({
  draft,
  errors,
  onChange,
}: {
  draft: BuyerDraft;
  errors: Record<string, string>;
  onChange: (draft: BuyerDraft) => void;
}) {
  const { t } = useTranslation(PAYMENTS_NAMESPACE);
  const legendId = useId();
  return (
    <fieldset aria-labelledby={legendId} className="flex flex-col gap-4" data-testid="business-buyer-fields">
      <legend id={legendId} className="sr-only">
        {t('buyer.legend')}
      </legend>
      <p className="text-xs text-slate-600">{t('buyer.hint')}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        {FIELDS.map(({ name, error, required, wide, autoComplete }) => (
          <TextField
            key={name}
            label={t(`buyer.fields.${name}`)}
            hint={name === 'countryCode' || name === 'vatNumber' ? t(`buyer.hints.${name}`) : undefined}
            required={required}
            wide={wide}
            autoComplete={autoComplete}
            error={errors[error]}
            value={draft[name]}
            maxLength={name === 'countryCode' ? 2 : undefined}
            inputMode={name === 'siren' ? 'numeric' : undefined}
            onChange={(event) => onChange({ ...draft, [name]: event.target.value })}
          />
        ))}
      </div>
    </fieldset>
  );
}

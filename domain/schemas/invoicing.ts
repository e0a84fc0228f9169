/**
 * The seller's identity (Admin › Paramètres) and the buyer's invoicing details (checkout form),
 * checked by the page and by the api, with French messages.
 */
import { z } from 'zod';
import { isValidSiren, isValidSiret, isValidVatNumber, VAT_REGIMES } from '../invoicing';
import { blankToUndefined } from './fields';

const required = (label: string, max = 200) =>
  z
    .string({ error: `« ${label} » est obligatoire.` })
    .trim()
    .min(1, `« ${label} » est obligatoire.`)
    .max(max, `« ${label} » ne peut pas dépasser ${max} caractères.`);

const optional = (label: string, max = 200) =>
  z.preprocess(
    blankToUndefined,
    z
      .string({ error: `« ${label} » doit être un texte.` })
      .max(max, `« ${label} » ne peut pas dépasser ${max} caractères.`)
      .optional(),
  );

/** Spaces typed between groups of digits (« 732 829 320 ») are dropped. */
const compact = (value: unknown) => (typeof value === 'string' ? value.replace(/\s/g, '').toUpperCase() : value);

const PostalAddressSchema = z.object(
  {
    line1: required('Adresse'),
    line2: optional('Complément d’adresse').transform((value) => value ?? null),
    postalCode: required('Code postal', 20),
    city: required('Ville', 100),
    countryCode: z.preprocess(
      compact,
      z.string({ error: '« Pays » est obligatoire.' }).regex(/^[A-Z]{2}$/, 'Pays invalide (code ISO à 2 lettres).'),
    ),
  },
  { error: 'L’adresse doit être un objet.' },
);

const vatNumber = z.preprocess(
  compact,
  z.string().refine(isValidVatNumber, { error: 'Numéro de TVA intracommunautaire invalide' }),
);

/** The seller as the admin records it; the VAT number is required under the normal regime. */
export const SellerIdentitySchema = z
  .object(
    {
      legalName: required('Raison sociale'),
      legalForm: required('Forme juridique', 50),
      capitalCents: z
        .number({ error: '« Capital social » doit être un montant.' })
        .int('« Capital social » doit être un montant en centimes.')
        .min(0, '« Capital social » ne peut pas être négatif.')
        .nullable(),
      address: PostalAddressSchema,
      siret: z.preprocess(
        compact,
        z
          .string({ error: '« SIRET » est obligatoire.' })
          .refine(isValidSiret, { error: 'Numéro SIRET invalide (14 chiffres, clé de contrôle).' }),
      ),
      rcsCity: optional('Ville du RCS', 100).transform((value) => value ?? null),
      vatNumber: z.preprocess(blankToUndefined, vatNumber.optional()).transform((value) => value ?? null),
      vatRegime: z.enum(VAT_REGIMES, { error: 'Régime de TVA invalide.' }),
      latePenaltyRatePercent: z
        .number({ error: '« Taux des pénalités de retard » doit être un nombre.' })
        .min(0, '« Taux des pénalités de retard » doit être entre 0 et 100 %.')
        .max(100, '« Taux des pénalités de retard » doit être entre 0 et 100 %.'),
      paymentTermsDays: z
        .number({ error: '« Délai de paiement » doit être un nombre de jours.' })
        .int('« Délai de paiement » doit être un nombre entier de jours.')
        .min(0, '« Délai de paiement » doit être entre 0 et 60 jours.')
        .max(60, '« Délai de paiement » doit être entre 0 et 60 jours (art. L441-10 du Code de commerce).'),
      email: z
        .string({ error: '« Adresse e-mail » est obligatoire.' })
        .trim()
        .toLowerCase()
        .pipe(z.email({ error: 'Adresse e-mail invalide.' })),
    },
    { error: 'L’identité du vendeur doit être un objet.' },
  )
  .refine((seller) => seller.vatRegime === 'franchise' || seller.vatNumber !== null, {
    error: 'Le numéro de TVA intracommunautaire est obligatoire au régime normal de TVA.',
    path: ['vatNumber'],
  });

/** The buyer's optional invoicing details; an address or a SIREN belongs to a named company. */
export const BuyerDetailsInputSchema = z
  .object(
    {
      companyName: optional('Raison sociale'),
      address: PostalAddressSchema.optional(),
      siren: z.preprocess(
        (value) => blankToUndefined(compact(value)),
        z.string().refine(isValidSiren, { error: 'Numéro SIREN invalide' }).optional(),
      ),
      vatNumber: z.preprocess((value) => blankToUndefined(compact(value)), vatNumber.optional()),
    },
    { error: 'Les informations de facturation doivent être un objet.' },
  )
  .refine((buyer) => buyer.companyName !== undefined || (buyer.address === undefined && buyer.siren === undefined), {
    error: 'Indiquez la raison sociale de l’entreprise à facturer.',
    path: ['companyName'],
  });

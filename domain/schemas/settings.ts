/** The settings form of Admin › Paramètres, checked by the page and by the api. */
import { z } from 'zod';
import { SETTING_LIMITS } from '../settings';

const wholeNumber = (label: string, { min, max }: { min: number; max: number }) =>
  z
    .number({ error: `« ${label} » doit être un nombre entier.` })
    .int(`« ${label} » doit être un nombre entier.`)
    .min(min, `« ${label} » doit être au moins ${min}.`)
    .max(max, `« ${label} » ne peut pas dépasser ${max}.`);

/** What the admin may change (`PUT /api/admin/settings`), with French messages. */
export const SettingsInputSchema = z.object(
  {
    revisionWindowDays: wholeNumber('Période de révision (jours)', SETTING_LIMITS.revisionWindowDays),
    maxRevisions: wholeNumber('Révisions maximum', SETTING_LIMITS.maxRevisions),
    launchOfferPlaces: wholeNumber('Places de l’offre de lancement', SETTING_LIMITS.launchOfferPlaces),
    expressEnabled: z.boolean({ error: '« Livraison express » doit être activée ou désactivée.' }),
    contactEmail: z
      .string({ error: '« Adresse de contact » est obligatoire.' })
      .trim()
      .toLowerCase()
      .max(254, '« Adresse de contact » est trop longue.')
      .pipe(z.email({ error: 'Adresse de contact invalide.' })),
  },
  { error: 'Les paramètres doivent être un objet JSON.' },
);

/** What the admins' e-mail test page sends (/email-test, 000 §2), with French messages. */
import { z } from 'zod';
import { EMAIL_TEST_TEMPLATES, type EmailTestTemplate } from '../email-tests';
import { requiredEmail } from './fields';

/** `POST /api/admin/email-tests`. */
export const emailTestRequestSchema = z.object(
  {
    template: z.enum(
      EMAIL_TEST_TEMPLATES.map((template) => template.value) as [EmailTestTemplate, ...EmailTestTemplate[]],
      { error: 'Modèle d’e-mail inconnu.' },
    ),
    to: requiredEmail('L’adresse de destination est obligatoire.'),
  },
  { error: 'La demande doit être un objet JSON.' },
);

/** Admin › Facturation and the refund: months, a document's id, the refund's reason. */
import { z } from 'zod';

const monthSchema = z
  .string({ error: 'Mois manquant (AAAA-MM).' })
  .regex(/^20\d\d-(0[1-9]|1[0-2])$/, { error: 'Mois invalide : attendu AAAA-MM, par exemple 2026-11.' });

/** `GET /api/admin/invoices?month=2026-11`: one month, or every document when absent. */
export const BillingListQuerySchema = z.object({ month: monthSchema.optional() });

/** `GET /api/admin/invoices/export?from=2026-10&to=2026-12`: whole months, at most three years. */
export const BillingExportQuerySchema = z
  .object({ from: monthSchema, to: monthSchema })
  .refine(({ from, to }) => from <= to, { error: 'Le mois de fin précède le mois de début.', path: ['to'] })
  .refine(({ from, to }) => Number(to.slice(0, 4)) - Number(from.slice(0, 4)) <= 3, {
    error: 'La période exportée ne peut dépasser trois ans.',
    path: ['to'],
  });

export const BillingDocumentParamsSchema = z.object({
  documentId: z.uuid({ error: 'Identifiant de document invalide.' }),
});

export const ProjectRefundParamsSchema = z.object({
  projectId: z.uuid({ error: 'Identifiant de projet invalide.' }),
});

/** The admin's refund of a cancelled project: the reason is printed in the audit, never on the credit note. */
export const ProjectRefundInputSchema = z.object({
  reason: z.string().trim().max(500, { error: 'Le motif ne peut dépasser 500 caractères.' }).optional(),
});

export type BillingExportQuery = z.infer<typeof BillingExportQuerySchema>;

/**
 * Inputs of the review studio (versions' comments, revision rounds, approval, the client's question
 * and answer, marker exports), validated the same way by the browser and the api. Messages are French.
 */
import { z } from 'zod';
import { COMMENT_MAX_LENGTH, DRAWING_COLORS, MARKER_FORMATS, type Drawing } from '../review';

/** A drawing's coordinates are fractions of the picture (0–1). */
const unit = z.number({ error: 'Coordonnée invalide.' }).min(0, 'Coordonnée invalide.').max(1, 'Coordonnée invalide.');
const point = z.object({ x: unit, y: unit });
const DrawingSchema: z.ZodType<Drawing> = z.object({
  color: z.enum(DRAWING_COLORS, { error: 'Couleur invalide.' }),
  shapes: z
    .array(
      z.discriminatedUnion(
        'kind',
        [
          z.object({ kind: z.literal('arrow'), from: point, to: point }),
          z.object({ kind: z.literal('rect'), from: point, to: point }),
          z.object({ kind: z.literal('freehand'), points: z.array(point).min(2).max(2_000) }),
        ],
        { error: 'Forme inconnue.' },
      ),
    )
    .min(1, 'Le dessin est vide.')
    .max(50, 'Le dessin a trop de formes (50 au plus).'),
});

/** `POST /api/projects/{projectId}/versions/{n}/comments`: a comment at a frame or a range, or a reply. */
export const CommentInputSchema = z
  .object(
    {
      body: z
        .string({ error: 'Le commentaire est obligatoire.' })
        .trim()
        .min(1, 'Le commentaire ne peut pas être vide.')
        .max(COMMENT_MAX_LENGTH, 'Le commentaire est trop long (5 000 caractères maximum).'),
      /** A reply carries its thread's comment id and no position of its own. */
      parentId: z.uuid({ error: 'Commentaire inconnu.' }).optional(),
      frameIn: z.number({ error: 'Image invalide.' }).int('Image invalide.').min(0, 'Image invalide.').optional(),
      frameOut: z.number({ error: 'Image invalide.' }).int('Image invalide.').min(0, 'Image invalide.').optional(),
      drawing: DrawingSchema.optional(),
    },
    { error: 'Le commentaire doit être un objet JSON.' },
  )
  .refine((input) => input.parentId !== undefined || input.frameIn !== undefined, {
    message: 'Indiquez l’image commentée.',
    path: ['frameIn'],
  })
  .refine((input) => input.frameOut === undefined || (input.frameIn !== undefined && input.frameOut >= input.frameIn), {
    message: 'La fin de la plage précède son début.',
    path: ['frameOut'],
  });
export type CommentInput = z.infer<typeof CommentInputSchema>;

/** The version a revision round or an approval is about. */
const versionNumber = z.number({ error: 'Version inconnue.' }).int('Version inconnue.').min(1, 'Version inconnue.');

/** `POST …/actions/requestRevision` carries the version whose open comments make the round. */
export const RevisionRoundInputSchema = z.object({
  versionNumber,
  /** An optional general message beside the comments. */
  feedback: z.string().trim().max(5_000, 'Le message est trop long (5 000 caractères maximum).').optional(),
});

/** `POST …/actions/approve`: the client approves a version. */
export const ApprovalInputSchema = z.object({ versionNumber });

/** `POST …/actions/askClient` (editor) and `…/actions/answerClient` (client): the paused deadline. */
export const ClientQuestionInputSchema = z.object({
  question: z
    .string({ error: 'Posez votre question.' })
    .trim()
    .min(1, 'Posez votre question.')
    .max(2_000, 'La question est trop longue (2 000 caractères maximum).'),
});
export const ClientAnswerInputSchema = z.object({
  answer: z
    .string({ error: 'Écrivez votre réponse.' })
    .trim()
    .min(1, 'Écrivez votre réponse.')
    .max(5_000, 'La réponse est trop longue (5 000 caractères maximum).'),
});

export const MarkersQuerySchema = z.object({
  format: z.enum(MARKER_FORMATS, { error: 'Format inconnu (premiere, resolve, fcpxml, avid ou csv).' }),
});

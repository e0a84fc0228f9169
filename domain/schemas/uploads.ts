/** The upload endpoints' requests, shared by the browser's client and the api routes. */
import { z } from 'zod';
import {
  APPLICATION_PHOTO_AREA,
  BRIEF_UPLOAD_AREAS,
  MAX_PART_URLS_PER_REQUEST,
  S3_MAX_PARTS,
  UPLOAD_MESSAGES,
} from '../uploads';

/**
 * The public (possibly anonymous) session route serves the brief funnels and the application's
 * photo; project sessions are opened on the project.
 */
export const CreateUploadSessionSchema = z.object({
  area: z
    .enum([...BRIEF_UPLOAD_AREAS, APPLICATION_PHOTO_AREA], { message: "Zone d'upload inconnue." })
    .default('brief'),
});

export const AddUploadFileSchema = z.object({
  name: z
    .string({ message: 'Le nom du fichier est requis.' })
    .trim()
    .min(1, 'Le nom du fichier est requis.')
    .max(255, 'Le nom du fichier est trop long (255 caractères maximum).'),
  size: z
    .number({ message: 'La taille du fichier est requise.' })
    .int('La taille doit être un nombre entier d’octets.')
    .min(0, 'La taille ne peut pas être négative.'),
  // One bare `type/subtype`: a list (`image/jpeg,text/html`) or parameters could reach a header.
  type: z
    .string()
    .max(200, 'Type MIME trop long.')
    .regex(/^([a-z0-9][\w.+-]*\/[\w.+-]+)?$/i, UPLOAD_MESSAGES.declaredTypeInvalid)
    .default(''),
});

const SIGN_OPERATIONS = ['listParts', 'uploadPart', 'complete'] as const;

export const SignUploadRequestSchema = z.object({
  operation: z.enum(SIGN_OPERATIONS, { message: 'Opération de signature inconnue.' }),
  /** uploadPart: the first part to sign. */
  partNumber: z
    .number()
    .int()
    .min(1, 'Numéro de partie invalide.')
    .max(S3_MAX_PARTS, 'Numéro de partie invalide.')
    .optional(),
  /** uploadPart: how many consecutive parts to sign, from `partNumber`. */
  count: z
    .number()
    .int()
    .min(1, 'Nombre de parties invalide.')
    .max(MAX_PART_URLS_PER_REQUEST, `Au plus ${MAX_PART_URLS_PER_REQUEST} parties par demande.`)
    .default(1),
  /** listParts: the part after which the page starts (S3 lists 1,000 parts per page). */
  partNumberMarker: z
    .number()
    .int()
    .min(0, 'Numéro de partie invalide.')
    .max(S3_MAX_PARTS, 'Numéro de partie invalide.')
    .optional(),
});

export type AddUploadFileInput = z.input<typeof AddUploadFileSchema>;
export type SignUploadRequest = z.input<typeof SignUploadRequestSchema>;

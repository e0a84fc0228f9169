import { UPLOAD_MESSAGES, type UploadRejection } from '@domain/uploads';
import i18n from 'i18next';
import { toast } from 'sonner';
import { UPLOADER_NAMESPACE } from './locales';

/** A file refused before its upload, grouped by cause in one toast. */
export type Refusal = { code: UploadRejection['code'] | 'failed'; name: string; message: string };

/**
 * One toast per cause, replaced (same id) rather than stacked when files are dropped again: one
 * file gives its own sentence (« setup.exe : type de fichier non supporté »), several give how many
 * and their names; the file limit keeps the spec's title.
 */
export function toastRefusals(refusals: Refusal[]): void {
  const byCode = new Map<Refusal['code'], Refusal[]>();
  for (const refusal of refusals) byCode.set(refusal.code, [...(byCode.get(refusal.code) ?? []), refusal]);
  for (const [code, group] of byCode) {
    const id = `upload-refused-${code}`;
    if (code === 'count') {
      toast.error(UPLOAD_MESSAGES.tooManyFilesTitle, {
        id,
        description: i18n.t('refusedOverLimit', {
          ns: UPLOADER_NAMESPACE,
          count: group.length,
          limit: group[0]!.message,
        }),
      });
    } else if (group.length === 1) {
      const [only] = group;
      toast.error(code === 'failed' ? `${only!.name} : ${only!.message}` : only!.message, {
        id,
        description: undefined,
      });
    } else {
      toast.error(i18n.t(`refused.${code}`, { ns: UPLOADER_NAMESPACE, count: group.length }), {
        id,
        description: group.map((refusal) => refusal.name).join(', '),
      });
    }
  }
}

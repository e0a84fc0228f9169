import { MAX_PART_URLS_PER_REQUEST, PART_URL_EXPIRY_SECONDS, partCount } from '@domain/uploads';
import { uploadApi, type StoredUploadSession } from './upload-api';

/** A part URL signed ahead is used while it has at least half of its validity left. */
const PART_URL_REUSE_MS = (PART_URL_EXPIRY_SECONDS * 1000) / 2;

/**
 * Part URLs signed in runs: asking for one part signs the next ones too, kept per server file and
 * part number, so the parts that follow start without a round trip to the api.
 */
export function partUrlSigner(session: () => Promise<StoredUploadSession>) {
  const partUrls = new Map<string, Map<number, { at: number; url: Promise<string> }>>();
  const sign = (fileId: string, size: number, partNumber: number): Promise<string> => {
    const parts = partUrls.get(fileId) ?? new Map<number, { at: number; url: Promise<string> }>();
    partUrls.set(fileId, parts);
    const ahead = parts.get(partNumber);
    parts.delete(partNumber);
    if (ahead && performance.now() - ahead.at < PART_URL_REUSE_MS) return ahead.url;
    // This part and the next ones, in one call: the parts that follow then start without a round trip to the api.
    const count = Math.min(MAX_PART_URLS_PER_REQUEST, partCount(size) - partNumber + 1);
    const at = performance.now();
    const signedRun = session().then((current) =>
      uploadApi.sign(current, fileId, { operation: 'uploadPart', partNumber, count }),
    );
    // A failed run is not kept: the retry signs again.
    signedRun.catch(() => {
      for (let index = 1; index < count; index += 1) parts.delete(partNumber + index);
    });
    for (let index = 1; index < count; index += 1) {
      const url = signedRun.then(({ urls }) => urls![index]!);
      // Handled where a part uses it; a run that failed before any part asked is not an error of its own.
      url.catch(() => undefined);
      parts.set(partNumber + index, { at, url });
    }
    return signedRun.then(({ url }) => url);
  };
  return { sign, forget: (fileId: string) => void partUrls.delete(fileId) };
}

import { UPLOAD_MESSAGES, partCount } from '@domain/uploads';
import { ApiError } from '@/lib/api-client';
import { s3ErrorCode } from './s3-multipart';
import { formatBytes } from '@/lib/format';

/** 001 §8.1: the French message for what went wrong; `aborted` errors are never retried. */
export function describeUploadError(
  error: { name?: string; message?: string; source?: unknown },
  size: number,
): { message: string; retryable: boolean } {
  // A part PUT that S3 refused carries its XMLHttpRequest (`source`): status 0 is a network failure.
  const source = error.source as { status?: number; responseText?: string } | undefined;
  let detail = '';
  if (source && typeof source.status === 'number') {
    let body = '';
    try {
      body = source.responseText ?? '';
    } catch {
      // responseText throws for non-text response types.
    }
    detail = source.status === 0 ? ' NETWORK' : ` ${source.status} ${s3ErrorCode(body)}`;
  }
  const text = `${error.name ?? ''} ${error.message ?? ''}${detail}`;
  if (/abort/i.test(text)) return { message: UPLOAD_MESSAGES.timeout, retryable: false };
  if (!navigator.onLine) return { message: UPLOAD_MESSAGES.noConnection, retryable: true };
  if (error instanceof ApiError && (error.status === 401 || error.status === 403))
    return { message: UPLOAD_MESSAGES.denied, retryable: false };
  if (error instanceof ApiError && error.status >= 400 && error.status < 500)
    return { message: error.message, retryable: false };
  if (/ 413|EntityTooLarge/.test(text))
    return { message: UPLOAD_MESSAGES.payloadTooLarge(formatBytes(size)), retryable: false };
  if (/ 40[13]|AccessDenied|SignatureDoesNotMatch|expired/i.test(text))
    return { message: UPLOAD_MESSAGES.denied, retryable: true };
  if (/NETWORK|Network|fetch/i.test(text)) return { message: UPLOAD_MESSAGES.network, retryable: true };
  if (/ 5\d\d|NoSuchBucket|ServiceUnavailable|SlowDown/.test(text))
    return { message: UPLOAD_MESSAGES.storageError, retryable: true };
  return {
    message: partCount(size) > 1 ? UPLOAD_MESSAGES.chunkError : UPLOAD_MESSAGES.network,
    retryable: true,
  };
}

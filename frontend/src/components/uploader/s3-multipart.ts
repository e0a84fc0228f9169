/** The multipart upload the server opened for a file. */
export type Multipart = { key: string; uploadId: string };

/** S3's error code in an XML error body (`<Code>AccessDenied</Code>`), if any. */
export function s3ErrorCode(body: string | undefined): string {
  return /<Code>([^<]+)<\/Code>/.exec(body ?? '')?.[1] ?? '';
}

/** An S3 answer that is not a success: status 0 is a network failure. */
function s3Error(status: number, body: string | undefined): Error {
  const error = new Error(
    status === 0 ? 'NETWORK error during S3 request' : `S3 returned ${status} ${s3ErrorCode(body)}`.trim(),
  );
  Object.assign(error, { source: { status } });
  return error;
}

/** One presigned S3 request (ListParts, CompleteMultipartUpload); answers the body. */
export async function s3Request(
  method: 'GET' | 'POST',
  url: string,
  signal: AbortSignal | undefined,
  body?: string,
): Promise<string> {
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      body,
      signal,
      headers: body ? { 'Content-Type': 'application/xml' } : undefined,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw s3Error(0, undefined);
  }
  const text = await response.text();
  // CompleteMultipartUpload can fail with a 200 whose body is an <Error>.
  if (!response.ok || /<Error>/.test(text)) throw s3Error(response.ok ? 500 : response.status, text);
  return text;
}

/** One page of the parts S3 already has (ListParts answer), and where the next page starts. */
export function parseListParts(xml: string): {
  parts: { PartNumber: number; ETag: string; Size: number }[];
  next: number;
} {
  const document = new DOMParser().parseFromString(xml, 'application/xml');
  const text = (parent: Element | Document, tag: string) => parent.getElementsByTagName(tag)[0]?.textContent ?? '';
  const parts = Array.from(document.getElementsByTagName('Part'), (part) => ({
    PartNumber: Number(text(part, 'PartNumber')),
    ETag: text(part, 'ETag'),
    Size: Number(text(part, 'Size')),
  }));
  const truncated = text(document, 'IsTruncated') === 'true';
  return { parts, next: truncated ? Number(text(document, 'NextPartNumberMarker')) : 0 };
}

const escapeXml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** CompleteMultipartUpload's body: every part, in order. */
export function completeBody(parts: { PartNumber?: number; ETag?: string }[]): string {
  const sorted = [...parts].sort((a, b) => (a.PartNumber ?? 0) - (b.PartNumber ?? 0));
  const items = sorted
    .map((part) => `<Part><PartNumber>${part.PartNumber}</PartNumber><ETag>${escapeXml(part.ETag ?? '')}</ETag></Part>`)
    .join('');
  return `<CompleteMultipartUpload xmlns="http://s3.amazonaws.com/doc/2006-03-01/">${items}</CompleteMultipartUpload>`;
}

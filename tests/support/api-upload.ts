import { UPLOAD_SESSION_HEADER } from '../../domain/uploads';

/** An open upload session's id and the secret its requests carry. */
export interface UploadSessionKeys {
  sessionId: string;
  secret: string;
}

async function post<T>(url: string, token: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as T };
}

/** Opens a project's upload session through the api at `base`: the client's sources or the editor's final file (with its note). */
export async function openProjectUploadSession(
  base: string,
  token: string,
  projectId: string,
  upload: { fileType: 'source' | 'final'; note?: string },
): Promise<UploadSessionKeys> {
  const session = await post<UploadSessionKeys>(`${base}/api/projects/${projectId}/upload-sessions`, token, upload);
  expect(session.status).toBe(201);
  return session.body;
}

/**
 * One file through an open session, as the browser sends it: declared to the api, put to storage
 * in one part through the signed URL, completed; the api must accept it. Answers its id and key.
 */
export async function uploadThroughApi(
  base: string,
  token: string,
  { sessionId, secret }: UploadSessionKeys,
  file: { name: string; type: string; bytes: Buffer },
): Promise<{ fileId: string; key: string }> {
  const headers = { [UPLOAD_SESSION_HEADER]: secret };
  const added = await post<{ fileId: string; key: string }>(
    `${base}/api/uploads/sessions/${sessionId}/files`,
    token,
    { name: file.name, size: file.bytes.length, type: file.type },
    headers,
  );
  expect(added.status).toBe(201);
  const route = `${base}/api/uploads/sessions/${sessionId}/files/${added.body.fileId}`;
  const sign = async (body: unknown) => (await post<{ url: string }>(`${route}/sign`, token, body, headers)).body.url;
  const put = await fetch(await sign({ operation: 'uploadPart', partNumber: 1 }), { method: 'PUT', body: file.bytes });
  const xml = `<CompleteMultipartUpload><Part><PartNumber>1</PartNumber><ETag>${put.headers.get('etag')}</ETag></Part></CompleteMultipartUpload>`;
  expect((await fetch(await sign({ operation: 'complete' }), { method: 'POST', body: xml })).status).toBe(200);
  expect((await post(`${route}/complete`, token, {}, headers)).body).toMatchObject({ status: 'completed' });
  return added.body;
}

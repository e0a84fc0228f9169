import { MESSAGES } from '@domain/messages';
import { TRACEPARENT_HEADER, TRACEPARENT_RANDOM_BYTES, traceparentFrom } from '@domain/trace-context';
import { getToken } from '@/lib/auth-client';

/** An api error whose `message` is the French text from the server (`{ error: string }`). */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(message: string, status: number, body?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, QueryValue>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

const API_BASE = '/api';

/** The headers of one api request sent with `fetch`: a fresh `traceparent`, so the api's trace starts at the page's call. */
export function traceHeaders(): Record<string, string> {
  return { [TRACEPARENT_HEADER]: traceparentFrom(crypto.getRandomValues(new Uint8Array(TRACEPARENT_RANDOM_BYTES))) };
}

function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const url = new URL(`${API_BASE}${path.startsWith('/') ? path : `/${path}`}`, window.location.origin);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
  }
  return `${url.pathname}${url.search}`;
}

function fallbackMessage(status: number): string {
  if (status === 401) return MESSAGES.unauthenticated;
  if (status === 403) return MESSAGES.forbidden;
  if (status === 404) return MESSAGES.notFound;
  if (status === 502 || status === 503 || status === 504) return MESSAGES.serviceUnavailable;
  return MESSAGES.internal;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

/**
 * Calls the api with the bearer token; throws `ApiError` carrying the server's French message.
 * A 401 to a token is tried once more with a fresh one: the api refuses a token issued before the
 * user's roles changed, and the fresh token carries the current roles.
 */
async function apiResponse(path: string, options: RequestOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };

  let body: BodyInit | undefined;
  if (options.body instanceof FormData || options.body instanceof Blob) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  const send = async (token: string | null): Promise<Response> => {
    try {
      return await fetch(buildUrl(path, options.query), {
        method: options.method ?? (body === undefined ? 'GET' : 'POST'),
        headers: { ...headers, ...traceHeaders(), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
        body,
        signal: options.signal,
      });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new ApiError(MESSAGES.serviceUnavailable, 0);
    }
  };

  const token = await getToken();
  let response = await send(token);
  if (response.status === 401 && token) {
    const fresh = await getToken({ forceRefresh: true });
    if (fresh) response = await send(fresh);
  }

  if (!response.ok) {
    const payload = await readBody(response);
    const message =
      typeof payload === 'object' && payload !== null && typeof (payload as { error?: unknown }).error === 'string'
        ? (payload as { error: string }).error
        : fallbackMessage(response.status);
    throw new ApiError(message, response.status, payload);
  }
  return response;
}

async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await readBody(await apiResponse(path, options))) as T;
}

/**
 * Downloads a file the api serves only with the bearer token (an invoice, an export): fetched,
 * then handed to the browser under the name the api gives it. A refusal throws `ApiError`.
 */
export async function downloadApiFile(
  path: string,
  fallbackName: string,
  query?: Record<string, QueryValue>,
): Promise<void> {
  const response = await apiResponse(path, { method: 'GET', query, headers: { Accept: '*/*' } });
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: the browser may still be reading the blob when the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};

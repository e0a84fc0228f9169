/**
 * Signed-in pages drawn by the server: the api keeps a page session (a cookie of its own, set from
 * a verified access token), and with it answers a signed-in page's first request with its HTML and
 * the data it was drawn with, so that the page shows before any script has run. The browser takes
 * that HTML over and goes on with its own session (keycloak-js); every api call still carries the
 * bearer token. The api writes the state, `frontend/src/main.tsx` reads it: both name it here.
 */
import type { Role } from './roles';

/** Sets the page session from the caller's access token (POST) or ends it (DELETE). */
export const PAGE_SESSION_PATH = '/api/session';

/** The signed-in pages the api draws, by route pattern (the front end's router names them alike). */
export const PROJECT_PAGE_PATTERN = '/project/:projectId';

/** The element of a signed-in page's HTML holding its state (JSON, never run as a script). */
export const SIGNED_IN_PAGE_STATE_ID = 'rushflow-page-state';

/** The user a page was drawn for, as the session names them. */
export interface PageSessionUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  emailVerified: boolean;
}

/** What a signed-in page's HTML carries for the browser's take-over. */
export interface SignedInPageState {
  user: PageSessionUser;
  roles: Role[];
  /** The time zone the page's dates were written in (the browser's, as it told the api). */
  timeZone: string;
  /** When the server read the data (ms since epoch): their age in the browser's query cache. */
  readAt: number;
  /** The reads the page was drawn with: each query's key and data, as the page's own queries hold them. */
  queries: Array<{ key: readonly unknown[]; data: unknown }>;
}

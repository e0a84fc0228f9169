import '@testing-library/jest-dom/jest-globals';
import { afterAll, afterEach, beforeAll, jest } from '@jest/globals';
import { installBrowserStubs } from './browser-stubs';
import { server } from './server';

installBrowserStubs();
// A test fills a whole form keystroke by keystroke, each redrawing it: more than unit tests' 5 s.
jest.setTimeout(30_000);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  // The brief drafts and upload sessions a test left on the device.
  window.localStorage.clear();
  window.sessionStorage.clear();
});
afterAll(() => server.close());

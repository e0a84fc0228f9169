/**
 * The front end's network-layer fixtures: MSW answers the page's requests to `/api/…` inside the
 * test, with shapes typed from domain/ (so a change of the api's types fails the typecheck here).
 * The real api is covered by tests/api and tests/e2e; these tests cover what the user of a form
 * or of the review studio sees and what the page sends. A request no handler answers fails.
 */
import { setupServer } from 'msw/node';
import { pricingHandlers } from './mocks/handlers/pricing';

/** Answers what every page reads; each test adds the writes it exercises with `server.use`. */
export const server = setupServer(...pricingHandlers);

import type { Page } from '@playwright/test';

/** The submitted brief's id, from the api's answer to `POST /api/briefs`. */
export const briefIdOf = (page: Page) =>
  page
    .waitForResponse(
      (response) =>
        response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/briefs' && response.ok(),
    )
    .then(async (response) => ((await response.json()) as { briefId: string }).briefId);

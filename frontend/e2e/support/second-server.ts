import type { BrowserContext } from '@playwright/test';
import { test } from './traveller';

export { SCRIPT, SECOND_SERVER, THIRD_SERVER } from './second-server-settings';

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the suite through playwright.config.ts`);
  return value;
}

/** The second local cloud's origin, http://127.0.0.1:<port>. */
export const secondServerURL = (): string => `http://127.0.0.1:${required('E2E_SECOND_PORT')}`;
/**
 * The same server at `localhost`, the host of its APP_URL: the local checkout and portal return there, so a spec
 * that subscribes opens the app there to find its token in local storage again.
 */
export const secondServerAppOrigin = (): string => `http://localhost:${required('E2E_SECOND_PORT')}`;
/** The OpenAI-compatible test server behind it (cloud-voice-progressive releases held audio there). */
export const openAiServerURL = (): string => `http://127.0.0.1:${required('E2E_OPENAI_PORT')}`;
/** The third local cloud's origin (second-server-settings.ts' THIRD_SERVER says what it is for). */
export const thirdServerURL = (): string => `http://127.0.0.1:${required('E2E_THIRD_PORT')}`;

/**
 * The spec's tests run against the second local cloud. Their pages report no page views there: the admin
 * dashboard spec counts exactly the views it makes (page tracking itself is shell-header.spec.ts's).
 */
export function onSecondServer(): void {
  test.use({ baseURL: secondServerURL() });
  test.beforeEach(async ({ context }) => {
    await withoutPageViews(context);
  });
}

/** Page views from this context do not reach the server (see onSecondServer). */
export async function withoutPageViews(context: BrowserContext): Promise<void> {
  await context.route('**/api/analytics/track', (route) => route.fulfill({ status: 204 }));
}

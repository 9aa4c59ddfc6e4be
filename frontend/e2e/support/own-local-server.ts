import { test } from '@playwright/test';
import { startLocalServer, type LocalServer } from './local-server';

/** The one project that runs a spec with a server of its own: both projects would speak from one address. */
export const OWN_SERVER_PROJECT = 'mobile';

/**
 * Starts a local cloud of the spec's own, with `env`, before its tests (mobile project only) and stops it
 * after them. Returns the server's address for the tests to use; they skip themselves on other projects.
 */
export function runOwnLocalServer(env: Record<string, string>): () => string {
  let server: LocalServer | undefined;
  // Playwright needs the fixtures argument destructured even when no fixture is used.
  // eslint-disable-next-line no-empty-pattern
  test.beforeAll(async ({}, testInfo) => {
    if (testInfo.project.name !== OWN_SERVER_PROJECT) return;
    // Starting a whole local cloud (DynamoDB Local, cognito-local, the speech model) takes a while.
    test.setTimeout(180_000);
    server = await startLocalServer(env);
  });
  test.afterAll(async () => {
    await server?.stop();
  });
  return () => {
    if (!server) throw new Error('The own local server runs on the mobile project only');
    return server.baseURL;
  };
}

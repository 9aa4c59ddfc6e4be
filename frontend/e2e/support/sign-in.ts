import { expect, type Page } from '@playwright/test';
import type { SubscriptionStatus } from '@wayfarer/shared/api/auth';
import { LOCAL_STORAGE_KEYS } from '../../src/lib/ui-constants';

/**
 * Registers a fresh account through the API and leaves its token where the app looks for it; with a plan, the
 * user fetch is answered with it (the local cloud's accounts all start without one).
 */
export async function signInFresh(page: Page, plan?: SubscriptionStatus): Promise<string> {
  const email = `e2e-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
  const password = 'Travel!2024x';
  const registered = await page.request.post('/api/auth/register', {
    data: { email, password, confirmPassword: password },
  });
  expect(registered.status()).toBe(200);
  const { token } = (await registered.json()) as { token: string };
  await page.addInitScript(({ key, value }) => localStorage.setItem(key, value), {
    key: LOCAL_STORAGE_KEYS.authToken,
    value: token,
  });
  if (plan)
    await page.route('**/api/auth/me', (route) =>
      route.fulfill({ json: { email, subscriptionStatus: plan } }),
    );
  return email;
}

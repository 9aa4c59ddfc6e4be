import { expect as baseExpect } from '@playwright/test';
import { testWithDeniedMicrophone as test } from './support/traveller';
import { VOICE_ERROR_KEYS } from '@wayfarer/shared/domain/error-keys';
import { english } from './support/english';

// Two shared cores and a speech model: allow for a loaded machine (docs/E2E.md).
const expect = baseExpect.configure({ timeout: 15_000 });

test.describe.configure({ timeout: 90_000 });
test.use({ permissions: [] });

test('a denied microphone: the retry press asks again, the next press opens the help dialog', async ({
  page,
}) => {
  await page.goto('/');
  const badge = page.getByTestId('status-badge');
  const main = page.getByTestId('main-button');

  await main.click();
  await expect(badge).toHaveAttribute('data-status', 'permission_denied');
  await expect(main).toHaveAttribute('data-action', 'activate');

  // docs/SPEC.md §4: the first press while denied retries the microphone...
  await main.click();
  await expect(badge).toHaveAttribute('data-status', 'permission_denied');
  await expect(page.getByTestId('mic-denied-dialog')).toBeHidden();

  // ...and the second consecutive press while denied opens the help.
  await main.click();
  const dialog = page.getByTestId('mic-denied-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('ol li')).toHaveCount(3);
  await page.getByTestId('mic-denied-got-it').click();
  await expect(dialog).toBeHidden();
});

// Without getUserMedia the in-app-browser overlay blocks the whole page first (browser-guard); a browser with
// media devices but no AudioWorklet reaches the voice screen, which must say it cannot record.
test('no audio capture API: error_mic_access toast and the error status', async ({ page }) => {
  await page.addInitScript(() => {
    delete (window as { AudioWorkletNode?: unknown }).AudioWorkletNode;
  });
  await page.goto('/');
  await page.getByTestId('main-button').click();
  await expect(page.getByTestId('status-badge')).toHaveAttribute('data-status', 'error');
  const toast = page.locator('[data-sonner-toast]');
  await expect(toast).toHaveCount(1);
  await expect(toast).toContainText(english(VOICE_ERROR_KEYS.microphoneAccess));
});

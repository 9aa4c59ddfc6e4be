import { expect as baseExpect, test } from '@playwright/test';
import { fakeMicrophone } from './support/fake-microphone';

// Two shared cores and a speech model: allow for a loaded machine (docs/E2E.md).
const expect = baseExpect.configure({ timeout: 15_000 });

// One second of silence: no transcript arrives, so the status stays recording and the mute button stays up.
test.describe.configure({ timeout: 90_000 });
test.use({ launchOptions: fakeMicrophone('silence.wav') });

test('the mute button toggles while recording', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('mute-button')).toBeHidden();
  await page.getByTestId('main-button').click();
  await expect(page.getByTestId('status-badge')).toHaveAttribute('data-status', 'recording');

  const mute = page.getByTestId('mute-button');
  await expect(mute).toHaveAttribute('data-muted', 'false');
  await mute.click();
  await expect(mute).toHaveAttribute('data-muted', 'true');
  await mute.click();
  await expect(mute).toHaveAttribute('data-muted', 'false');

  await page.getByTestId('main-button').click();
  await expect(page.getByTestId('mute-button')).toBeHidden();
});

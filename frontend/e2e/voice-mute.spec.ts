import { expect as baseExpect } from '@playwright/test';
import { test } from './support/traveller';
import { saveScreenshot } from './support/screenshots';

// Two shared cores and a speech model: allow for a loaded machine (docs/E2E.md).
const expect = baseExpect.configure({ timeout: 15_000 });

// One second of silence: no transcript arrives, so the status stays recording and the mute button stays up.
test.describe.configure({ timeout: 90_000 });
test.use({ microphone: 'silence.wav' });

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

test('the mute button shows the microphone’s state as an icon, and its name and tooltip say what pressing does', async ({
  page,
}, testInfo) => {
  await page.goto('/');
  await page.getByTestId('main-button').click();
  await expect(page.getByTestId('status-badge')).toHaveAttribute('data-status', 'recording');
  const mute = page.getByTestId('mute-button');
  const icon = page.getByTestId('mute-icon');

  for (const theme of ['light', 'dark'] as const) {
    if ((await page.getByTestId('theme-toggle').getAttribute('data-theme')) !== theme)
      await page.getByTestId('theme-toggle').click();
    await expect(page.getByTestId('theme-toggle')).toHaveAttribute('data-theme', theme);
    for (const muted of [false, true]) {
      if ((await mute.getAttribute('data-muted')) !== String(muted)) await mute.click();
      await expect(icon).toHaveAttribute('data-muted', String(muted));
      const name = muted ? 'Unmute microphone' : 'Mute microphone';
      await expect(mute).toHaveAccessibleName(name);
      // A pointer that can hover gets the same words as a tooltip (touch presses never open it).
      if (!testInfo.project.use.hasTouch) {
        await page.mouse.move(0, 0);
        await mute.hover();
        await expect(page.locator('.tooltip')).toHaveText(name);
      }
      await saveScreenshot(page, testInfo, `mute-${muted ? 'muted' : 'listening'}-${theme}`);
    }
  }
});

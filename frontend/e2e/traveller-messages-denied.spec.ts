import { expect as baseExpect } from '@playwright/test';
import { testWithDeniedMicrophone as test } from './support/traveller';
import { nextPage } from './support/walk';
import { signInFresh } from './support/sign-in';
import { expectNoOperatorText, WALK_LOCALES } from './support/traveller-text';

// The error walk of traveller-messages.spec.ts, for a traveller who refused the microphone and the camera: the
// browser answers every prompt "block" (docs/E2E.md), which needs launch flags of its own (support/traveller.ts), so a file of its own.

// Two shared cores and a speech model: allow for a loaded machine (docs/E2E.md).
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 90_000 });
test.use({ permissions: [] });

for (const { lang, locale } of WALK_LOCALES) {
  test.describe(`in ${lang}`, () => {
    test.use({ locale });
    const state = (name: string) => `${name}-${lang}`;

    // A walk: a step per state, in a fresh page of the same context each (support/walk.ts).
    test('a denied microphone and a denied camera, then their help dialogs', async ({
      page: firstPage,
    }, testInfo) => {
      let page = firstPage;

      await test.step('a denied microphone, then its help dialog', async () => {
        await page.goto('/');
        const main = page.getByTestId('main-button');
        await main.click();
        await expect(page.getByTestId('status-badge')).toHaveAttribute('data-status', 'permission_denied');
        await expectNoOperatorText(page, state('voice-microphone-denied'), testInfo);
        // docs/SPEC.md §4: the first press while denied retries, the second opens the help.
        await main.click();
        await expect(page.getByTestId('status-badge')).toHaveAttribute('data-status', 'permission_denied');
        await main.click();
        await expect(page.getByTestId('mic-denied-dialog')).toBeVisible();
        await expectNoOperatorText(page, state('voice-microphone-help'), testInfo);
      });

      await test.step('a denied camera, then its help dialog', async () => {
        page = await nextPage(page);
        await signInFresh(page, 'ACTIVE');
        await page.goto('/translate-photo');
        await expect(page.getByTestId('camera-view')).toHaveAttribute('data-status', 'denied');
        await expect(page.getByTestId('camera-denied')).toBeVisible();
        await expectNoOperatorText(page, state('photo-camera-denied'), testInfo);
        await page.getByTestId('camera-need-help').click();
        await expect(page.getByTestId('camera-help-dialog')).toBeVisible();
        await expectNoOperatorText(page, state('photo-camera-help'), testInfo);
      });
    });
  });
}

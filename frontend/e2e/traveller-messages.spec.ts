import { expect as baseExpect, type Page } from '@playwright/test';
import { test } from './support/traveller';
import { nextPage } from './support/walk';
import {
  NO_TRANSLATION_ENGINE,
  PHOTO_ERROR_KEYS,
  RATE_LIMIT_KEYS,
  VOICE_ERROR_KEYS,
} from '@wayfarer/shared/domain/error-keys';
import { hideDeviceTranslator } from './support/device-translator-stand-in';
import { signInFresh } from './support/sign-in';
import { expectNoOperatorText, failMediaDevice, messageIn, WALK_LOCALES } from './support/traveller-text';

// docs/SPEC.md §8: every message a traveller reads is a translated key that says what they can do; the server's own
// words (written for an operator) go to the log. Each screen and state that can show an error is opened here and
// its visible text is read for what a traveller must never see (support/traveller-text.ts). The voice and photo
// screens are walked in English and in French; a denied microphone and camera are in
// traveller-messages-denied.spec.ts (the browser's launch flags differ).
//
// Failures come from the server where it has them (no translation engine on the shared local cloud, a signed-out
// photo gate, a wrong password, a reset without its token, a success page without its session); otherwise one API
// call is answered with the failure the server sends (page.route), or getUserMedia fails as the browser does.

// Two shared cores and a speech model: allow for a loaded machine (docs/E2E.md).
const expect = baseExpect.configure({ timeout: 15_000 });
// "I need a doctor near the Eiffel Tower"; the fake camera (Chromium's own pattern) comes with the fake microphone.
test.use({ microphone: 'speech-doctor-slt.wav' });

const toast = (page: Page) => page.locator('[data-sonner-toast]');

/** Starts recording and waits for the fixture's words in the transcript. */
async function speak(page: Page): Promise<void> {
  await page.getByTestId('main-button').click();
  await expect(page.getByTestId('transcript-original')).toContainText(/doctor/i, { timeout: 60_000 });
}

/** Speaks, stops once the phrase is final, and accepts the analysis prompt. */
async function speakAndAnalyze(page: Page): Promise<void> {
  await page.goto('/');
  await speak(page);
  await expect(page.getByTestId('status-badge')).toHaveAttribute('data-status', 'transcribed');
  await page.getByTestId('main-button').click();
  await page.getByTestId('analysis-prompt-analyze').click();
  await expect(page.getByTestId('analysis-panel')).toBeVisible();
}

/** A subscriber on the photo screen with the camera on, the photo taken and sent. */
async function photographAndTranslate(page: Page): Promise<void> {
  await signInFresh(page, 'ACTIVE');
  await page.goto('/translate-photo');
  await expect(page.getByTestId('camera-view')).toHaveAttribute('data-status', 'granted');
  await page.getByTestId('capture-button').click();
  await page.getByTestId('photo-translate-button').click();
}

for (const { lang, locale } of WALK_LOCALES) {
  test.describe(`in ${lang}`, () => {
    test.use({ locale });
    const state = (name: string) => `${name}-${lang}`;

    // A walk: every state a step, in a fresh page of the same context each (support/walk.ts), so the service worker
    // installs and precaches the app once, not once per state (docs/E2E.md).
    test('every voice and photo screen that can fail says what to do, in the language of the traveller', async ({
      page: firstPage,
    }, testInfo) => {
      // Eleven states, three of them speech through the embedded recogniser: a ceiling for a loaded machine, never
      // a wait.
      test.setTimeout(420_000);
      let page = firstPage;

      await test.step('the voice screen with no translation engine says what the traveller can still do', async () => {
        // A browser that cannot translate on the device either: Debian's Chromium has the Translator API, which would
        // otherwise offer a download this machine cannot make (docs/E2E.md, On-device translation).
        await hideDeviceTranslator(page);
        await page.goto('/');
        await expect(page.locator('html')).toHaveAttribute('lang', new RegExp(`^${lang}\\b`));
        await expect(page.getByTestId('translation-unavailable')).toBeVisible();
        await expectNoOperatorText(page, state('voice-translation-unavailable'), testInfo);
      });

      await test.step('capabilities that fail to load, and a failed translation: a short translated notice', async () => {
        page = await nextPage(page);
        // The server cannot say what it serves, so the app tries translation; the translate route answers with the
        // operator sentence naming the variables to set.
        await page.route('**/api/capabilities', (route) => route.abort());
        await page.route('**/api/translate', (route) =>
          route.fulfill({ status: 503, json: { error: NO_TRANSLATION_ENGINE } }),
        );
        await page.goto('/');
        await expect(page.getByTestId('main-button')).toBeVisible();
        await expectNoOperatorText(page, state('voice-capabilities-failed'), testInfo);

        const toggle = page.getByTestId('translation-switch');
        if ((await toggle.getAttribute('data-checked')) !== 'true') await toggle.click();
        await speak(page);
        // Each phrase that fails says so: under load the fixture can be heard as two phrases, two notices alike.
        await expect(toast(page).first()).toHaveText(messageIn(lang, VOICE_ERROR_KEYS.translationFailed));
        await expectNoOperatorText(page, state('voice-translation-failed'), testInfo);
        await expect(page.getByTestId('status-badge')).toHaveAttribute('data-status', /recording|transcrib/);
      });

      await test.step('a speech ticket the server cannot give: a translated notice', async () => {
        page = await nextPage(page);
        await page.route('**/api/speech/ticket', (route) =>
          route.fulfill({ status: 503, json: { error: 'set DEEPGRAM_API_KEY or STT_ENGINE=embedded' } }),
        );
        await page.goto('/');
        await page.getByTestId('main-button').click();
        await expect(toast(page)).toBeVisible();
        await expectNoOperatorText(page, state('voice-key-failed'), testInfo);
      });

      await test.step('the daily allowance used up: the limit dialog', async () => {
        page = await nextPage(page);
        // What the ticket route answers once the allowance is spent (voice-limit.spec.ts reaches it for real on a
        // server of its own with a 4 s allowance).
        await page.route('**/api/speech/ticket', (route) =>
          route.fulfill({ status: 429, json: { error: RATE_LIMIT_KEYS.speech } }),
        );
        await page.goto('/');
        await page.getByTestId('main-button').click();
        await expect(page.getByTestId('limit-dialog')).toBeVisible();
        await expect(page.getByTestId('status-badge')).toHaveAttribute('data-status', 'limit_reached');
        await expectNoOperatorText(page, state('voice-limit-dialog'), testInfo);
      });

      await test.step('no microphone on the device: a translated notice', async () => {
        page = await nextPage(page);
        await failMediaDevice(page, 'audio', 'NotFoundError');
        await page.goto('/');
        await page.getByTestId('main-button').click();
        await expect(page.getByTestId('status-badge')).toHaveAttribute('data-status', 'error');
        await expect(toast(page)).toHaveText(messageIn(lang, VOICE_ERROR_KEYS.transcriptionStart));
        await expectNoOperatorText(page, state('voice-no-microphone'), testInfo);
      });

      await test.step('a translation whose speech cannot be played: a translated notice', async () => {
        page = await nextPage(page);
        // A server that translates (the stream of docs/SPEC.md §7) and whose speech engine fails.
        await hideDeviceTranslator(page);
        await page.route('**/api/capabilities', async (route) => {
          const response = await route.fetch();
          await route.fulfill({
            response,
            json: { ...(await response.json()), translate: 'cloud', tts: 'cloud' },
          });
        });
        await page.route('**/api/translate', (route) =>
          route.fulfill({ contentType: 'text/plain; charset=utf-8', body: '0:"Necesito un médico"\n' }),
        );
        await page.route('**/api/tts/*', (route) =>
          route.fulfill({ status: 503, json: { error: 'set OPENAI_MODEL_TTS or TTS_ENGINE=embedded' } }),
        );
        await page.goto('/');
        const toggle = page.getByTestId('translation-switch');
        await expect(toggle).toHaveAttribute('data-available', 'true');
        if ((await toggle.getAttribute('data-checked')) !== 'true') await toggle.click();
        await speak(page);
        await expect(page.getByTestId('transcript-translation')).toContainText('Necesito');
        await expect(toast(page).first()).toHaveText(messageIn(lang, VOICE_ERROR_KEYS.speechFailed));
        await expectNoOperatorText(page, state('voice-speech-failed'), testInfo);
      });

      await test.step('analysis cards that fail, and prices that cannot be converted into another currency', async () => {
        page = await nextPage(page);
        // Places and emergencies fail with the operator's sentence; the first prices call finds a price and the
        // reconversion into another currency fails. (All three failing at once is one message, analysis_failed:
        // analysis-panel.test.tsx.)
        await page.route(/\/api\/analysis\/(locations|emergency)$/, (route) =>
          route.fulfill({ status: 500, json: { error: 'OPENAI_MODEL_ANALYSIS is not set' } }),
        );
        let pricesCalls = 0;
        await page.route('**/api/analysis/prices', (route) => {
          pricesCalls += 1;
          if (pricesCalls > 1)
            return route.fulfill({ status: 503, json: { error: 'EXCHANGE_RATES_TABLE unavailable' } });
          return route.fulfill({
            json: {
              convertedPrices: [
                {
                  originalText: 'twenty dollars',
                  amount: 20,
                  currency: 'USD',
                  context: 'taxi',
                  targetCurrency: 'GBP',
                  convertedAmount: 15.8,
                },
              ],
            },
          });
        });
        await speakAndAnalyze(page);
        await expect(page.getByTestId('price-item')).toHaveCount(1);
        await expect(page.getByTestId('location-card').getByRole('alert')).toBeVisible();
        await expect(page.getByTestId('emergency-card').getByRole('alert')).toBeVisible();
        await expectNoOperatorText(page, state('voice-analysis-failed'), testInfo);
        const select = page.getByTestId('currency-select');
        await expect(select).toBeEnabled();
        await select.selectOption('JPY');
        await expect(page.getByTestId('price-card').getByRole('alert')).toBeVisible();
        await expectNoOperatorText(page, state('voice-price-conversion-failed'), testInfo);
      });

      await test.step('a failed photo translation: a translated notice and the result card', async () => {
        page = await nextPage(page);
        await page.route('**/api/vision/translate-image', (route) =>
          route.fulfill({ status: 503, json: { error: NO_TRANSLATION_ENGINE } }),
        );
        await photographAndTranslate(page);
        await expect(page.getByTestId('photo-result')).toHaveAttribute('data-state', 'error');
        await expect(toast(page)).toBeVisible();
        await expectNoOperatorText(page, state('photo-translation-failed'), testInfo);
      });

      await test.step('exchange rates that fail to load on the photo screen', async () => {
        page = await nextPage(page);
        await page.route('**/api/vision/translate-image', (route) =>
          route.fulfill({
            json: {
              originalText: 'Café crème 3,20 €',
              translatedText: 'Coffee with cream €3.20',
              prices: [{ originalText: '3,20 €', amount: 3.2, currency: 'EUR', context: 'Café crème' }],
            },
          }),
        );
        await page.route('**/api/analysis/exchange-rates', (route) =>
          route.fulfill({ status: 503, json: { error: 'RATES_BUCKET is not set' } }),
        );
        await photographAndTranslate(page);
        await expect(page.getByTestId('photo-result')).toHaveAttribute('data-state', 'ready');
        await page.getByTestId('photo-convert-prices').click();
        await expect(page.getByTestId('photo-prices')).toHaveAttribute('data-state', 'failed');
        await expect(page.getByTestId('photo-prices')).toContainText(
          messageIn(lang, PHOTO_ERROR_KEYS.ratesFailed),
        );
        await expectNoOperatorText(page, state('photo-rates-failed'), testInfo);
      });

      await test.step('a camera that cannot be opened: what to do, and its help', async () => {
        page = await nextPage(page);
        await failMediaDevice(page, 'video', 'NotFoundError');
        await signInFresh(page, 'ACTIVE');
        await page.goto('/translate-photo');
        await expect(page.getByTestId('camera-view')).toHaveAttribute('data-status', 'error');
        await expect(page.getByTestId('camera-error')).toBeVisible();
        await expectNoOperatorText(page, state('photo-camera-error'), testInfo);
      });

      await test.step('the photo gate signed out', async () => {
        page = await nextPage(page);
        await page.goto('/translate-photo');
        await expect(page.getByTestId('photo-gate')).toBeVisible();
        await expectNoOperatorText(page, state('photo-gate'), testInfo);
      });
    });
  });
}

// The pages outside the voice and photo screens, in the browser's English (a walk as above).
test('the account, subscription, 404 and dashboard pages that fail say what to do', async ({
  page: firstPage,
}, testInfo) => {
  // Seven pages: a ceiling for a loaded machine, never a wait.
  test.setTimeout(180_000);
  let page = firstPage;

  await test.step('a failed sign-in, a failed registration, a failed reset request and a reset without its token', async () => {
    await page.goto('/login');
    await page.getByTestId('login-email').fill('nobody-here@example.com');
    await page.getByTestId('login-password').fill('Wrong!2024x');
    await page.getByTestId('login-submit').click();
    await expect(toast(page)).toBeVisible();
    await expectNoOperatorText(page, 'login-failed', testInfo);

    await page.goto('/register');
    await page.route('**/api/auth/register', (route) =>
      route.fulfill({ status: 400, json: { error: 'password: Password is required' } }),
    );
    await page.getByTestId('register-email').fill('someone@example.com');
    await page.getByTestId('register-password').fill('Travel!2024x');
    await page.getByTestId('register-confirm').fill('Travel!2024x');
    await page.getByTestId('register-submit').click();
    await expect(toast(page).first()).toBeVisible();
    await expectNoOperatorText(page, 'register-failed', testInfo);

    // The mail cannot be sent (the server's 500 names the setting it lacks).
    await page.route('**/api/auth/forgot-password', (route) =>
      route.fulfill({ status: 500, json: { error: 'SES_FROM_ADDRESS is not set' } }),
    );
    await page.goto('/forgot-password');
    await page.getByTestId('forgot-email').fill('someone@example.com');
    await page.getByTestId('forgot-submit').click();
    await expect(toast(page).first()).toBeVisible();
    await expect(page.getByTestId('forgot-sent')).toBeHidden();
    await expectNoOperatorText(page, 'forgot-password-failed', testInfo);

    await page.goto('/reset-password');
    await expect(page.getByRole('main')).toBeVisible();
    await expectNoOperatorText(page, 'reset-password-no-token', testInfo);
  });

  await test.step('subscription pages that fail: checkout, the subscription fetch, a success page without its session', async () => {
    page = await nextPage(page);
    await signInFresh(page);
    await page.route('**/api/stripe/create-checkout-session', (route) =>
      route.fulfill({ status: 502, json: { error: 'STRIPE_SECRET_KEY is not set' } }),
    );
    await page.route('**/api/stripe/subscription', (route) =>
      route.fulfill({ status: 503, json: { error: 'STRIPE_SECRET_KEY is not set' } }),
    );
    await page.goto('/subscribe');
    await page.getByTestId('subscribe-terms').check();
    await page.getByTestId('subscribe-button').click();
    await expect(toast(page)).toBeVisible();
    await expectNoOperatorText(page, 'subscribe-failed', testInfo);

    await page.goto('/manage-subscription');
    await expect(page.getByRole('main')).toBeVisible();
    await expect(toast(page).first()).toBeVisible();
    await expectNoOperatorText(page, 'manage-subscription-failed', testInfo);

    await page.goto('/subscribe-success');
    await expect(page.getByTestId('subscribe-success')).toBeVisible();
    await expectNoOperatorText(page, 'subscribe-success-no-session', testInfo);
  });

  await test.step('the 404 page and an unavailable dashboard', async () => {
    page = await nextPage(page);
    await page.goto('/nowhere');
    await expect(page.getByTestId('not-found')).toBeVisible();
    await expectNoOperatorText(page, 'not-found', testInfo);

    await page.goto('/admin/analytics');
    await expect(page.getByRole('main')).toBeVisible();
    await expectNoOperatorText(page, 'admin-unavailable', testInfo);
  });
});

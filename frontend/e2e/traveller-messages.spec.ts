import { mkdirSync } from 'node:fs';
import { expect as baseExpect, type Page, type TestInfo } from '@playwright/test';
import { test } from './support/traveller';
import { NO_TRANSLATION_ENGINE } from '@wayfarer/shared/domain/error-keys';
import { hideDeviceTranslator } from './support/device-translator-stand-in';
import { fakeMicrophone } from './support/fake-microphone';
import { signInFresh } from './support/sign-in';

// docs/SPEC.md §8: every message a traveller reads is a translated key that says what they can do; the server's own
// words (written for an operator) go to the log. Each screen and state that can show an error is opened here and
// its visible text is read for what a traveller must never see.

// Two shared cores and a speech model: allow for a loaded machine (docs/E2E.md).
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 120_000 });
// The fake camera (Chromium's own pattern) comes with the fake microphone.
test.use({ launchOptions: fakeMicrophone('speech-doctor-slt.wav') });

/** Where the screenshots of each state go (the note links them); unset, next to the test's output. */
const SHOTS_DIR = process.env.SHOTS_DIR;

const ENVIRONMENT_VARIABLE = /\b[A-Z][A-Z0-9]+_[A-Z0-9_]+\b/;
const STACK_TRACE = /\bat \S+ \(?\S+:\d+:\d+\)?|\b(TypeError|ReferenceError|SyntaxError):/;
// A message key left untranslated: lower-case words joined by underscores (error_server, photo_error_unknown).
const UNTRANSLATED_KEY = /\b[a-z]+(?:_[a-z0-9]+)+\b/;

async function expectNoOperatorText(page: Page, state: string, testInfo: TestInfo): Promise<void> {
  const dir = SHOTS_DIR ?? testInfo.outputPath('shots');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: `${dir}/${state}-${testInfo.project.name}.png`, fullPage: true });
  const text = await page.locator('body').innerText();
  for (const [what, pattern] of [
    ['an environment-variable name', ENVIRONMENT_VARIABLE],
    ['a stack trace', STACK_TRACE],
    ['an untranslated message key', UNTRANSLATED_KEY],
  ] as const) {
    expect(text.match(pattern)?.[0], `${state}: ${what} in the visible text`).toBeUndefined();
  }
}

const toast = (page: Page) => page.locator('[data-sonner-toast]');

test('the voice screen with no translation engine says what the traveller can still do', async ({
  page,
}, testInfo) => {
  // A browser that cannot translate on the device either (Debian's Chromium has the Translator API: issue 29).
  await hideDeviceTranslator(page);
  await page.goto('/');
  await expect(page.getByTestId('translation-unavailable')).toBeVisible();
  await expectNoOperatorText(page, 'voice-translation-unavailable', testInfo);
});

test('capabilities that fail to load, and a failed translation: a short translated notice', async ({
  page,
}, testInfo) => {
  // The server cannot say what it serves, so the app tries translation; the translate route answers with the
  // operator sentence naming the variables to set.
  await page.route('**/api/capabilities', (route) => route.abort());
  await page.route('**/api/translate', (route) =>
    route.fulfill({ status: 503, json: { error: NO_TRANSLATION_ENGINE } }),
  );
  await page.goto('/');
  await expect(page.getByTestId('main-button')).toBeVisible();
  await expectNoOperatorText(page, 'voice-capabilities-failed', testInfo);

  const toggle = page.getByTestId('translation-switch');
  if ((await toggle.getAttribute('data-checked')) !== 'true') await toggle.click();
  await page.getByTestId('main-button').click();
  await expect(page.getByTestId('transcript-original')).toContainText(/doctor/i, { timeout: 60_000 });
  await expect(toast(page)).toBeVisible();
  await expectNoOperatorText(page, 'voice-translation-failed', testInfo);
  await expect(page.getByTestId('status-badge')).toHaveAttribute('data-status', /recording|transcrib/);
});

test('a speech key the server cannot give: a translated notice', async ({ page }, testInfo) => {
  await page.route('**/api/deepgram/key', (route) =>
    route.fulfill({ status: 503, json: { error: 'set DEEPGRAM_API_KEY or STT_ENGINE=embedded' } }),
  );
  await page.goto('/');
  await page.getByTestId('main-button').click();
  await expect(toast(page)).toBeVisible();
  await expectNoOperatorText(page, 'voice-key-failed', testInfo);
});

test('a failed photo translation: a translated notice and the result card', async ({ page }, testInfo) => {
  await signInFresh(page, 'ACTIVE');
  await page.route('**/api/vision/translate-image', (route) =>
    route.fulfill({ status: 503, json: { error: NO_TRANSLATION_ENGINE } }),
  );
  await page.goto('/translate-photo');
  await expect(page.getByTestId('camera-view')).toHaveAttribute('data-status', 'granted');
  await page.getByTestId('capture-button').click();
  await page.getByTestId('photo-translate-button').click();
  await expect(page.getByTestId('photo-result')).toHaveAttribute('data-state', 'error');
  await expect(toast(page)).toBeVisible();
  await expectNoOperatorText(page, 'photo-translation-failed', testInfo);
});

test('the photo gate signed out', async ({ page }, testInfo) => {
  await page.goto('/translate-photo');
  await expect(page.getByTestId('photo-gate')).toBeVisible();
  await expectNoOperatorText(page, 'photo-gate', testInfo);
});

test('a failed sign-in, a failed registration and a reset without its token', async ({ page }, testInfo) => {
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

  await page.goto('/reset-password');
  await expect(page.getByRole('main')).toBeVisible();
  await expectNoOperatorText(page, 'reset-password-no-token', testInfo);
});

test('subscription pages that fail: checkout, the subscription fetch, a success page without its session', async ({
  page,
}, testInfo) => {
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

test('the 404 page and an unavailable dashboard', async ({ page }, testInfo) => {
  await page.goto('/nowhere');
  await expect(page.getByTestId('not-found')).toBeVisible();
  await expectNoOperatorText(page, 'not-found', testInfo);

  await page.goto('/admin/analytics');
  await expect(page.getByRole('main')).toBeVisible();
  await expectNoOperatorText(page, 'admin-unavailable', testInfo);
});

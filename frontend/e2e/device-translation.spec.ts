import { expect as baseExpect, type Page } from '@playwright/test';
import { test } from './support/traveller';
import { nextPage } from './support/walk';
import { PAGES } from '@wayfarer/shared/api/pages';
import { LOCAL_STORAGE_KEYS } from '../src/lib/ui-constants';
import { signInFresh } from './support/sign-in';
import {
  deviceTranslatorLog,
  finishDeviceDownloads,
  hideDeviceTranslator,
  installDeviceTranslator,
} from './support/device-translator-stand-in';

// Translation on the traveller's device through the browser's Translator API. No model can be
// downloaded here, so a page-level stand-in follows the published interface (support/device-translator-stand-in.ts).
// The shared local cloud has no translation engine (capabilities say translate: unavailable), as every
// out-of-the-box `npm start` does: without the device, translation would be off.
const expect = baseExpect.configure({ timeout: 15_000 });
// "I need a doctor near the Eiffel Tower." (flite, voice slt).
test.use({ microphone: 'speech-doctor-slt.wav' });

const SPANISH = { need: 'necesito', doctor: 'médico', near: 'cerca', the: 'la' };

async function openWithOutput(page: Page, outputLanguage: string) {
  await page.addInitScript(([key, settings]) => localStorage.setItem(key, settings), [
    LOCAL_STORAGE_KEYS.voiceSettings,
    JSON.stringify({ outputLanguage, voiceGender: 'female', enableTranslation: true }),
  ] as const);
  const serverTranslations: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/translate')) serverTranslations.push(request.url());
  });
  await page.goto('/');
  return serverTranslations;
}

// The photo screen (docs/SPEC.md §2): the server reads the text (its answer stubbed here: the subscriber's plan is
// too, and OCR is photo-translate.spec.ts' part), the device translates it. The fake camera comes with the
// fake microphone (Chromium's own pattern).
async function photoOfMenu(page: Page, outputLanguage: string) {
  await signInFresh(page, 'ACTIVE');
  await page.route('**/api/vision/translate-image', (route) =>
    route.fulfill({ json: { originalText: 'I need the doctor', translatedText: '', prices: [] } }),
  );
  await page.goto(PAGES.translatePhoto);
  await expect(page.getByTestId('camera-view')).toHaveAttribute('data-status', 'granted');
  await page.getByTestId('capture-button').click();
  await page.getByTestId('photo-language-select').selectOption(outputLanguage);
  await page.getByTestId('photo-translate-button').click();
  await expect(page.getByTestId('photo-result')).toHaveAttribute('data-state', 'ready');
}

// A walk: the rules of one context, a `test.step` each, in a fresh page of that context each (support/walk.ts), so
// the service worker installs and precaches the app once, not once per rule (docs/E2E.md). Each step installs its
// own stand-in (an init script of its page).
test('translation on the device: the voice screen, its download, unsupported pairs, and the photo screen', async ({
  page: firstPage,
}) => {
  // Eight rules, one of them speech through the embedded recogniser: a ceiling for a loaded machine, never a wait.
  test.setTimeout(300_000);
  let page = firstPage;

  await test.step('a spoken phrase is translated on the device, after a download shown with its progress, and no translate call reaches the server', async () => {
    await installDeviceTranslator(page, { pairs: { 'en>es': 'downloadable' }, words: { es: SPANISH } });
    const serverTranslations = await openWithOutput(page, 'es');

    // The server cannot translate, but this browser can: the switch is on and usable, the badge says who translates.
    await expect(page.getByTestId('translation-switch')).toHaveAttribute('data-checked', 'true');
    await expect(page.getByTestId('translation-unavailable')).toHaveCount(0);
    await expect(page.getByTestId('translation-engine-badge')).toHaveAttribute('data-engine', 'device');

    // The Start press is the gesture that starts the language pack's download; its progress shows until it ends.
    await page.getByTestId('main-button').click();
    const progress = page.getByTestId('device-translation-progress');
    await expect(progress).toBeVisible();
    await expect(progress).toHaveAttribute('data-value', '50');
    await expect(page.getByTestId('device-translation-cancel')).toBeVisible();
    await finishDeviceDownloads(page);
    await expect(page.getByTestId('device-translation-download')).toHaveCount(0);

    // Whatever the embedded recogniser heard of the phrase is what the device translated and what the card shows.
    await expect(page.getByTestId('main-button')).toHaveAttribute('data-action', 'finish', {
      timeout: 30_000,
    });
    await expect.poll(async () => (await deviceTranslatorLog(page)).outputs.length).toBeGreaterThan(0);
    const log = await deviceTranslatorLog(page);
    const heard = (await page.getByTestId('transcript-original').textContent()) ?? '';
    expect(log.translated.join(' ')).toBe(heard.trim());
    await expect(page.getByTestId('transcript-translation')).toContainText(log.outputs[0]!.trim());
    await page.getByTestId('main-button').click();
    await expect(page.getByTestId('status-badge')).toHaveAttribute('data-status', 'stopped');

    expect(log.created).toEqual(['en>es']);
    expect(log.refused).toEqual([]);
    expect(serverTranslations).toEqual([]);
  });

  await test.step('the download can be cancelled, and says so', async () => {
    page = await nextPage(page);
    await installDeviceTranslator(page, { pairs: { 'en>es': 'downloadable' }, words: { es: SPANISH } });
    await openWithOutput(page, 'es');
    await expect(page.getByTestId('translation-engine-badge')).toHaveAttribute('data-engine', 'device');
    // Turning translation off and on again is a gesture too.
    await page.getByTestId('translation-switch').click();
    await page.getByTestId('translation-switch').click();
    await expect(page.getByTestId('device-translation-progress')).toBeVisible();
    await page.getByTestId('device-translation-cancel').click();
    await expect(page.getByTestId('device-translation-download')).toHaveAttribute('data-state', 'cancelled');
    expect((await deviceTranslatorLog(page)).created).toEqual([]);
  });

  await test.step('a pair the device cannot translate, with no server engine, names the languages that work here', async () => {
    page = await nextPage(page);
    await installDeviceTranslator(page, {
      pairs: { 'en>es': 'available', 'en>fr': 'downloadable' },
      words: { es: SPANISH },
    });
    await openWithOutput(page, 'ja');
    const message = page.getByTestId('device-translation-unsupported');
    await expect(message).toBeVisible();
    await expect(message).toContainText('Japanese');
    await expect(message).toContainText('Spanish');
    await expect(message).toContainText('French');
    await expect(page.getByTestId('translation-engine-badge')).toHaveCount(0);
  });

  await test.step('two-way mode asks about both directions: a reverse the device cannot translate is named, with the languages that work both ways', async () => {
    page = await nextPage(page);
    await installDeviceTranslator(page, {
      pairs: { 'en>es': 'available', 'en>fr': 'available', 'fr>en': 'downloadable' },
      words: { es: SPANISH },
    });
    await page.addInitScript(([key, settings]) => localStorage.setItem(key, settings), [
      LOCAL_STORAGE_KEYS.conversationSettings,
      JSON.stringify({ twoWay: true, travellerLanguage: 'en' }),
    ] as const);
    await openWithOutput(page, 'es');
    const message = page.getByTestId('device-translation-unsupported');
    // en→es works here, es→en does not: the note names that direction, and French, which works both ways.
    await expect(message).toContainText('Spanish → English');
    await expect(message).toContainText('French');
    await expect(page.getByTestId('translation-engine-badge')).toHaveCount(0);
  });

  await test.step('without the Translator API nothing changes: translation stays unavailable on this server', async () => {
    page = await nextPage(page);
    await hideDeviceTranslator(page);
    await openWithOutput(page, 'es');
    await expect(page.getByTestId('translation-unavailable')).toBeVisible();
    await expect(page.getByTestId('translation-switch')).toHaveAttribute('data-checked', 'false');
    await expect(page.getByTestId('translation-engine-badge')).toHaveCount(0);
  });

  await test.step('a photo’s text is translated on the device, with its badge', async () => {
    page = await nextPage(page);
    await installDeviceTranslator(page, { pairs: { 'en>es': 'available' }, words: { es: SPANISH } });
    await photoOfMenu(page, 'es');
    await expect(page.getByTestId('photo-engine-badge')).toBeVisible();
    await expect(page.getByTestId('photo-translated')).toHaveAttribute('data-engine', 'device');
    await expect(page.getByTestId('photo-translated')).toContainText('necesito la médico');
    expect((await deviceTranslatorLog(page)).created).toEqual(['en>es']);
  });

  await test.step('a photo’s pack download waits for the press, shows its progress and can be cancelled', async () => {
    page = await nextPage(page);
    await installDeviceTranslator(page, { pairs: { 'en>es': 'downloadable' }, words: { es: SPANISH } });
    await photoOfMenu(page, 'es');
    await page.getByTestId('photo-device-translate').click();
    await expect(page.getByTestId('photo-device-progress')).toHaveAttribute('data-value', '50');
    await page.getByTestId('photo-device-cancel').click();
    await expect(page.getByTestId('photo-device-cancelled')).toBeVisible();
    await page.getByTestId('photo-device-translate').click();
    await finishDeviceDownloads(page);
    await expect(page.getByTestId('photo-engine-badge')).toBeVisible();
    expect((await deviceTranslatorLog(page)).created).toEqual(['en>es']);
  });

  await test.step('a photo whose pair the device cannot translate names the languages that work here, with nothing to press', async () => {
    page = await nextPage(page);
    await installDeviceTranslator(page, {
      pairs: { 'en>es': 'available', 'en>fr': 'downloadable' },
      words: { es: SPANISH },
    });
    await photoOfMenu(page, 'ja');
    const message = page.getByTestId('photo-device-unsupported');
    await expect(message).toContainText('Japanese');
    await expect(message).toContainText('Spanish');
    await expect(message).toContainText('French');
    await expect(page.getByTestId('photo-device-translate')).toHaveCount(0);
    await expect(page.getByTestId('photo-engine-badge')).toHaveCount(0);
  });
});

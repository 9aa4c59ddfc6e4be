import { expect as baseExpect, type Page, type Request } from '@playwright/test';
import { test } from './support/traveller';
import { SCRIPT, SECOND_SERVER, secondServerAppOrigin, onSecondServer } from './support/second-server';
import { seriousAxeViolations } from './support/serious-axe-violations';
import { subscribeFresh } from './support/subscriber';

// Two shared cores, three servers and a speech engine: allow for a loaded machine (docs/E2E.md).
const expect = baseExpect.configure({ timeout: 20_000 });

// Two-way conversation, on the suite's second local cloud. The microphone sends real audio; the scripted Deepgram server
// replays what nova-3 multilingual would say about it (an English phrase, then a French reply, each with its
// `languages`: support/second-server-settings.ts SCRIPT), released by the amount of audio received, so the reply
// comes only once capture is open again after the playback. Translation goes to the OpenAI-compatible test server
// through the real openai SDK; the French voice is that server's, the English one the scripted Deepgram's (Aura).
test.use({ microphone: 'speech-doctor-slt.wav' });
test.describe.configure({ timeout: 120_000 });
onSecondServer();

const baseURL = secondServerAppOrigin;

async function openTwoWay(page: Page) {
  await page.goto(`${baseURL()}/`);
  const translation = page.getByTestId('translation-switch');
  await expect(translation).toHaveAttribute('data-available', 'true');
  await translation.click();
  await page.getByTestId('conversation-mode-switch').click();
  await expect(page.getByTestId('conversation-mode-switch')).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('traveller-language-trigger')).toHaveAttribute('data-lang', 'en');
  await page.getByTestId('language-picker-trigger').click();
  await page.locator('[data-testid="language-option"][data-lang="fr"]').click();
  await expect(page.getByTestId('language-picker-trigger')).toHaveAttribute('data-lang', 'fr');
}

/** The language of each speech request, in order. */
function speechLanguages(page: Page): string[] {
  const languages: string[] = [];
  page.on('request', (request: Request) => {
    if (request.url().includes('/api/tts/'))
      languages.push((request.postDataJSON() as { language: string }).language);
  });
  return languages;
}

test('an English phrase goes to the traveller and is spoken in French; the French reply goes to the other side and is spoken in English', async ({
  page,
}) => {
  // The speech relay: the browser opens sockets on the app's own origin only, and nothing it receives holds the
  // provider's key (the scripted Deepgram server takes only that key, so the phrases below prove the relay sent it).
  const sockets: string[] = [];
  page.on('websocket', (socket) => sockets.push(socket.url()));
  const leaks: string[] = [];
  page.on('response', (response) => {
    void response
      .text()
      .then((body) => body.includes(SECOND_SERVER.deepgramKey) && leaks.push(response.url()))
      .catch(() => undefined);
  });
  // A subscriber: the second cloud's anonymous allowance is a few seconds.
  await subscribeFresh(page, baseURL());
  await openTwoWay(page);
  const spoken = speechLanguages(page);
  const traveller = page.locator('[data-testid="conversation-side"][data-side="traveller"]');
  const other = page.locator('[data-testid="conversation-side"][data-side="other"]');

  await page.getByTestId('main-button').click();
  await expect(traveller.getByTestId('conversation-traveller-own')).toContainText(SCRIPT[0].text);
  await expect(other.getByTestId('conversation-other-translated')).toContainText('Où est la gare');
  await expect(other.getByTestId('conversation-other-translated')).toHaveAttribute('lang', 'fr');

  await expect(other.getByTestId('conversation-other-own')).toContainText(SCRIPT[1].text, {
    timeout: 60_000,
  });
  await expect(page.getByTestId('conversation-active-side')).toHaveAttribute('data-side', 'other');
  await expect(traveller.getByTestId('conversation-traveller-translated')).toContainText(
    'The station is at the end of the street.',
  );
  await expect(page.getByTestId('audio-playback')).toHaveAttribute('data-played', '2', { timeout: 60_000 });
  expect(spoken).toEqual(['fr', 'en']);
  // The played French did not come back as a phrase: one phrase a side.
  await expect(traveller.getByTestId('conversation-traveller-own')).toHaveText(SCRIPT[0].text);

  await page.getByTestId('main-button').click();
  await expect(page.getByTestId('status-badge')).toHaveAttribute('data-status', 'stopped');
  expect(sockets.length).toBeGreaterThan(0);
  for (const socket of sockets) expect(new URL(socket).host).toBe(new URL(page.url()).host);
  expect(leaks).toEqual([]);
  // The analysis reads both sides.
  await expect(page.getByTestId('analysis-prompt')).toBeVisible();
  // Checked once the floating mute button is gone: its ON grey fails contrast in one-way mode too (reported).
  expect((await seriousAxeViolations(page)).map((violation) => violation.id)).toEqual([]);
});

test('on a phone the other person’s half is upside down; on a wide screen the halves stand side by side', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await openTwoWay(page);
  const other = page.locator('[data-testid="conversation-side"][data-side="other"]');
  const traveller = page.locator('[data-testid="conversation-side"][data-side="traveller"]');
  const rotation = (locator: typeof other) =>
    locator.evaluate((element) => getComputedStyle(element).transform);
  // rotate(180deg) as a matrix: cos 180 = -1.
  expect(await rotation(other)).toMatch(/^matrix\(-1, /);
  expect(await rotation(traveller)).toBe('none');
  expect((await other.boundingBox())!.y).toBeLessThan((await traveller.boundingBox())!.y);

  await page.setViewportSize({ width: 1280, height: 800 });
  expect(await rotation(other)).toBe('none');
  const [left, right] = [(await traveller.boundingBox())!, (await other.boundingBox())!];
  expect(left.x).toBeLessThan(right.x);
  expect(Math.abs(left.y - right.y)).toBeLessThan(2);

  // Dark theme: the stored two-way choice brings the split view back after the reload.
  await page.evaluate(() => localStorage.setItem('vite-ui-theme', 'dark'));
  await page.reload();
  await expect(other).toBeVisible();
  expect((await seriousAxeViolations(page)).map((violation) => violation.id)).toEqual([]);
});

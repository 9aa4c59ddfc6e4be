import { expect as baseExpect } from '@playwright/test';
import { test } from './support/traveller';
import { thirdServerURL } from './support/second-server';

// Two shared cores, a speech model and a minute of speech: allow for a loaded machine (docs/E2E.md).
const expect = baseExpect.configure({ timeout: 30_000 });

// A minute of speech with short pauses, heard in the listening mode (a guide talking), the embedded recogniser
// hearing it on the suite's third local cloud (support/second-server-settings.ts),
// translated into French by the OpenAI-compatible test server and read out by its voice at 10 characters a second:
// slower than the speaker (about 15), so without a bound the spoken translation would trail further with each
// phrase (docs/SPEC.md §4 Spoken lag). The fixture is the three phrase fixtures, silence trimmed, joined 0.6 s apart
// four times over, then the first once more: "Empire State" five times, the last at the very end (docs/E2E.md).
// A phone grants a page the screen wake lock without asking; headless Chromium refuses it unless granted.
test.use({ microphone: 'speech-monologue-minute.wav', permissions: ['screen-wake-lock'] });
test.describe.configure({ timeout: 240_000 });

/** How long the last phrase may take to be read out after its final: its lag (5 s at most) and its speech. */
const LAST_SPOKEN_WITHIN_MS = 12_000;

interface WakeLocks {
  /** Screen wake locks the page holds now. */
  held: number;
  /** Screen wake locks the page was granted in all. */
  taken: number;
}

test('a minute of speech is read out with a bounded lag, every phrase shown, and Stop keeps it all', async ({
  page,
}) => {
  const base = thirdServerURL();
  await page.addInitScript(() =>
    localStorage.setItem(
      'wayfarer-voice-settings',
      JSON.stringify({ outputLanguage: 'fr', voiceGender: 'female', enableTranslation: true }),
    ),
  );
  // The screen wake locks the page is granted and releases: the browser's own API, counted on its way through.
  await page.addInitScript(() => {
    const counts = { held: 0, taken: 0 };
    (window as unknown as { wakeLocks: typeof counts }).wakeLocks = counts;
    const wakeLock = navigator.wakeLock as WakeLock | undefined;
    if (!wakeLock) return;
    const request = wakeLock.request.bind(wakeLock);
    wakeLock.request = async (type) => {
      const sentinel = await request(type);
      counts.taken += 1;
      counts.held += 1;
      sentinel.addEventListener('release', () => (counts.held -= 1));
      return sentinel;
    };
  });
  const wakeLocks = () => page.evaluate(() => (window as unknown as { wakeLocks: WakeLocks }).wakeLocks);
  // The phrases the recogniser made final: each is one phrase handed to translation.
  let finals = 0;
  page.on('websocket', (socket) => {
    if (!socket.url().includes('/v1/listen')) return;
    socket.on('framereceived', ({ payload }) => {
      if (typeof payload !== 'string') return;
      const message = JSON.parse(payload) as {
        type?: string;
        is_final?: boolean;
        channel?: { alternatives: { transcript: string }[] };
      };
      if (message.type !== 'Results') return;
      const text = message.channel?.alternatives?.[0]?.transcript ?? '';
      if (message.is_final === true && text.trim() !== '') finals += 1;
    });
  });
  await page.goto(`${base}/`);
  await expect(page.getByTestId('translation-switch')).toHaveAttribute('data-checked', 'true');
  // A guide talking: the listening mode (docs/SPEC.md §4), the translation the large text, the original below it.
  const listening = page.getByTestId('listening-mode-switch');
  await listening.click();
  await expect(listening).toHaveAttribute('aria-checked', 'true');
  const view = page.getByTestId('listening-view');
  await expect(
    view.locator('[data-variant="listening"] [data-testid="transcript-translation"]'),
  ).toBeVisible();
  await expect(view.locator('[data-variant="secondary"] [data-testid="transcript-original"]')).toBeVisible();
  await expect(page.getByTestId('listening-wake-lock-hint')).toHaveCount(0);
  const badge = page.getByTestId('status-badge');
  const original = page.getByTestId('transcript-original');
  await page.getByTestId('main-button').click();
  await expect(badge).toHaveAttribute('data-status', /^(recording|transcribing|translating|speaking)$/);
  // The screen stays on while the guide talks.
  await expect.poll(async () => (await wakeLocks()).held).toBe(1);

  // The last sentence is final once "Empire State" has been heard five times.
  await expect
    .poll(async () => ((await original.textContent()) ?? '').match(/Empire State/gi)?.length ?? 0, {
      timeout: 150_000,
    })
    .toBe(5);
  const lastFinal = Date.now();
  // The translation follows its newest line.
  const translationText = page.getByTestId('transcript-translation');
  expect(
    await translationText.evaluate((text) => text.scrollHeight - text.clientHeight - text.scrollTop <= 24),
  ).toBe(true);
  // Everything handed to the voice has been read out or given up: the conversation listens again.
  await expect(badge).not.toHaveAttribute('data-status', /^(translating|speaking)$/, { timeout: 60_000 });
  expect(Date.now() - lastFinal).toBeLessThan(LAST_SPOKEN_WITHIN_MS);
  const lag = page.getByTestId('speech-lag');
  expect(Number(await lag.getAttribute('data-lag-ms'))).toBeLessThanOrEqual(5_500);
  expect(Number(await lag.getAttribute('data-spoken'))).toBeGreaterThan(0);

  // Every phrase's translation is on screen, those not read out too; a run-on sentence's early clauses
  // (docs/SPEC.md §4 Long sentences) are phrases of their own, so there may be more phrases than finals.
  const phrases = page.getByTestId('translation-phrase');
  await expect.poll(() => phrases.count()).toBeGreaterThanOrEqual(finals);
  const shown = await phrases.count();
  for (const text of await phrases.allTextContents()) expect(text.trim()).not.toBe('');
  const translation = ((await page.getByTestId('transcript-translation').textContent()) ?? '').trim();
  const transcript = ((await original.textContent()) ?? '').trim();

  // Stop keeps everything, in the transcript and in the history.
  await page.getByTestId('main-button').click();
  await expect(badge).toHaveAttribute('data-status', 'stopped');
  // Stop lets the screen dim again: the one lock of the session is released.
  await expect.poll(async () => (await wakeLocks()).held).toBe(0);
  expect((await wakeLocks()).taken).toBe(1);
  await page.getByTestId('analysis-prompt-cancel').click();
  await expect(original).toHaveText(transcript);
  await expect(page.getByTestId('transcript-translation')).toHaveText(translation);
  await expect(phrases).toHaveCount(shown);
  await page.getByTestId('nav-history').click();
  await expect(page.getByTestId('history-item')).toHaveCount(1);
  await page.getByTestId('history-item').first().getByTestId('history-open').click();
  await expect(page.getByTestId('history-detail-transcript')).toHaveText(transcript);
  await expect(page.getByTestId('history-detail-translation')).toHaveText(translation);
});

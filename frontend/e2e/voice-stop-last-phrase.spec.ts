import { expect as baseExpect } from '@playwright/test';
import { test } from './support/traveller';
import { fixturePath } from './support/fake-microphone';
import { SPEECH_THRESHOLD, installSpeechEndWatch, speechSpan, type SpeechWatch } from './support/speech-end';

// Two shared cores and a speech model: allow for a loaded machine (docs/E2E.md).
const expect = baseExpect.configure({ timeout: 20_000 });

// "The taxi to the Empire State Building costs twenty dollars." (flite voice awb, docs/E2E.md): the phrase Stop
// comes right after carries the price the analysis must find.
const FIXTURE = 'speech-empire-state-taxi.wav';
// Three presses spread over the 200 ms: each run speaks the whole fixture (about 8 s with its lead-in silence).
const RUNS = 3;
test.describe.configure({ timeout: 600_000 });
test.use({ microphone: FIXTURE });

test(`Stop pressed within 200 ms of the end of speech keeps the last phrase in the transcript and the analysis (${RUNS} times)`, async ({
  page,
}) => {
  const span = speechSpan(fixturePath(FIXTURE));
  await page.addInitScript(installSpeechEndWatch, SPEECH_THRESHOLD);
  await page.goto('/');
  const badge = page.getByTestId('status-badge');
  const transcript = page.getByTestId('transcript-original');
  const main = page.getByTestId('main-button');

  for (let run = 0; run < RUNS; run++) {
    // 0, 80 and 160 ms after the last sample of speech the page heard.
    const delayMs = run * 80;
    await expect(main).toBeEnabled();
    await page.evaluate(
      (plan) => {
        (window as unknown as { __pressAfterSpeech: unknown }).__pressAfterSpeech = plan;
      },
      { speechSeconds: span.end - span.onset, delayMs },
    );
    await main.click();
    // The page presses Stop itself, on its audio clock; Stop then waits, visibly, for the last final.
    await expect(badge).toHaveAttribute('data-status', /finishing|stopped/, { timeout: 60_000 });
    await expect(badge).toHaveAttribute('data-status', 'stopped');
    const press = await page.evaluate(() =>
      (window as unknown as { __speechWatch: SpeechWatch }).__speechWatch.presses.at(-1)!,
    );
    expect(press.afterEndMs, `run ${run}: the press came ${press.afterEndMs} ms after the end`).toBeLessThan(
      200,
    );
    await expect(transcript, `run ${run}`).toContainText(/dollars?/i);
    await page.getByTestId('analysis-prompt-analyze').click();
    const price = page.getByTestId('price-item');
    await expect(price, `run ${run}`).toHaveCount(1);
    await expect(price).toHaveAttribute('data-amount', '20');
  }
});

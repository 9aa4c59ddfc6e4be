import { expect as baseExpect } from '@playwright/test';
import { LIVE, test } from './support/traveller';

// Two shared cores and a speech model: allow for a loaded machine (docs/E2E.md).
const expect = baseExpect.configure({ timeout: 15_000 });

// "I need a doctor near the Eiffel Tower." (flite slt), 7 s of silence, then the taxi sentence of
// speech-taxi-rms.wav (flite rms): the gap leaves time to mute and unmute between the two phrases. A file of its own because
// launch options (the microphone's file) are per worker.
test.describe.configure({ timeout: 90_000 });
test.use({ microphone: 'speech-doctor-then-taxi.wav' });

test('mute, a final phrase, the button is still there, unmute, and the next phrase is transcribed', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByTestId('main-button').click();
  const badge = page.getByTestId('status-badge');
  const transcript = page.getByTestId('transcript-original');
  // Live: audio captured while the ticket and socket were on their way is sent on at once, so on a loaded machine
  // the first status after Permission pending can already be transcribing (docs/E2E.md, Fake microphone).
  await expect(badge).toHaveAttribute('data-status', LIVE);

  await expect(transcript).toContainText(/doctor/i, { timeout: 20_000 });
  await expect(badge).toHaveAttribute('data-status', 'transcribed');
  const mute = page.getByTestId('mute-button');
  await expect(mute).toBeVisible();
  await mute.click();
  await expect(mute).toHaveAttribute('data-muted', 'true');
  // The phrase is final and, muted, nothing more is heard: the button is all there is to unmute with.
  await expect(mute).toBeVisible();

  await mute.click();
  await expect(mute).toHaveAttribute('data-muted', 'false');
  // "train station" is heard wherever the capture starts; "taxi" is mostly "taxy" (npm run bench fixture-alignment).
  await expect(transcript).toContainText(/train station/i, { timeout: 20_000 });
});

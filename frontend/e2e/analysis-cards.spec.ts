import AxeBuilder from '@axe-core/playwright';
import { expect as baseExpect, type Page } from '@playwright/test';
import { test } from './support/traveller';

// Two shared cores and a speech model: allow for a loaded machine (docs/E2E.md).
const expect = baseExpect.configure({ timeout: 15_000 });

// "Please help me, I need a doctor now." then "The taxi to the Empire State Building costs twenty dollars."
// (flite voice awb, docs/E2E.md): an emergency, a landmark (typed building by the gazetteer) and a price.
test.describe.configure({ timeout: 120_000 });
test.use({ microphone: 'speech-help-empire-state.wav' });

/** Speaks the fixture, stops, and accepts the analysis prompt. */
async function speakAndAnalyze(page: Page) {
  await page.goto('/');
  const badge = page.getByTestId('status-badge');
  await page.getByTestId('main-button').click();
  // The speech starts at once, so the badge may pass through recording faster than a check can see it.
  const transcript = page.getByTestId('transcript-original');
  await expect(transcript).toContainText(/dollars/i, { timeout: 40_000 });
  await expect(badge).toHaveAttribute('data-status', 'transcribed');
  await page.getByTestId('main-button').click();
  await expect(page.getByTestId('analysis-prompt')).toBeVisible();
  await page.getByTestId('analysis-prompt-analyze').click();
  await expect(page.getByTestId('analysis-panel')).toBeVisible();
}

test('speech with a price, a landmark and an emergency fills all three cards; a currency change reconverts', async ({
  page,
}) => {
  await speakAndAnalyze(page);
  await expect(page.getByTestId('analysis-progress')).toHaveAttribute('data-value', '100');

  const price = page.getByTestId('price-item');
  await expect(price).toHaveCount(1);
  await expect(price).toHaveAttribute('data-amount', '20');
  await expect(price).toHaveAttribute('data-currency', 'USD');
  // The interface is English, whose currency (docs/SPEC.md §3: en -> GBP) is the default target.
  const select = page.getByTestId('currency-select');
  await expect(select).toHaveValue('GBP');
  await expect(price).toHaveAttribute('data-target-currency', 'GBP');
  const inPounds = Number(await price.getAttribute('data-converted'));
  expect(inPounds).toBeGreaterThan(10);
  expect(inPounds).toBeLessThan(20);
  // The local cloud converts with the rates shipped with the code: the card says so (docs/SPEC.md §2).
  const ratesDate = page.getByTestId('price-rates-date');
  await expect(ratesDate).toHaveAttribute('data-freshness', 'snapshot');
  await expect(ratesDate).toContainText('shipped with the app');

  const place = page.getByTestId('location-item');
  await expect(place).toHaveCount(1);
  await expect(place).toHaveAttribute('data-name', /empire state building/i);
  await expect(place).toHaveAttribute('data-type', 'building');
  await expect(place).toHaveAttribute('data-lat', '40.7484');
  await expect(place).toHaveAttribute('data-lng', '-73.9857');
  await expect(place.getByTestId('location-gps')).toHaveText('40.748400, -73.985700');
  const kinds = await place
    .getByTestId('location-link')
    .evaluateAll((links) => links.map((link) => link.getAttribute('data-kind')));
  expect(kinds).toEqual(['maps', 'navigation']);
  await expect(place.getByTestId('location-ride')).toHaveCount(8);

  await expect(page.getByTestId('emergency-card')).toBeVisible();
  await expect(page.getByTestId('emergency-severity')).toHaveAttribute('data-severity', /^(high|medium)$/);
  const contacts = page.getByTestId('emergency-contact');
  await expect(contacts.first()).toHaveAttribute('href', 'tel:911');
  await expect(page.getByTestId('emergency-card').getByText(/United States/)).toBeVisible();
  await expect(page.getByTestId('analysis-no-results')).toHaveCount(0);

  // The cards in both themes: no serious or critical axe violations (as shell-a11y.spec.ts holds the shell).
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate(
      (mode) => document.documentElement.setAttribute('data-amplify-color-mode', mode),
      theme,
    );
    const results = await new AxeBuilder({ page }).include('[data-testid="analysis-panel"]').analyze();
    const serious = results.violations.filter((violation) =>
      ['serious', 'critical'].includes(violation.impact ?? ''),
    );
    expect(serious.map((violation) => `${theme}: ${violation.id}`)).toEqual([]);
  }

  const reconversion = page.waitForRequest(
    (request) =>
      request.url().endsWith('/api/analysis/prices') && request.postDataJSON()?.targetCurrency === 'EUR',
  );
  await select.selectOption('EUR');
  await reconversion;
  await expect(price).toHaveAttribute('data-target-currency', 'EUR');
  await expect(price).toHaveAttribute('data-currency', 'USD');
  await expect(price).toHaveAttribute('data-converted', /^\d+(\.\d{1,2})?$/);
  expect(Number(await price.getAttribute('data-converted'))).not.toBe(inPounds);
  await expect(select).toBeEnabled();
  await expect(select).toHaveValue('EUR');
});

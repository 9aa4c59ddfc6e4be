import { expect, test } from '@playwright/test';
import {
  HERO_STEP_ROTATION_MS,
  MINIMUM_AGE_YEARS,
  REFUND_REPLY_BUSINESS_DAYS,
  REFUND_WINDOW_HOURS,
} from '@wayfarer/shared/constants';

const legalPages = [
  { path: '/privacy-policy', titles: { en: 'Privacy policy', fr: 'Politique de confidentialité' } },
  { path: '/terms-of-service', titles: { en: 'Terms of service', fr: 'Conditions d’utilisation' } },
  { path: '/refund-policy', titles: { en: 'Refund policy', fr: 'Politique de remboursement' } },
] as const;

test.describe('legal pages', () => {
  for (const { path, titles } of legalPages) {
    test(`${path} shows its policy in English and French`, async ({ page }, testInfo) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(titles.en);
      expect(await page.getByRole('heading', { level: 2 }).count()).toBeGreaterThanOrEqual(4);
      await page.screenshot({ path: testInfo.outputPath('legal-en.png'), fullPage: true });

      await page.goto(`${path}?lng=fr`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(titles.fr);
    });
  }

  test('the privacy policy says voice and images are not stored, and states the minimum age', async ({
    page,
  }) => {
    await page.goto('/privacy-policy');
    const article = page.locator('article');
    await expect(article).toContainText('processed in real time');
    await expect(article).toContainText('We do not store your recordings, your photos');
    await expect(article).toContainText(`at least ${MINIMUM_AGE_YEARS} years old`);
  });

  test('the terms state billing monthly in advance with automatic renewal', async ({ page }) => {
    await page.goto('/terms-of-service');
    const article = page.locator('article');
    await expect(article).toContainText('billed monthly, in advance, and renews automatically');
    await expect(article).toContainText(`at least ${MINIMUM_AGE_YEARS} years old`);
  });

  test('the refund policy lists the exceptions and the reply time', async ({ page }) => {
    await page.goto('/refund-policy');
    const exceptions = page.locator('article li');
    await expect(exceptions).toHaveCount(3);
    await expect(exceptions.nth(0)).toContainText('Technical issues');
    await expect(exceptions.nth(1)).toContainText('Billing errors');
    await expect(exceptions.nth(2)).toContainText(`first ${REFUND_WINDOW_HOURS} hours`);
    await expect(page.locator('article')).toContainText(
      `within about ${REFUND_REPLY_BUSINESS_DAYS} business days`,
    );
  });

  test('the footer links every page to the three legal pages', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Refund policy' }).click();
    await expect(page).toHaveURL(/\/refund-policy$/);

    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of service' }).click();

    await expect(page).toHaveURL(/\/terms-of-service$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of service');
  });
});

test.describe('hero banner', () => {
  test('cycles through its four steps about once a second', async ({ page }, testInfo) => {
    await page.goto('/');
    const hero = page.getByTestId('hero-banner');
    await expect(hero).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('home.png'), fullPage: true });

    // Record every change of data-step with its time in the page, so a slow test runner cannot miss one.
    await hero.evaluate((element: HTMLElement) => {
      const seen: Array<[string, number]> = [[element.dataset.step ?? '', performance.now()]];
      (window as unknown as { heroSteps: typeof seen }).heroSteps = seen;
      new MutationObserver(() => seen.push([element.dataset.step ?? '', performance.now()])).observe(
        element,
        {
          attributeFilter: ['data-step'],
        },
      );
    });
    const readSteps = () =>
      page.evaluate(() => (window as unknown as { heroSteps: Array<[string, number]> }).heroSteps);
    await expect
      .poll(async () => (await readSteps()).length, { timeout: HERO_STEP_ROTATION_MS * 10 })
      .toBeGreaterThanOrEqual(6);

    const steps = (await readSteps()).slice(0, 6);
    const cycle = ['speak', 'transcribe', 'translate', 'analyze'];
    for (let index = 1; index < steps.length; index++) {
      const [previous] = steps[index - 1] ?? [''];
      const [current] = steps[index] ?? [''];
      expect(current).toBe(cycle[(cycle.indexOf(previous) + 1) % cycle.length]);
    }
    // Timers run late on a busy machine, never early: one second per step, on average within reason.
    const changes = steps.slice(1).map(([, at]) => at);
    const intervals = changes.slice(1).map((at, index) => at - (changes[index] ?? at));
    for (const interval of intervals) expect(interval).toBeGreaterThan(HERO_STEP_ROTATION_MS * 0.9);
    const average = intervals.reduce((sum, interval) => sum + interval, 0) / intervals.length;
    expect(average).toBeLessThan(HERO_STEP_ROTATION_MS * 2);
  });

  test('stays dismissed after a reload', async ({ page }) => {
    await page.goto('/');
    await page.getByTestId('hero-dismiss').click();
    await expect(page.getByTestId('hero-banner')).toHaveCount(0);

    await page.reload();

    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('hero-banner')).toHaveCount(0);
  });
});

test('404 page offers Go Home and Go Back in the chosen language', async ({ page }, testInfo) => {
  await page.goto('/somewhere/else?lng=es');
  await expect(page.getByTestId('not-found')).toBeVisible();
  await expect(page.getByTestId('go-home')).toHaveText('Ir al inicio');
  await expect(page.getByTestId('go-back')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('not-found-es.png') });
});

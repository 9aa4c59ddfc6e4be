import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

const blocking = new Set(['serious', 'critical']);

/** The page's serious and critical axe violations, the ones a screen must not have. */
export async function seriousAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.filter((violation) => blocking.has(violation.impact ?? ''));
}

import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

const blocking = new Set(['serious', 'critical']);

/** Every axe violation on the page, of any impact. */
export async function axeViolations(page: Page) {
  return (await new AxeBuilder({ page }).analyze()).violations;
}

/** The page's serious and critical axe violations, the ones a screen must not have. */
export async function seriousAxeViolations(page: Page) {
  return (await axeViolations(page)).filter((violation) => blocking.has(violation.impact ?? ''));
}

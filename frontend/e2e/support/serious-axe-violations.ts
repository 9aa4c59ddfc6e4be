import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

const blocking = new Set(['serious', 'critical']);

/**
 * The axe rules whose outcome depends on the colours: all a second theme changes (the same markup, other CSS
 * custom properties), so all a screen already checked in one theme needs again in the other.
 */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'] as const;

/** Every axe violation on the page, of any impact; of the named rules only when `rules` is given. */
export async function axeViolations(page: Page, rules?: readonly string[]) {
  const builder = new AxeBuilder({ page });
  if (rules) builder.withRules([...rules]);
  return (await builder.analyze()).violations;
}

/** The page's serious and critical axe violations, the ones a screen must not have. */
export async function seriousAxeViolations(page: Page, rules?: readonly string[]) {
  return (await axeViolations(page, rules)).filter((violation) => blocking.has(violation.impact ?? ''));
}

/**
 * The a11y walks' themes: every rule in the light theme at both sizes (`@layout`), the colour rules in the dark
 * theme on the phone.
 */
export const THEME_WALKS = [
  { theme: 'light', title: 'light theme @layout', rules: undefined },
  { theme: 'dark', title: 'dark theme', rules: COLOUR_RULES },
] as const;

// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { renderStaticFirstScreen } from './static-first-screen';

// Read as the build reads it (vite.config.ts), outside this project's compiled files.
const fr = Object.values(
  import.meta.glob<Record<string, string>>('../../../locales/fr/translation.json', {
    eager: true,
    import: 'default',
  }),
)[0] as Record<string, string>;

describe("index.html's copy of the home screen's top (docs/DESIGN.md §8, first paint)", () => {
  const html = renderStaticFirstScreen('fr', fr);
  const page = new DOMParser().parseFromString(html, 'text/html');

  it('carries the voice screen title and description and the hero in the language, from locales/', () => {
    expect(page.querySelector('.voice-page h1')?.textContent).toBe(fr.voice_page_title);
    expect(page.querySelector('.voice-page > p')?.textContent).toBe(fr.voice_page_description);
    expect(page.querySelector('.hero .hero-title')?.textContent).toBe(fr.hero_title);
    expect(page.querySelector('[data-testid="shell-skeleton"]')?.getAttribute('lang')).toBe('fr');
  });

  it('is inert and hidden from assistive technology, with only the outline test ids and no ids', () => {
    const screen = page.querySelector('.home-screen');
    expect(screen?.hasAttribute('inert')).toBe(true);
    expect(screen?.getAttribute('aria-hidden')).toBe('true');
    const testIds = [...page.querySelectorAll('[data-testid]')].map((element) =>
      element.getAttribute('data-testid'),
    );
    expect(testIds).toEqual(['shell-skeleton', 'home-skeleton', 'voice-skeleton']);
    expect(page.querySelectorAll('[id], [aria-labelledby]')).toHaveLength(0);
  });
});

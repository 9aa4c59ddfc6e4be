import { createInstance } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { HeroBanner } from '../features/onboarding/components/hero-banner';
import { VoicePageFrame } from '../features/voice/components/voice-page-frame';
import { languageOptions } from './i18n-options';
import { ShellSkeleton, VoiceCardPending } from './shell-skeleton';

/*
 * Build time only (frontend/vite.config.ts; nothing in the app imports it): the home screen's top as React's first
 * render draws it (home-screen.tsx: the hero, then the voice screen's title and description over its card's
 * outline), in one language, for index.html to paint before any script has run (first-screen-boot.ts). It is inert
 * and hidden from assistive technology like the outline it stands for, and carries no ids or test ids but the
 * outline's: the page becomes usable, and findable by tests, when React's own screen replaces it.
 */

const OUTLINE_TEST_IDS = new Set(['shell-skeleton', 'home-skeleton', 'voice-skeleton']);

/** The first screen in `language`, whose strings (locales/<language>/translation.json) are `translation`. */
export function renderStaticFirstScreen(language: string, translation: Record<string, unknown>): string {
  const i18n = createInstance();
  void i18n.use(initReactI18next).init({
    ...languageOptions,
    lng: language,
    resources: { [language]: { translation } },
    initAsync: false,
  });
  const markup = renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <ShellSkeleton lang={language}>
        <div className="home-screen" data-testid="home-skeleton" aria-hidden="true" inert>
          <HeroBanner />
          <VoicePageFrame>
            <VoiceCardPending />
          </VoicePageFrame>
        </div>
      </ShellSkeleton>
    </I18nextProvider>,
  );
  return markup
    .replace(/ data-testid="([^"]*)"/g, (attribute, id: string) =>
      OUTLINE_TEST_IDS.has(id) ? attribute : '',
    )
    .replace(/ (id|aria-labelledby)="[^"]*"/g, '');
}

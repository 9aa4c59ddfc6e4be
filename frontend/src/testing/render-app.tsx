import { render } from '@testing-library/react';
import { createInstance, type i18n as I18n } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { createMemoryRouter } from 'react-router-dom';
import en from '../../../locales/en/translation.json';
import { App } from '../app/app';
import { languageOptions } from '../app/i18n-options';
import { appRoutes } from '../app/router';

// An instance per test, with the English file in memory: no HTTP, no shared state between tests.
export async function createTestI18n(): Promise<I18n> {
  const instance = createInstance();
  await instance.use(initReactI18next).init({
    ...languageOptions,
    lng: 'en',
    resources: { en: { translation: en } },
  });
  return instance;
}

// Renders the whole app shell with the real route table, starting at the last of `history`.
export async function renderAppAt(history: string[]) {
  const router = createMemoryRouter(appRoutes, { initialEntries: history, initialIndex: history.length - 1 });
  const i18n = await createTestI18n();
  const view = render(
    <I18nextProvider i18n={i18n}>
      <App router={router} />
    </I18nextProvider>,
  );
  return { ...view, router, i18n };
}

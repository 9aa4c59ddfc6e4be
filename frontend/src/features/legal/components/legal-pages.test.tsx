// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { createInstance } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import {
  MINIMUM_AGE_YEARS,
  REFUND_REPLY_BUSINESS_DAYS,
  REFUND_WINDOW_HOURS,
  SUPPORTED_UI_LANGUAGES,
} from '../../../lib/ui-constants';
import en from '../../../../../locales/en/translation.json';
import { languageOptions } from '../../../app/i18n-options';
import { privacyPolicySections, refundPolicySections, termsOfServiceSections } from '../legal-content';
import { PrivacyPolicyPage } from './privacy-policy-page';
import { RefundPolicyPage } from './refund-policy-page';
import { TermsOfServicePage } from './terms-of-service-page';

// Globbed rather than imported: only the English file is part of the TypeScript project (it types the keys).
const files = import.meta.glob<Record<string, string>>('../../../../../locales/*/translation.json', {
  eager: true,
  import: 'default',
});
const resources = Object.fromEntries(
  Object.entries(files).map(([path, translation]) => [path.split('/').at(-2), { translation }]),
);

async function renderIn(language: string, page: React.JSX.Element) {
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({
    ...languageOptions,
    lng: language,
    resources,
  });
  render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>{page}</MemoryRouter>
    </I18nextProvider>,
  );
  return document.body.textContent ?? '';
}

describe.each(SUPPORTED_UI_LANGUAGES)('legal pages in %s', (language) => {
  it('privacy policy states the minimum age and has a heading per section', async () => {
    const text = await renderIn(language, <PrivacyPolicyPage />);

    expect(text).toContain(String(MINIMUM_AGE_YEARS));
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(privacyPolicySections.length);
    expect(text).not.toMatch(/\{\{|legal_/);
    cleanup();
  });

  it('terms of service state the minimum age', async () => {
    const text = await renderIn(language, <TermsOfServicePage />);

    expect(text).toContain(String(MINIMUM_AGE_YEARS));
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(termsOfServiceSections.length);
    expect(text).not.toMatch(/\{\{|legal_/);
    cleanup();
  });

  it('refund policy lists three exceptions, the refund window and the reply time', async () => {
    const text = await renderIn(language, <RefundPolicyPage />);

    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    expect(text).toContain(String(REFUND_WINDOW_HOURS));
    expect(text).toContain(String(REFUND_REPLY_BUSINESS_DAYS));
    expect(text).not.toMatch(/\{\{|legal_/);
    cleanup();
  });
});

// What the English pages promise, word for word (text on a page needs no browser to prove: docs/E2E.md's table lists what moved here).
describe('the English pages say', () => {
  it('the privacy policy: voice and images are processed in real time and not stored; the minimum age', async () => {
    const text = await renderIn('en', <PrivacyPolicyPage />);

    expect(text).toContain('processed in real time');
    expect(text).toContain('We do not store your recordings, your photos');
    expect(text).toContain(`at least ${MINIMUM_AGE_YEARS} years old`);
    cleanup();
  });

  it('the terms: billed monthly in advance, renewed automatically; the minimum age', async () => {
    const text = await renderIn('en', <TermsOfServicePage />);

    expect(text).toContain('billed monthly, in advance, and renews automatically');
    expect(text).toContain(`at least ${MINIMUM_AGE_YEARS} years old`);
    cleanup();
  });

  it('the refund policy: its three exceptions in order, and the reply time', async () => {
    const text = await renderIn('en', <RefundPolicyPage />);

    const exceptions = screen.getAllByRole('listitem').map((item) => item.textContent ?? '');
    expect(exceptions).toHaveLength(3);
    expect(exceptions[0]).toContain('Technical issues');
    expect(exceptions[1]).toContain('Billing errors');
    expect(exceptions[2]).toContain(`first ${REFUND_WINDOW_HOURS} hours`);
    expect(text).toContain(`within about ${REFUND_REPLY_BUSINESS_DAYS} business days`);
    cleanup();
  });
});

it('uses every legal_ text of the locale files, so none is left behind unseen', () => {
  const used = new Set(
    [...privacyPolicySections, ...termsOfServiceSections, ...refundPolicySections].flatMap((section) => [
      section.title,
      ...section.paragraphs,
      ...(section.items ?? []),
    ]),
  );
  const sectionKeys = Object.keys(en).filter(
    (key) => key.startsWith('legal_') && key !== 'legal_last_updated' && key !== 'legal_nav_label',
  );
  expect(sectionKeys.filter((key) => !used.has(key as never))).toEqual([]);
});

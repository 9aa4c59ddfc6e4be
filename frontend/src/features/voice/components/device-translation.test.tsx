// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createTestI18n } from '../../../testing/render-app';
import type { TranslationEngineControls } from '../hooks/use-translation-engine';
import { DeviceTranslation } from './device-translation';

const engine = (overrides: Partial<TranslationEngineControls>): TranslationEngineControls => ({
  decision: 'pair_unsupported',
  deviceApi: true,
  preference: 'server',
  setPreference: () => undefined,
  download: { state: 'idle', progress: 0 },
  prepare: () => undefined,
  cancel: () => undefined,
  translate: undefined,
  deviceTargets: ['fr'],
  unsupportedPair: undefined,
  ...overrides,
});

async function renderWith(controls: TranslationEngineControls) {
  const i18n = await createTestI18n();
  render(
    <I18nextProvider i18n={i18n}>
      <DeviceTranslation engine={controls} source="en" target="es" disabled={false} />
    </I18nextProvider>,
  );
}

describe('the on-device translation notes (docs/SPEC.md §2)', () => {
  it('an unsupported pair is named with the languages that work on this device', async () => {
    await renderWith(engine({ unsupportedPair: { source: 'en', target: 'es' } }));
    const note = screen.getByTestId('device-translation-unsupported');
    expect(note.textContent).toMatch(/English → Spanish/);
    expect(note.textContent).toMatch(/French/);
  });

  it('two-way mode names the direction that does not work, back into the traveller’s language', async () => {
    await renderWith(engine({ unsupportedPair: { source: 'es', target: 'en' } }));
    expect(screen.getByTestId('device-translation-unsupported').textContent).toMatch(/Spanish → English/);
  });
});

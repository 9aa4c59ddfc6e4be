// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '../../../testing/render-app';
import type { DevicePhotoTranslation } from '../hooks/use-device-photo-translation';
import type { PhotoTranslation } from '../hooks/use-photo-translation';
import { PhotoResult } from './photo-result';

const done: PhotoTranslation = {
  kind: 'done',
  result: { originalText: 'Soup of the day 8 €', translatedText: 'Sopa del día 8 €', prices: [] },
};

const device = (overrides: Partial<DevicePhotoTranslation>): DevicePhotoTranslation => ({
  state: 'off',
  text: '',
  progress: 0,
  translateOnDevice: () => undefined,
  cancel: () => undefined,
  unsupported: undefined,
  ...overrides,
});

async function renderWith(controls: DevicePhotoTranslation) {
  const i18n = await createTestI18n();
  render(
    <I18nextProvider i18n={i18n}>
      <PhotoResult translation={done} device={controls} />
    </I18nextProvider>,
  );
}

describe('the photo result translated on the device', () => {
  it('a pair the device cannot translate is named with the languages that work, and nothing to press', async () => {
    await renderWith(
      device({ state: 'unsupported', unsupported: { source: 'en', target: 'ja', targets: ['es', 'fr'] } }),
    );
    const note = screen.getByTestId('photo-device-unsupported');
    expect(note.textContent).toMatch(/English → Japanese/);
    expect(note.textContent).toMatch(/Spanish and French/);
    expect(screen.queryByTestId('photo-device-translate')).toBeNull();
  });

  it('the download shows its progress with a Cancel that stops it', async () => {
    const cancel = vi.fn();
    await renderWith(device({ state: 'downloading', progress: 40, cancel }));
    expect(screen.getByTestId('photo-device-progress')).toBeTruthy();
    fireEvent.click(screen.getByTestId('photo-device-cancel'));
    expect(cancel).toHaveBeenCalledOnce();
  });

  it('a cancelled download says so and offers the press again', async () => {
    await renderWith(device({ state: 'cancelled' }));
    expect(screen.getByTestId('photo-device-cancelled').textContent).toMatch(/Download cancelled/);
    expect(screen.getByTestId('photo-device-translate')).toBeTruthy();
  });
});

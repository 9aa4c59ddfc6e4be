// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '../testing/render-app';
import { LanguagePackDownload } from './language-pack-download';

async function renderDownload(props: { testId?: string; onCancel?: () => void }) {
  const i18n = await createTestI18n();
  render(
    <I18nextProvider i18n={i18n}>
      <LanguagePackDownload
        progress={40}
        onCancel={props.onCancel ?? (() => undefined)}
        className="screen-download"
        testId={props.testId}
        progressTestId="screen-progress"
        cancelTestId="screen-cancel"
      />
    </I18nextProvider>,
  );
}

describe('LanguagePackDownload', () => {
  it('shows the progress in words and on the bar, under the screen’s test ids', async () => {
    await renderDownload({ testId: 'screen-download' });

    const download = screen.getByTestId('screen-download');
    expect(download).toHaveAttribute('role', 'status');
    expect(download).toHaveClass('screen-download');
    expect(download.textContent).toMatch(/language pack .*: 40%/);
    const bar = screen.getByTestId('screen-progress');
    expect(bar).toHaveAttribute('data-value', '40');
    expect(bar).toHaveAttribute('aria-valuenow', '40');
  });

  it('the Cancel beside the bar stops the download', async () => {
    const cancel = vi.fn();
    await renderDownload({ onCancel: cancel });

    const cancelButton = screen.getByTestId('screen-cancel');
    expect(cancelButton.textContent).toBe('Cancel download');
    fireEvent.click(cancelButton);

    expect(cancel).toHaveBeenCalledOnce();
  });

  it('a screen without an id for the whole gets none', async () => {
    await renderDownload({});

    expect(screen.getByRole('status')).not.toHaveAttribute('data-testid');
  });
});

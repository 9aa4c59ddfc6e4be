// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '../../../testing/render-app';
import { EngineChoiceRow } from './engine-choice-row';

async function renderRow(row: ReactElement) {
  const i18n = await createTestI18n();
  return render(<I18nextProvider i18n={i18n}>{row}</I18nextProvider>);
}

describe('the engine choice row (docs/SPEC.md §2)', () => {
  it('the choice shows the preference and reports the engine chosen', async () => {
    const onChoose = vi.fn();
    await renderRow(<EngineChoiceRow preference="server" onChoose={onChoose} />);
    const select = screen.getByTestId<HTMLSelectElement>('translation-engine-select');
    expect(select.value).toBe('server');
    fireEvent.change(select, { target: { value: 'device' } });
    expect(onChoose).toHaveBeenCalledWith('device');
  });

  it('the stand-in that holds its place while the choice loads cannot be reached or pressed, and is not the choice', async () => {
    const { container } = await renderRow(<EngineChoiceRow preference="device" />);
    expect(screen.queryByTestId('translation-engine-select')).toBeNull();
    const select = container.querySelector('select');
    expect(select?.disabled).toBe(true);
    expect(select?.tabIndex).toBe(-1);
  });
});

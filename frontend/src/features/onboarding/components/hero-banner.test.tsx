// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HERO_STEP_ROTATION_MS } from '../../../lib/ui-constants';
import { createTestI18n } from '../../../testing/render-app';
import { HERO_DISMISSED_STORAGE_KEY } from '../hero-steps';
import { HeroBanner } from './hero-banner';

async function renderHero() {
  const i18n = await createTestI18n();
  return render(
    <I18nextProvider i18n={i18n}>
      <HeroBanner />
    </I18nextProvider>,
  );
}

beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

describe('HeroBanner', () => {
  it('cycles speak, transcribe, translate, analyze every rotation interval, then starts over', async () => {
    await renderHero();
    const banner = screen.getByTestId('hero-banner');
    const seen = [banner.dataset.step];

    for (let tick = 0; tick < 4; tick++) {
      act(() => vi.advanceTimersByTime(HERO_STEP_ROTATION_MS));
      seen.push(banner.dataset.step);
    }

    expect(seen).toEqual(['speak', 'transcribe', 'translate', 'analyze', 'speak']);
  });

  it('marks the current step for assistive technology and shows its hint', async () => {
    await renderHero();

    expect(screen.getByText('Speak').closest('li')).toHaveAttribute('aria-current', 'step');
    expect(screen.getByText('Tap Start and talk naturally, in any language.')).toBeInTheDocument();
  });

  it('hides on dismiss and stays hidden on the next visit', async () => {
    const first = await renderHero();

    act(() => screen.getByTestId('hero-dismiss').click());

    expect(screen.queryByTestId('hero-banner')).not.toBeInTheDocument();
    expect(localStorage.getItem(HERO_DISMISSED_STORAGE_KEY)).toBe('true');
    first.unmount();

    await renderHero();
    expect(screen.queryByTestId('hero-banner')).not.toBeInTheDocument();
  });

  it('has an accessible name for its dismiss button', async () => {
    await renderHero();
    expect(screen.getByTestId('hero-dismiss')).toHaveAccessibleName('Hide the introduction');
  });
});

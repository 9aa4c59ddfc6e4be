// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAppAt } from '../testing/render-app';

// jsdom has neither navigator.mediaDevices nor a real in-app browser: each test says which browser it is.
function browserWith({ mediaDevices, userAgent }: { mediaDevices: boolean; userAgent?: string }) {
  vi.stubGlobal('navigator', {
    ...navigator,
    language: 'en',
    languages: ['en'],
    userAgent: userAgent ?? navigator.userAgent,
    mediaDevices: mediaDevices ? { getUserMedia: async () => new MediaStream() } : undefined,
  });
}

afterEach(() => vi.unstubAllGlobals());

// Screens are lazy chunks: on a busy machine their first transform takes a while.
describe('app layout', { timeout: 20_000 }, () => {
  it('has a banner, a main region and a footer with the three legal pages', async () => {
    browserWith({ mediaDevices: true });
    await renderAppAt(['/privacy-policy']);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Privacy policy' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBe(screen.getByTestId('app-header'));
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
    const footerLinks = screen.getByRole('contentinfo').querySelectorAll('a');
    expect([...footerLinks].map((link) => link.getAttribute('href'))).toEqual([
      '/privacy-policy',
      '/terms-of-service',
      '/refund-policy',
    ]);
    expect(screen.queryByTestId('inapp-overlay')).not.toBeInTheDocument();
  });

  it('shows the hero banner above the voice screen on /', async () => {
    browserWith({ mediaDevices: true });
    await renderAppAt(['/']);

    // The home screen's code is a chunk of its own (docs/DESIGN.md §8): its first import here can take a while.
    const hero = await screen.findByTestId('hero-banner', {}, { timeout: 15_000 });
    // The voice screen shows once GET /api/capabilities settles (its outline until then).
    const title = await screen.findByRole(
      'heading',
      { level: 1, name: 'Speak and be understood' },
      { timeout: 15_000 },
    );
    expect(hero.compareDocumentPosition(title) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('blocks an in-app browser with the overlay and makes the app behind it inert', async () => {
    browserWith({ mediaDevices: true, userAgent: 'Mozilla/5.0 (iPhone) Instagram 323.0' });
    const { container } = await renderAppAt(['/']);

    const overlay = await screen.findByTestId('inapp-overlay');
    expect(overlay).toHaveAttribute('data-reason', 'in-app');
    expect(container.querySelector('.app-shell')).toHaveAttribute('inert');
    expect(screen.getByTestId('inapp-copy-link')).toHaveFocus();
  });

  it('blocks a browser without media devices', async () => {
    browserWith({ mediaDevices: false });
    await renderAppAt(['/']);

    expect(await screen.findByTestId('inapp-overlay')).toHaveAttribute('data-reason', 'no-media-devices');
  });
});

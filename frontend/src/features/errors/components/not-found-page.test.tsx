// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderAppAt } from '../../../testing/render-app';

describe('404 page', () => {
  it('shows for a path that matches no route, naming the path', async () => {
    await renderAppAt(['/nope']);

    const page = await screen.findByTestId('not-found');
    expect(page).toHaveTextContent('Page not found');
    expect(page).toHaveTextContent('/nope');
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  });

  it('Go Home navigates to the home page', async () => {
    const { router } = await renderAppAt(['/privacy-policy', '/nope']);

    await userEvent.click(await screen.findByTestId('go-home'));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await waitFor(() => expect(screen.queryByTestId('not-found')).not.toBeInTheDocument());
    // The home screen's code is fetched when / is reached (docs/DESIGN.md §8): wait for it to render.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Speak and be understood' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
  });

  it('Go Back returns to the previous page', async () => {
    const { router } = await renderAppAt(['/privacy-policy', '/nope']);

    await userEvent.click(await screen.findByTestId('go-back'));

    await waitFor(() => expect(router.state.location.pathname).toBe('/privacy-policy'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy policy' })).toBeInTheDocument();
  });

  it('Go Back goes home when the 404 is the first page of the visit', async () => {
    const { router } = await renderAppAt(['/nope']);

    await userEvent.click(await screen.findByTestId('go-back'));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.historyAction).toBe('REPLACE');
    // The home screen's code is fetched when / is reached (docs/DESIGN.md §8): wait for it to render.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Speak and be understood' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
  });
});

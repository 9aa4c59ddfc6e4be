// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Suspense, useEffect } from 'react';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';

const mounts = vi.hoisted(() => ({ count: 0 }));

// The home screen stands for the voice page: a remount would end a running session and clear its transcript.
vi.mock('./home-screen', () => ({
  HomeScreen: function HomeScreen() {
    useEffect(() => {
      mounts.count += 1;
    }, []);
    return <p>home</p>;
  },
}));

describe('the home route', () => {
  it('keeps the home screen mounted when Home is pressed again after it was reached from another page', async () => {
    const { HomeRoute } = await import('./home-route');
    const router = createMemoryRouter(
      [
        {
          path: '/',
          Component: () => (
            <>
              <Link to="/">Home</Link>
              <Suspense fallback={<p>loading</p>}>
                <Outlet />
              </Suspense>
            </>
          ),
          children: [
            { index: true, Component: HomeRoute },
            { path: 'other', Component: () => <p>other</p> },
          ],
        },
      ],
      { initialEntries: ['/other'] },
    );
    render(<RouterProvider router={router} />);
    await screen.findByText('other');
    fireEvent.click(screen.getByText('Home'));
    await screen.findByText('home');
    fireEvent.click(screen.getByText('Home'));
    await act(() => router.navigate('/', { replace: true }));
    await screen.findByText('home');
    expect(mounts.count).toBe(1);
  });
});

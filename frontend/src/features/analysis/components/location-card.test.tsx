// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { locationTypeSchema, type LocationType } from '@wayfarer/shared/api/analysis';
import { aLocation, renderInEnglish } from '../testing/analysis-fixtures';
import { LocationCard } from './location-card';

const mocks = vi.hoisted(() => ({ toastSuccess: vi.fn() }));
vi.mock('sonner', () => ({ toast: { success: mocks.toastSuccess } }));

afterEach(() => vi.restoreAllMocks());

// docs/SPEC.md §2's link sets, spelled out as the spec gives them: the card builds them from location-links.ts.
const EXPECTED_LINKS: Record<LocationType, { links: string[]; rides: boolean }> = {
  restaurant: { links: ['maps', 'navigation', 'travel'], rides: true },
  hotel: { links: ['maps', 'navigation', 'booking', 'travel'], rides: true },
  landmark: { links: ['maps', 'navigation', 'travel', 'encyclopedia'], rides: true },
  attraction: { links: ['maps', 'navigation', 'travel', 'encyclopedia'], rides: true },
  museum: { links: ['maps', 'navigation', 'travel', 'encyclopedia'], rides: true },
  airport: { links: ['maps', 'navigation'], rides: true },
  station: { links: ['maps', 'navigation'], rides: true },
  city: { links: ['maps', 'travel', 'encyclopedia', 'weather', 'booking'], rides: false },
  country: { links: ['maps', 'travel', 'encyclopedia', 'weather'], rides: false },
  region: { links: ['maps', 'travel', 'encyclopedia', 'weather'], rides: false },
  park: { links: ['maps', 'navigation', 'encyclopedia', 'weather'], rides: true },
  building: { links: ['maps', 'navigation'], rides: true },
  address: { links: ['maps', 'navigation'], rides: true },
  other: { links: ['maps', 'navigation', 'encyclopedia'], rides: true },
};

function renderPlaces(...locations: ReturnType<typeof aLocation>[]) {
  return renderInEnglish(<LocationCard outcome={{ kind: 'done', value: locations }} />);
}

describe('location card', () => {
  it('shows a skeleton, an error and an empty state', async () => {
    const { rerender } = await renderInEnglish(<LocationCard outcome={{ kind: 'pending' }} />);
    expect(screen.getByTestId('location-card')).toHaveAttribute('data-state', 'loading');
    rerender(<LocationCard outcome={{ kind: 'failed' }} />);
    expect(screen.getByRole('alert')).toHaveTextContent('We could not analyse the places.');
    rerender(<LocationCard outcome={{ kind: 'done', value: [] }} />);
    expect(screen.getByText('No places were mentioned.')).toBeInTheDocument();
  });

  it('names each place with its coordinates as data attributes', async () => {
    await renderPlaces(aLocation());
    const item = screen.getByTestId('location-item');
    expect(item).toHaveAttribute('data-name', 'Eiffel Tower');
    expect(item).toHaveAttribute('data-lat', '48.8583701');
    expect(item).toHaveAttribute('data-lng', '2.2944813');
    expect(within(item).getByText('Landmark')).toBeInTheDocument();
  });

  it('shows GPS with 6 decimals and copies it with a toast', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    await renderPlaces(aLocation());
    expect(screen.getByTestId('location-gps')).toHaveTextContent('48.858370, 2.294481');
    await user.click(screen.getByTestId('location-copy'));
    expect(writeText).toHaveBeenCalledWith('48.858370, 2.294481');
    expect(mocks.toastSuccess).toHaveBeenCalledWith('Coordinates copied');
  });

  it.each(locationTypeSchema.options)('renders the link set of a %s', async (type: LocationType) => {
    await renderPlaces(aLocation({ type }));
    const kinds = screen.getAllByTestId('location-link').map((link) => link.getAttribute('data-kind'));
    expect(kinds).toEqual(EXPECTED_LINKS[type].links);
    expect(screen.queryAllByTestId('location-ride')).toHaveLength(EXPECTED_LINKS[type].rides ? 8 : 0);
  });

  it('opens every link in a new tab without a handle back', async () => {
    await renderPlaces(aLocation({ type: 'city' }));
    for (const link of screen.getAllByTestId('location-link')) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });

  it('offers no GPS, navigation or ride-hailing without both coordinates', async () => {
    await renderPlaces(aLocation({ type: 'hotel', longitude: '' }));
    expect(screen.queryByTestId('location-gps')).toBeNull();
    expect(screen.queryByTestId('location-rides')).toBeNull();
    expect(screen.getAllByTestId('location-link').map((link) => link.getAttribute('data-kind'))).toEqual([
      'maps',
      'booking',
      'travel',
    ]);
  });

  it('closes the ride-hailing dropdown on Escape and on a click elsewhere', async () => {
    const user = userEvent.setup();
    await renderPlaces(aLocation());
    const rides = screen.getByTestId('location-rides') as HTMLDetailsElement;
    await user.click(within(rides).getByText('Get a ride'));
    expect(rides.open).toBe(true);
    await user.keyboard('{Escape}');
    expect(rides.open).toBe(false);
    await user.click(within(rides).getByText('Get a ride'));
    expect(rides.open).toBe(true);
    await user.click(screen.getByText('Eiffel Tower'));
    expect(rides.open).toBe(false);
  });
});

// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from './ui-constants';
import { Tooltip } from './tooltip';

function renderTwo() {
  render(
    <>
      <Tooltip label="First tip">
        <button type="button">first</button>
      </Tooltip>
      <Tooltip label="Second tip" side="left">
        <button type="button">second</button>
      </Tooltip>
    </>,
  );
  return {
    first: screen.getByRole('button', { name: 'first' }).parentElement as HTMLElement,
    second: screen.getByRole('button', { name: 'second' }).parentElement as HTMLElement,
  };
}

const hover = (element: HTMLElement) => fireEvent.pointerEnter(element, { pointerType: 'mouse' });

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('Tooltip', () => {
  it('opens after the delay, not before, and closes when the pointer leaves', () => {
    const { first } = renderTwo();

    hover(first);
    act(() => vi.advanceTimersByTime(TOOLTIP_DELAY_MS - 1));
    expect(screen.queryByText('First tip')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText('First tip')).toBeInTheDocument();

    fireEvent.pointerLeave(first);
    expect(screen.queryByText('First tip')).not.toBeInTheDocument();
  });

  it('opens the next tooltip at once within the skip delay', () => {
    const { first, second } = renderTwo();
    hover(first);
    act(() => vi.advanceTimersByTime(TOOLTIP_DELAY_MS));
    fireEvent.pointerLeave(first);

    act(() => vi.advanceTimersByTime(TOOLTIP_SKIP_DELAY_MS - 50));
    hover(second);

    expect(screen.getByText('Second tip')).toHaveAttribute('data-side', 'left');
  });

  it('waits the full delay again once the skip window has passed', () => {
    const { first, second } = renderTwo();
    hover(first);
    act(() => vi.advanceTimersByTime(TOOLTIP_DELAY_MS));
    fireEvent.pointerLeave(first);

    act(() => vi.advanceTimersByTime(TOOLTIP_SKIP_DELAY_MS + 50));
    hover(second);

    expect(screen.queryByText('Second tip')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(TOOLTIP_DELAY_MS));
    expect(screen.getByText('Second tip')).toBeInTheDocument();
  });

  it('never opens for touch, and is hidden from assistive technology', () => {
    const { first } = renderTwo();

    fireEvent.pointerEnter(first, { pointerType: 'touch' });
    act(() => vi.advanceTimersByTime(TOOLTIP_DELAY_MS * 2));
    expect(screen.queryByText('First tip')).not.toBeInTheDocument();

    hover(first);
    act(() => vi.advanceTimersByTime(TOOLTIP_DELAY_MS));
    expect(screen.getByText('First tip')).toHaveAttribute('aria-hidden', 'true');
  });

  it('closes on Escape', () => {
    const { first } = renderTwo();
    hover(first);
    act(() => vi.advanceTimersByTime(TOOLTIP_DELAY_MS));

    fireEvent.keyDown(document, { key: 'Escape' });

    expect(screen.queryByText('First tip')).not.toBeInTheDocument();
  });
});

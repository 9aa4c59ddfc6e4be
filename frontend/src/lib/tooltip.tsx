import { useEffect, useRef, useState, type FocusEvent, type PointerEvent, type ReactNode } from 'react';
import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from './ui-constants';

export type TooltipSide = 'top' | 'bottom' | 'left' | 'right';

// Shared by every tooltip on the page: moving from one trigger to the next within the skip delay shows the next
// tooltip at once, as desktop toolbars do.
let lastClosedAt = Number.NEGATIVE_INFINITY;

/**
 * A hover and keyboard-focus tooltip with docs/SPEC.md §9's delays (700 ms to open, 300 ms skip window). It is visual
 * only (aria-hidden): the trigger must carry the same text as its accessible name, so screen readers hear it
 * once. Touch presses never open it; they would leave it stuck on screen.
 */
export function Tooltip({
  label,
  side = 'bottom',
  className,
  children,
}: {
  label: string;
  side?: TooltipSide;
  /** Added to the anchor: where a trigger is placed on its own (absolutely), the anchor takes its place. */
  className?: string;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  useEffect(() => {
    if (!open) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') hide();
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  });

  function show(immediately: boolean) {
    clearTimeout(timer.current);
    if (immediately || performance.now() - lastClosedAt < TOOLTIP_SKIP_DELAY_MS) setOpen(true);
    else timer.current = setTimeout(() => setOpen(true), TOOLTIP_DELAY_MS);
  }

  function hide() {
    clearTimeout(timer.current);
    setOpen((wasOpen) => {
      if (wasOpen) lastClosedAt = performance.now();
      return false;
    });
  }

  const onPointerEnter = (event: PointerEvent) => {
    if (event.pointerType !== 'touch') show(false);
  };
  const onFocus = (event: FocusEvent) => {
    if (event.target instanceof Element && event.target.matches(':focus-visible')) show(true);
  };

  return (
    <span
      className={className ? `tooltip-anchor ${className}` : 'tooltip-anchor'}
      onPointerEnter={onPointerEnter}
      onPointerLeave={hide}
      onPointerDown={hide}
      onFocus={onFocus}
      onBlur={hide}
    >
      {children}
      {open && (
        <span className="tooltip" data-side={side} aria-hidden="true">
          {label}
        </span>
      )}
    </span>
  );
}

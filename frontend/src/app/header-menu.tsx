import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { Tooltip } from '../lib/tooltip';

/**
 * A disclosure menu (button + panel) for the header. Not an ARIA role="menu": the hamburger panel holds a
 * language select, which a menu may not contain, and a plain list of links and buttons needs no arrow-key model.
 * Closes on Escape (focus back to the button), on a click outside, on choosing an item and on navigation.
 */
export function HeaderMenu({
  testId,
  label,
  icon,
  children,
}: {
  testId: string;
  label: string;
  icon: ReactNode;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const { key: locationKey } = useLocation();

  // Closing on navigation means resetting state when the location changes; done while rendering, as React
  // recommends, instead of in an effect.
  const [openedAt, setOpenedAt] = useState(locationKey);
  if (open && openedAt !== locationKey) setOpen(false);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  const toggle = () => {
    setOpenedAt(locationKey);
    setOpen((wasOpen) => !wasOpen);
  };

  const closeOnItemChoice = (event: React.MouseEvent) => {
    if ((event.target as Element).closest('a, button')) setOpen(false);
  };

  return (
    <div className="header-menu" ref={root}>
      <Tooltip label={label}>
        <button
          ref={button}
          type="button"
          className="icon-link"
          data-testid={testId}
          aria-label={label}
          aria-expanded={open}
          aria-controls={panelId}
          onClick={toggle}
        >
          {icon}
        </button>
      </Tooltip>
      <div id={panelId} className="header-menu-panel" hidden={!open} onClick={closeOnItemChoice}>
        {children}
      </div>
    </div>
  );
}

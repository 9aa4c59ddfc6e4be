import { useEffect, useId, useRef, type ReactNode } from 'react';

/**
 * A modal dialog for the voice screen's overlays: labelled, focus moved in on open and back on close, Escape
 * closes. Rendered only while open, and lazily loaded with the dialogs that use it (docs/DESIGN.md §8 budget).
 */
export function VoiceDialog({
  testId,
  title,
  onClose,
  children,
  actions,
}: {
  testId: string;
  title: string;
  onClose?: () => void;
  children: ReactNode;
  actions: ReactNode;
}) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const first = panel.current?.querySelector<HTMLElement>(
      '.voice-dialog-actions a, .voice-dialog-actions button',
    );
    (first ?? panel.current)?.focus();
    return () => previous?.focus();
  }, []);

  useEffect(() => {
    if (!onClose) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);

  return (
    <div className="voice-backdrop">
      <div
        ref={panel}
        className="voice-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-testid={testId}
        tabIndex={-1}
      >
        <h2 id={titleId} className="voice-dialog-title">
          {title}
        </h2>
        <div className="voice-dialog-body">{children}</div>
        <div className="voice-dialog-actions">{actions}</div>
      </div>
    </div>
  );
}

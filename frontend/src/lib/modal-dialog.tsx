import * as Dialog from '@radix-ui/react-dialog';
import { useRef, useState, type ReactNode } from 'react';
import './modal-dialog.css';

/**
 * The app's one modal dialog (the voice screen's limit, microphone-help and analysis prompts, the photo screen's
 * camera help), on Radix Dialog: labelled by its title, focus kept inside while open and given back on close, the
 * page behind inert, Escape closes. It opens on its first action, so Enter does what the dialog is there for.
 * Rendered only while open, and loaded with the lazy dialogs that use it, never in the first screen's bundle
 * (docs/DESIGN.md §8 budget).
 */
export function ModalDialog({
  testId,
  title,
  onClose,
  children,
  actions,
}: {
  testId: string;
  title: string;
  /** Escape closes through it; without it Escape does nothing. A press outside never closes. */
  onClose?: () => void;
  children: ReactNode;
  actions: ReactNode;
}) {
  const panel = useRef<HTMLDivElement>(null);
  // Radix gives focus back to its own trigger; these dialogs open from state, so focus goes back where it was.
  const [focusedBefore] = useState(() =>
    document.activeElement instanceof HTMLElement ? document.activeElement : null,
  );

  const focusFirstAction = (event: Event) => {
    const first = panel.current?.querySelector<HTMLElement>('.dialog-actions a, .dialog-actions button');
    if (!first) return;
    event.preventDefault();
    first.focus();
  };

  return (
    <Dialog.Root
      open
      onOpenChange={(open) => {
        if (!open) onClose?.();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-backdrop">
          <Dialog.Content
            ref={panel}
            className="dialog"
            data-testid={testId}
            aria-modal="true"
            aria-describedby={undefined}
            onOpenAutoFocus={focusFirstAction}
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              focusedBefore?.focus();
            }}
            onPointerDownOutside={(event) => event.preventDefault()}
            onEscapeKeyDown={(event) => {
              if (!onClose) event.preventDefault();
            }}
          >
            <Dialog.Title className="dialog-title">{title}</Dialog.Title>
            <div className="dialog-body">{children}</div>
            <div className="dialog-actions">{actions}</div>
          </Dialog.Content>
        </Dialog.Overlay>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

// @vitest-environment jsdom
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ModalDialog } from './modal-dialog';

function Screen({ onClose = () => undefined }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  const close = () => {
    onClose();
    setOpen(false);
  };
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        open
      </button>
      {open && (
        <ModalDialog
          testId="a-dialog"
          title="Title"
          onClose={close}
          actions={
            <>
              <button type="button">first action</button>
              <button type="button" onClick={close}>
                second action
              </button>
            </>
          }
        >
          <button type="button">in the body</button>
        </ModalDialog>
      )}
    </>
  );
}

describe('ModalDialog', () => {
  it('is a modal dialog named by its title, opened on its first action', async () => {
    const events = userEvent.setup();
    render(<Screen />);
    await events.click(screen.getByRole('button', { name: 'open' }));

    const dialog = screen.getByRole('dialog', { name: 'Title' });
    expect(dialog).toHaveAttribute('data-testid', 'a-dialog');
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByRole('button', { name: 'first action' })).toHaveFocus();
  });

  it('keeps focus inside while open and gives it back on close', async () => {
    const events = userEvent.setup();
    render(<Screen />);
    const opener = screen.getByRole('button', { name: 'open' });
    await events.click(opener);

    for (let step = 0; step < 4; step += 1) {
      await events.tab();
      expect(screen.getByTestId('a-dialog')).toContainElement(document.activeElement as HTMLElement);
    }
    await events.click(screen.getByRole('button', { name: 'second action' }));
    expect(screen.queryByTestId('a-dialog')).toBeNull();
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('closes on Escape and never on a press outside', async () => {
    const onClose = vi.fn();
    const events = userEvent.setup();
    render(<Screen onClose={onClose} />);
    await events.click(screen.getByRole('button', { name: 'open' }));

    await events.pointer({ keys: '[MouseLeft]', target: document.querySelector('.dialog-backdrop') as Element });
    expect(onClose).not.toHaveBeenCalled();
    await events.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledOnce();
    expect(screen.queryByTestId('a-dialog')).toBeNull();
  });
});

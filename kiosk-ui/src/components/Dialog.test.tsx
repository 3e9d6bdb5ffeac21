import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Dialog } from './Dialog';

afterEach(cleanup);

function renderDialog(onClose?: () => void) {
  return render(
    <>
      <button type="button">outside</button>
      <Dialog
        open
        title="Are you sure you want to logout?"
        onClose={onClose}
        actions={
          <>
            <button type="button">LOGOUT</button>
            <button type="button">Cancel</button>
          </>
        }
      />
    </>,
  );
}

describe('Dialog', () => {
  it('is a modal dialog named by its title, with focus on its first button', () => {
    renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Are you sure you want to logout?' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'LOGOUT' }));
  });

  it('keeps Tab inside the dialog', () => {
    renderDialog();
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    cancel.focus();
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'LOGOUT' }));
    fireEvent.keyDown(document, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(cancel);
  });

  it('closes on Escape only when it may be dismissed', () => {
    const onClose = vi.fn();
    renderDialog(onClose);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('returns focus to where it was when it closes', () => {
    const { rerender } = render(<button type="button">opener</button>);
    const opener = screen.getByRole('button', { name: 'opener' });
    opener.focus();
    rerender(
      <>
        <button type="button">opener</button>
        <Dialog open title="Title" actions={<button type="button">OK</button>} />
      </>,
    );
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'OK' }));
    rerender(
      <>
        <button type="button">opener</button>
        <Dialog open={false} title="Title" />
      </>,
    );
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'opener' }));
  });
});

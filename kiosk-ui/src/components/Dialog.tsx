import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface DialogProps {
  open: boolean;
  /** The dialog's visible title; it also names the dialog for screen readers. */
  title: ReactNode;
  children?: ReactNode;
  /** Buttons at the bottom. */
  actions?: ReactNode;
  /** Escape calls this; leave it out for a dialog that needs an explicit answer. */
  onClose?: () => void;
  className?: string;
  /** 'alertdialog' for a warning that needs an answer (idle warning); its body describes it. */
  role?: 'dialog' | 'alertdialog';
}

/**
 * A modal dialog: role=dialog, aria-modal, labelled by its title, focus moved inside on open
 * (to the element marked `data-autofocus`, else the first focusable one), Tab kept inside, focus
 * returned on close, Escape closes when onClose is given.
 */
export function Dialog({ open, title, children, actions, onClose, className, role = 'dialog' }: DialogProps) {
  const titleId = useId();
  const bodyId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const element = panel.current;
    const first =
      element?.querySelector<HTMLElement>('[data-autofocus]') ?? element?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? element)?.focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (!element) return;
      if (event.key === 'Escape' && onCloseRef.current) {
        event.preventDefault();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const focusable = [...element.querySelectorAll<HTMLElement>(FOCUSABLE)];
      if (focusable.length === 0) {
        event.preventDefault();
        element.focus();
        return;
      }
      const firstItem = focusable[0]!;
      const lastItem = focusable[focusable.length - 1]!;
      const active = document.activeElement;
      if (event.shiftKey && (active === firstItem || !element.contains(active))) {
        event.preventDefault();
        lastItem.focus();
      } else if (!event.shiftKey && (active === lastItem || !element.contains(active))) {
        event.preventDefault();
        firstItem.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      previous?.focus();
    };
  }, [open]);

  if (!open) return null;
  return createPortal(
    <div className="kiosk-dialog-backdrop">
      <div
        ref={panel}
        className={className ? `kiosk-dialog ${className}` : 'kiosk-dialog'}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={role === 'alertdialog' && children !== undefined ? bodyId : undefined}
        tabIndex={-1}
      >
        <h2 id={titleId} className="kiosk-dialog__title">
          {title}
        </h2>
        {children !== undefined && (
          <div id={bodyId} className="kiosk-dialog__body">
            {children}
          </div>
        )}
        {actions !== undefined && <div className="kiosk-dialog__actions">{actions}</div>}
      </div>
    </div>,
    document.body,
  );
}

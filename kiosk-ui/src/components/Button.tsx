import type { ButtonHTMLAttributes } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'link';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  /** Fills the width of its container (footer buttons, dialogs). */
  block?: boolean;
}

/** The kiosk's button: at least a 44 px touch target (global.css), type="button" unless told. */
export function Button({ variant = 'primary', block = false, className, type = 'button', ...props }: ButtonProps) {
  const classes = ['kiosk-button', `kiosk-button--${variant}`, block ? 'kiosk-button--block' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return <button type={type} className={classes} {...props} />;
}

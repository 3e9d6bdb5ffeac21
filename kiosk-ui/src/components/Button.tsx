import type { ButtonHTMLAttributes } from 'react';

/**
 * primary: the step forward (filled in the brand's primary colour); secondary: another action,
 * outlined in the primary colour; danger: Cancel and destructive actions only (the secondary
 * brand colour, filled); link: a quiet text action.
 */
export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'link';

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

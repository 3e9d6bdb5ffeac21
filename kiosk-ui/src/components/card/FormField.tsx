import type { ReactNode } from 'react';
import { FieldError } from '../FieldError';
import './card.css';

export interface FormFieldProps {
  /** The control's id: the label points at it and the error is `${id}-error`. */
  id: string;
  label: ReactNode;
  /** Translated error text; none shows nothing. */
  error?: string | null;
  /** Text under the control; null keeps an empty live region there (for a status that comes and goes). */
  hint?: ReactNode;
  children: ReactNode;
  className?: string;
}

/**
 * One labelled form control with its hint and error under it. The control itself is the child
 * (an input, select or masked input) and should carry `aria-invalid` and
 * `aria-describedby={describedBy(id, error, hint)}`.
 */
export function FormField({ id, label, error, hint, children, className }: FormFieldProps) {
  return (
    <div className={className ? `checkout-field ${className}` : 'checkout-field'}>
      <label className="checkout-field__label" htmlFor={id}>
        {label}
      </label>
      {children}
      {hint !== undefined && (
        <p id={`${id}-hint`} className="checkout-field__hint" aria-live="polite">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** aria-describedby for a FormField's control: its hint and its error, when they show. */
export function describedBy(id: string, error?: string | null, hint?: ReactNode): string | undefined {
  const ids = [hint !== undefined && hint !== null ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

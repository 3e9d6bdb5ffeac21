import { useId, type ReactNode } from 'react';
import { FieldError } from './FieldError';
import './form.css';

/**
 * How a field is drawn: `step` in the rental steps' field groups (label row with the required
 * asterisk, spacing for a two-column grid), `panel` in the checkout, Pay My Bill and account
 * cards (label above a plain control, the hint a polite live region).
 */
export type FieldLook = 'step' | 'panel';

/** The on-screen keyboard layout a field asks for (components/keyboard/layouts.ts). */
export type KeyboardLayout = 'normal' | 'compact' | 'numeric' | 'phone' | 'email' | 'submit';

export interface FieldIds {
  inputId: string;
  errorId: string;
  hintId: string;
}

export function useFieldIds(): FieldIds {
  const id = useId();
  return { inputId: `${id}input`, errorId: `${id}error`, hintId: `${id}hint` };
}

function shows(hint: ReactNode): boolean {
  return hint !== undefined && hint !== null && hint !== '' && hint !== false;
}

/** aria-describedby of a control: its hint and its message, when they show. */
export function describedBy(ids: FieldIds, error: string, hint?: ReactNode): string | undefined {
  const parts = [shows(hint) ? ids.hintId : '', error ? ids.errorId : ''].filter(Boolean);
  return parts.length > 0 ? parts.join(' ') : undefined;
}

/** The class of the control itself in each look. */
export function inputClass(look: FieldLook, extra?: 'select'): string {
  if (look === 'panel') return extra === 'select' ? 'checkout-input checkout-select' : 'checkout-input';
  return extra === 'select' ? 'form-field__input form-field__select' : 'form-field__input';
}

interface FieldShellProps {
  ids: FieldIds;
  look: FieldLook;
  label: ReactNode;
  required?: boolean;
  /** `null` in the panel look keeps an empty live region for a hint that comes and goes. */
  hint?: ReactNode;
  error: string;
  className?: string;
  children: ReactNode;
}

/** The label, the control (children), the hint and the field's message under it. */
export function FieldShell({ ids, look, label, required, hint, error, className, children }: FieldShellProps) {
  if (look === 'panel') {
    return (
      <div className={className ? `checkout-field ${className}` : 'checkout-field'}>
        <label className="checkout-field__label" htmlFor={ids.inputId}>
          {label}
        </label>
        {children}
        {hint !== undefined && (
          <p id={ids.hintId} className="checkout-field__hint" aria-live="polite">
            {hint}
          </p>
        )}
        <FieldError id={ids.errorId} message={error} />
      </div>
    );
  }
  return (
    <div className={['form-field', error ? 'form-field--invalid' : '', className ?? ''].join(' ').trim()}>
      <div className="form-field__label-row">
        <label htmlFor={ids.inputId} className="form-field__label">
          {label}
        </label>
        {/* Outside the label: the field's name stays the label's exact text (aria-required says it). */}
        {required && (
          <span className="form-field__required" aria-hidden="true">
            *
          </span>
        )}
      </div>
      {children}
      {shows(hint) && (
        <p id={ids.hintId} className="form-field__hint">
          {hint}
        </p>
      )}
      <FieldError id={ids.errorId} message={error} />
    </div>
  );
}

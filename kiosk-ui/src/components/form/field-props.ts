import type { ReactNode } from 'react';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import type { FieldLook } from './FieldShell';

/** What every labelled field of the kit takes: a react-hook-form Controller's control and name. */
export interface FieldProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  label: ReactNode;
  required?: boolean;
  hint?: ReactNode;
  className?: string;
  /** Defaults to `step` (the rental steps); `panel` in the checkout and account cards. */
  look?: FieldLook;
  /**
   * A message from elsewhere (the server's answer), shown when the form's own rules have none;
   * already translated.
   */
  error?: string | null;
  /** Called with every accepted value (after the form got it): lookups such as zip -> state. */
  onValueChange?: (value: string) => void;
}

import type { ReactNode } from 'react';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import type { FieldLook } from './FieldShell';

/** What every labelled field of the kit takes: a react-hook-form Controller's control and name. */
/**
 * A form's control as its fields see it: typed by the values the fields hold. What the form hands
 * its submit (the schema's output, e.g. a month select's '7' as 7) is no field's concern.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- whatever the form submits
export type FieldsControl<T extends FieldValues> = Control<T, any, any>;

export interface FieldProps<T extends FieldValues> {
  control: FieldsControl<T>;
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

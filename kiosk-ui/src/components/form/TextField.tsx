import type { HTMLAttributes } from 'react';
import type { FieldValues } from 'react-hook-form';
import { controlAttributes, FieldControl } from './FieldControl';
import type { FieldProps } from './field-props';
import { FieldShell, inputClass, type KeyboardLayout } from './FieldShell';

export interface TextFieldProps<T extends FieldValues> extends FieldProps<T> {
  /** Defaults to `email` for an email field, else `normal`. */
  keyboard?: KeyboardLayout;
  /** 'email' renders type=text inputMode=email (the keyboard's caret pitfall with type=email). */
  kind?: 'text' | 'email' | 'password';
  maxLength?: number;
  multiline?: boolean;
  /** Defaults to `words` for text, `off` otherwise. */
  autoCapitalize?: string;
  /** Defaults to `off`: a shared kiosk never offers one visitor's entries to the next. */
  autoComplete?: string;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
}

/** A typed text, email or password field (a textarea when multiline). */
export function TextField<T extends FieldValues>(props: TextFieldProps<T>) {
  const { control, name, label, required, hint, className, onValueChange, look = 'step' } = props;
  const { kind = 'text', maxLength, multiline, autoComplete = 'off' } = props;
  const keyboard = props.keyboard ?? (kind === 'email' ? 'email' : 'normal');
  const autoCapitalize = props.autoCapitalize ?? (kind === 'text' ? 'words' : 'off');
  const inputMode = props.inputMode ?? (kind === 'email' ? 'email' : undefined);
  return (
    <FieldControl control={control} name={name} error={props.error}>
      {({ field, error, ids }) => {
        const common = {
          ...controlAttributes(ids, error, required, hint),
          name: field.name,
          value: (field.value as string | undefined) ?? '',
          onBlur: field.onBlur,
          'data-keyboard': keyboard,
          autoComplete,
          spellCheck: false,
          maxLength,
          className: inputClass(look),
        } as const;
        const change = (value: string) => {
          field.onChange(value);
          onValueChange?.(value);
        };
        return (
          <FieldShell {...{ ids, look, label, required, hint, error, className }}>
            {multiline ? (
              <textarea {...common} ref={field.ref} rows={3} onChange={(event) => change(event.target.value)} />
            ) : (
              <input
                {...common}
                ref={field.ref}
                type={kind === 'password' ? 'password' : 'text'}
                inputMode={inputMode}
                autoCapitalize={autoCapitalize}
                onChange={(event) => change(event.target.value)}
              />
            )}
          </FieldShell>
        );
      }}
    </FieldControl>
  );
}

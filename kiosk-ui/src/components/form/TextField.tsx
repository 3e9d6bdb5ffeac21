import type { HTMLAttributes } from 'react';
import { Controller, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../forms/messages';
import type { FieldProps } from './field-props';
import { describedBy, FieldShell, inputClass, useFieldIds, type KeyboardLayout } from './FieldShell';

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
  const { control, name, label, required, hint, className, onValueChange, look = 'step', error: outside } = props;
  const { kind = 'text', maxLength, multiline, autoComplete = 'off' } = props;
  const keyboard = props.keyboard ?? (kind === 'email' ? 'email' : 'normal');
  const autoCapitalize = props.autoCapitalize ?? (kind === 'text' ? 'words' : 'off');
  const inputMode = props.inputMode ?? (kind === 'email' ? 'email' : undefined);
  const { t } = useTranslation();
  const ids = useFieldIds();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const error = translateMessage(fieldState.error?.message, t) || outside || '';
        const common = {
          id: ids.inputId,
          name: field.name,
          value: (field.value as string | undefined) ?? '',
          onBlur: field.onBlur,
          'data-keyboard': keyboard,
          'aria-invalid': error ? true : undefined,
          'aria-required': required || undefined,
          'aria-describedby': describedBy(ids, error, hint),
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
          <FieldShell
            ids={ids}
            look={look}
            label={label}
            required={required}
            hint={hint}
            error={error}
            className={className}
          >
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
    />
  );
}

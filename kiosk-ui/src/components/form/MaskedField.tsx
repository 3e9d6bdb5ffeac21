import type { FormEvent } from 'react';
import { Controller, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { IMaskInput } from 'react-imask';
import { translateMessage } from '../../forms/messages';
import type { FieldProps } from './field-props';
import { describedBy, FieldShell, inputClass, useFieldIds, type KeyboardLayout } from './FieldShell';

export interface MaskedFieldProps<T extends FieldValues> extends FieldProps<T> {
  /** imask pattern, e.g. '(000) 000-0000'; or one chosen from the value (card numbers by brand). */
  mask: string | ((value: string) => string);
  /** Defaults to `numeric`; `phone` also asks the browser for a telephone keypad. */
  keyboard?: KeyboardLayout;
  placeholder?: string;
  /** `password` hides what is typed (the CVV). */
  type?: 'text' | 'password';
  maxLength?: number;
}

/** A field typed through an imask pattern, its accepted value handed to the form (onAccept). */
export function MaskedField<T extends FieldValues>(props: MaskedFieldProps<T>) {
  const { control, name, label, required, hint, className, onValueChange, look = 'step', error: outside } = props;
  const { mask, placeholder, type = 'text', maxLength } = props;
  const keyboard = props.keyboard ?? 'numeric';
  const { t } = useTranslation();
  const ids = useFieldIds();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const error = translateMessage(fieldState.error?.message, t) || outside || '';
        const value = String(field.value ?? '');
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
            <IMaskInput
              id={ids.inputId}
              name={field.name}
              mask={typeof mask === 'function' ? mask(value) : mask}
              value={value}
              unmask={false}
              inputRef={field.ref}
              onAccept={(next: string) => {
                if (next === field.value) return;
                field.onChange(next);
                onValueChange?.(next);
              }}
              onInput={(event: FormEvent<HTMLInputElement>) => {
                // imask does not always accept a value wiped in one go (select all + delete).
                if (event.currentTarget.value === '' && field.value) field.onChange('');
              }}
              onBlur={field.onBlur}
              type={type}
              data-keyboard={keyboard}
              inputMode={keyboard === 'phone' ? 'tel' : 'numeric'}
              placeholder={placeholder}
              maxLength={maxLength}
              aria-invalid={error ? true : undefined}
              aria-required={required || undefined}
              aria-describedby={describedBy(ids, error, hint)}
              autoComplete="off"
              className={inputClass(look)}
            />
          </FieldShell>
        );
      }}
    />
  );
}

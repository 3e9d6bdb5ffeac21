import type { FormEvent } from 'react';
import type { FieldValues } from 'react-hook-form';
import { IMaskInput } from 'react-imask';
import { controlAttributes, FieldControl } from './FieldControl';
import type { FieldProps } from './field-props';
import { FieldShell, inputClass, type KeyboardLayout } from './FieldShell';

export interface MaskedFieldProps<T extends FieldValues> extends FieldProps<T> {
  /** imask pattern, e.g. '(000) 000-0000'; or one chosen from the value (card numbers by brand). */
  mask: string | ((value: string) => string);
  /** Defaults to `numeric`; `phone` also asks the browser for a telephone keypad. */
  keyboard?: KeyboardLayout;
  placeholder?: string;
  /** `password` hides what is typed (the CVV). */
  type?: 'text' | 'password';
  maxLength?: number;
  /**
   * The operator's field type (`ssn`) when the name does not say it: speech keeps to the masking
   * rule for it (speech/describe.ts, `fieldSecrecy`).
   */
  fieldType?: string;
}

/** A field typed through an imask pattern, its accepted value handed to the form (onAccept). */
export function MaskedField<T extends FieldValues>(props: MaskedFieldProps<T>) {
  const { control, name, label, required, hint, className, onValueChange, look = 'step' } = props;
  const { mask, placeholder, type = 'text', maxLength, fieldType } = props;
  const keyboard = props.keyboard ?? 'numeric';
  return (
    <FieldControl control={control} name={name} error={props.error}>
      {({ field, error, ids }) => {
        const value = String(field.value ?? '');
        return (
          <FieldShell {...{ ids, look, label, required, hint, error, className }}>
            <IMaskInput
              {...controlAttributes(ids, error, required, hint)}
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
              data-field-type={fieldType}
              inputMode={keyboard === 'phone' ? 'tel' : 'numeric'}
              placeholder={placeholder}
              maxLength={maxLength}
              autoComplete="off"
              className={inputClass(look)}
            />
          </FieldShell>
        );
      }}
    </FieldControl>
  );
}

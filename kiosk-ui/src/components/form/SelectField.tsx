import { Controller, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../forms/messages';
import type { FieldProps } from './field-props';
import { describedBy, FieldShell, inputClass, useFieldIds } from './FieldShell';

export interface SelectOption {
  value: string | number;
  label: string;
}

export interface SelectFieldProps<T extends FieldValues> extends FieldProps<T> {
  options: readonly SelectOption[];
  /** The empty first option; defaults to 'Select'. */
  placeholder?: string;
}

/** A native select (the kiosk's own picker opens on touch), its first option empty. */
export function SelectField<T extends FieldValues>(props: SelectFieldProps<T>) {
  const { control, name, label, required, hint, className, onValueChange, look = 'step', error: outside } = props;
  const { options, placeholder } = props;
  const { t } = useTranslation();
  const ids = useFieldIds();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const error = translateMessage(fieldState.error?.message, t) || outside || '';
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
            <select
              id={ids.inputId}
              name={field.name}
              ref={field.ref}
              value={String(field.value ?? '')}
              onChange={(event) => {
                field.onChange(event.target.value);
                onValueChange?.(event.target.value);
              }}
              onBlur={field.onBlur}
              aria-invalid={error ? true : undefined}
              aria-required={required || undefined}
              aria-describedby={describedBy(ids, error, hint)}
              className={inputClass(look, 'select')}
            >
              <option value="">{placeholder ?? t('rental.fields.select')}</option>
              {options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </FieldShell>
        );
      }}
    />
  );
}

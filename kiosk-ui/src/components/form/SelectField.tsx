import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { controlAttributes, FieldControl } from './FieldControl';
import type { FieldProps } from './field-props';
import { FieldShell, inputClass } from './FieldShell';

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
  const { control, name, label, required, hint, className, onValueChange, look = 'step' } = props;
  const { options, placeholder } = props;
  const { t } = useTranslation();
  return (
    <FieldControl control={control} name={name} error={props.error}>
      {({ field, error, ids }) => (
        <FieldShell {...{ ids, look, label, required, hint, error, className }}>
          <select
            {...controlAttributes(ids, error, required, hint)}
            name={field.name}
            ref={field.ref}
            value={String(field.value ?? '')}
            onChange={(event) => {
              field.onChange(event.target.value);
              onValueChange?.(event.target.value);
            }}
            onBlur={field.onBlur}
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
      )}
    </FieldControl>
  );
}

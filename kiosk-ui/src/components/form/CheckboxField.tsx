import type { ReactNode } from 'react';
import type { FieldPath, FieldValues } from 'react-hook-form';
import type { FieldsControl } from './field-props';
import { FieldError } from './FieldError';
import { FieldControl } from './FieldControl';
import { describedBy } from './FieldShell';

export interface CheckboxFieldProps<T extends FieldValues> {
  control: FieldsControl<T>;
  name: FieldPath<T>;
  label: ReactNode;
  description?: ReactNode;
  onToggle?: (checked: boolean) => void;
  disabled?: boolean;
}

/** One checkbox with its label beside it and an optional description under it. */
export function CheckboxField<T extends FieldValues>(props: CheckboxFieldProps<T>) {
  const { control, name, label, description, onToggle, disabled } = props;
  return (
    <FieldControl control={control} name={name}>
      {({ field, error, ids }) => (
        <div className="checkbox-field">
          <label className="checkbox-field__label" htmlFor={ids.inputId}>
            <input
              id={ids.inputId}
              type="checkbox"
              name={field.name}
              ref={field.ref}
              checked={Boolean(field.value)}
              disabled={disabled}
              onChange={(event) => {
                field.onChange(event.target.checked);
                onToggle?.(event.target.checked);
              }}
              onBlur={field.onBlur}
              aria-describedby={describedBy(ids, error, description)}
              className="checkbox-field__box"
            />
            <span>{label}</span>
          </label>
          {description && (
            <p id={ids.hintId} className="checkbox-field__description">
              {description}
            </p>
          )}
          <FieldError id={ids.errorId} message={error} />
        </div>
      )}
    </FieldControl>
  );
}

import type { ReactNode } from 'react';
import type { FieldPath, FieldValues } from 'react-hook-form';
import type { FieldsControl } from './field-props';
import { useTranslation } from 'react-i18next';
import { FieldError } from './FieldError';
import { FieldControl } from './FieldControl';

export interface ChoiceOption<V> {
  value: V;
  label: ReactNode;
}

export interface ChoiceFieldProps<T extends FieldValues, V> {
  control: FieldsControl<T>;
  name: FieldPath<T>;
  legend: ReactNode;
  options: readonly ChoiceOption<V>[];
  /** Called when the visitor picks an option (after the form got it). */
  onChoose?: (value: V) => void;
  className?: string;
  /** The legend already carries its own asterisk (e.g. 'Are you storing vehicle?*'). */
  required?: boolean;
  /** The legend is for screen readers only (the question is written above the group). */
  legendHidden?: boolean;
}

/** A radio group drawn as big touch buttons (Yes/No, Senior/Student/None). */
export function ChoiceField<T extends FieldValues, V extends string | boolean>(props: ChoiceFieldProps<T, V>) {
  const { control, name, legend, options, onChoose, className, required, legendHidden } = props;
  return (
    <FieldControl control={control} name={name}>
      {({ field, error, ids }) => (
        <fieldset
          className={['choice-field', error ? 'choice-field--invalid' : '', className ?? ''].join(' ').trim()}
          aria-describedby={error ? ids.errorId : undefined}
          data-required={required || undefined}
        >
          <legend className={legendHidden ? 'kiosk-visually-hidden' : 'choice-field__legend'}>{legend}</legend>
          <div className="choice-field__options">
            {options.map((option, index) => {
              const checked = field.value === option.value;
              return (
                <label
                  key={String(option.value)}
                  className={['choice-field__option', checked ? 'choice-field__option--checked' : ''].join(' ')}
                >
                  <input
                    type="radio"
                    name={field.name}
                    value={String(option.value)}
                    ref={index === 0 ? field.ref : undefined}
                    checked={checked}
                    onChange={() => {
                      field.onChange(option.value);
                      onChoose?.(option.value);
                    }}
                    onBlur={field.onBlur}
                    className="choice-field__radio"
                  />
                  <span>{option.label}</span>
                </label>
              );
            })}
          </div>
          <FieldError id={ids.errorId} message={error} />
        </fieldset>
      )}
    </FieldControl>
  );
}

/** Yes / No as a ChoiceField of booleans. */
export function YesNoField<T extends FieldValues>(props: Omit<ChoiceFieldProps<T, boolean>, 'options'>) {
  const { t } = useTranslation();
  return (
    <ChoiceField<T, boolean>
      {...props}
      options={[
        { value: true, label: t('rental.fields.yes') },
        { value: false, label: t('rental.fields.no') },
      ]}
    />
  );
}

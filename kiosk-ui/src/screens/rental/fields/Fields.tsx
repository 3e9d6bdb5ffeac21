import { useId, type FormEvent, type ReactNode } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { IMaskInput } from 'react-imask';
import { FieldError } from '../../../components/FieldError';
import { translateMessage } from '../../../forms/messages';
import './fields.css';

/**
 * Form fields of the rental steps: react-hook-form Controllers with a visible label, the field's
 * message under it (translated from the schema's key) and the on-screen keyboard layout each
 * input asks for (data-keyboard). Masked inputs go through react-imask's onAccept.
 */

export type KeyboardLayout = 'normal' | 'compact' | 'numeric' | 'phone' | 'email' | 'submit';

export interface FieldProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  label: ReactNode;
  required?: boolean;
  hint?: ReactNode;
  className?: string;
  /** Called with every accepted value (after the form got it): lookups such as zip -> state. */
  onValueChange?: (value: string) => void;
}

interface ShellProps {
  inputId: string;
  errorId: string;
  hintId: string;
  label: ReactNode;
  required?: boolean;
  hint?: ReactNode;
  error: string;
  className?: string;
  children: ReactNode;
}

function FieldShell({ inputId, errorId, hintId, label, required, hint, error, className, children }: ShellProps) {
  return (
    <div className={['form-field', error ? 'form-field--invalid' : '', className ?? ''].join(' ').trim()}>
      <div className="form-field__label-row">
        <label htmlFor={inputId} className="form-field__label">
          {label}
        </label>
        {/* Outside the label: the field's name stays the label's exact text (aria-required says it). */}
        {required && (
          <span className="form-field__required" aria-hidden="true">
            *
          </span>
        )}
      </div>
      {children}
      {hint && (
        <p id={hintId} className="form-field__hint">
          {hint}
        </p>
      )}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

function useIds() {
  const id = useId();
  return { inputId: `${id}input`, errorId: `${id}error`, hintId: `${id}hint` };
}

function describedBy(ids: ReturnType<typeof useIds>, error: string, hint: ReactNode): string | undefined {
  const parts = [hint ? ids.hintId : '', error ? ids.errorId : ''].filter(Boolean);
  return parts.length > 0 ? parts.join(' ') : undefined;
}

export interface TextFieldProps<T extends FieldValues> extends FieldProps<T> {
  keyboard?: KeyboardLayout;
  /** 'email' renders type=text inputMode=email (the keyboard's caret pitfall with type=email). */
  kind?: 'text' | 'email' | 'password';
  maxLength?: number;
  multiline?: boolean;
}

export function TextField<T extends FieldValues>(props: TextFieldProps<T>) {
  const { control, name, label, required, hint, className, onValueChange, kind = 'text', maxLength, multiline } = props;
  const keyboard = props.keyboard ?? (kind === 'email' ? 'email' : 'normal');
  const { t } = useTranslation();
  const ids = useIds();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const error = translateMessage(fieldState.error?.message, t);
        const common = {
          id: ids.inputId,
          name: field.name,
          value: (field.value as string | undefined) ?? '',
          onBlur: field.onBlur,
          'data-keyboard': keyboard,
          'aria-invalid': error ? true : undefined,
          'aria-required': required || undefined,
          'aria-describedby': describedBy(ids, error, hint),
          autoComplete: 'off',
          spellCheck: false,
          maxLength,
          className: 'form-field__input',
        } as const;
        const change = (value: string) => {
          field.onChange(value);
          onValueChange?.(value);
        };
        return (
          <FieldShell {...ids} label={label} required={required} hint={hint} error={error} className={className}>
            {multiline ? (
              <textarea {...common} ref={field.ref} rows={3} onChange={(event) => change(event.target.value)} />
            ) : (
              <input
                {...common}
                ref={field.ref}
                type={kind === 'password' ? 'password' : 'text'}
                inputMode={kind === 'email' ? 'email' : undefined}
                autoCapitalize={kind === 'text' ? 'words' : 'off'}
                onChange={(event) => change(event.target.value)}
              />
            )}
          </FieldShell>
        );
      }}
    />
  );
}

export interface MaskedFieldProps<T extends FieldValues> extends FieldProps<T> {
  /** imask pattern, e.g. '(000) 000-0000'. */
  mask: string;
  keyboard?: KeyboardLayout;
  placeholder?: string;
}

export function MaskedField<T extends FieldValues>(props: MaskedFieldProps<T>) {
  const { control, name, label, required, hint, className, onValueChange, mask, placeholder } = props;
  const keyboard = props.keyboard ?? 'numeric';
  const { t } = useTranslation();
  const ids = useIds();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const error = translateMessage(fieldState.error?.message, t);
        return (
          <FieldShell {...ids} label={label} required={required} hint={hint} error={error} className={className}>
            <IMaskInput
              id={ids.inputId}
              name={field.name}
              mask={mask}
              value={(field.value as string | undefined) ?? ''}
              unmask={false}
              inputRef={field.ref}
              onAccept={(value: string) => {
                if (value === field.value) return;
                field.onChange(value);
                onValueChange?.(value);
              }}
              onInput={(event: FormEvent<HTMLInputElement>) => {
                // imask does not always accept a value wiped in one go (select all + delete).
                if (event.currentTarget.value === '' && field.value) field.onChange('');
              }}
              onBlur={field.onBlur}
              data-keyboard={keyboard}
              inputMode={keyboard === 'phone' ? 'tel' : 'numeric'}
              placeholder={placeholder}
              aria-invalid={error ? true : undefined}
              aria-required={required || undefined}
              aria-describedby={describedBy(ids, error, hint)}
              autoComplete="off"
              className="form-field__input"
            />
          </FieldShell>
        );
      }}
    />
  );
}

export interface SelectFieldProps<T extends FieldValues> extends FieldProps<T> {
  options: readonly { value: string; label: string }[];
}

export function SelectField<T extends FieldValues>(props: SelectFieldProps<T>) {
  const { control, name, label, required, hint, className, onValueChange, options } = props;
  const { t } = useTranslation();
  const ids = useIds();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const error = translateMessage(fieldState.error?.message, t);
        return (
          <FieldShell {...ids} label={label} required={required} hint={hint} error={error} className={className}>
            <select
              id={ids.inputId}
              name={field.name}
              ref={field.ref}
              value={(field.value as string | undefined) ?? ''}
              onChange={(event) => {
                field.onChange(event.target.value);
                onValueChange?.(event.target.value);
              }}
              onBlur={field.onBlur}
              aria-invalid={error ? true : undefined}
              aria-required={required || undefined}
              aria-describedby={describedBy(ids, error, hint)}
              className="form-field__input form-field__select"
            >
              <option value="">{t('rental.fields.select')}</option>
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

export interface ChoiceOption<V> {
  value: V;
  label: ReactNode;
}

export interface ChoiceFieldProps<T extends FieldValues, V> {
  control: Control<T>;
  name: FieldPath<T>;
  legend: ReactNode;
  options: readonly ChoiceOption<V>[];
  /** Called when the visitor picks an option (after the form got it). */
  onChoose?: (value: V) => void;
  className?: string;
  /** The legend already carries its own asterisk (e.g. 'Are you storing vehicle?*'). */
  required?: boolean;
}

/** A radio group drawn as big touch buttons (Yes/No, Senior/Student/None). */
export function ChoiceField<T extends FieldValues, V extends string | boolean>(props: ChoiceFieldProps<T, V>) {
  const { control, name, legend, options, onChoose, className, required } = props;
  const { t } = useTranslation();
  const ids = useIds();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const error = translateMessage(fieldState.error?.message, t);
        return (
          <fieldset
            className={['choice-field', error ? 'choice-field--invalid' : '', className ?? ''].join(' ').trim()}
            aria-describedby={error ? ids.errorId : undefined}
            data-required={required || undefined}
          >
            <legend className="choice-field__legend">{legend}</legend>
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
        );
      }}
    />
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

export interface CheckboxFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  label: ReactNode;
  description?: ReactNode;
  onToggle?: (checked: boolean) => void;
  disabled?: boolean;
}

export function CheckboxField<T extends FieldValues>(props: CheckboxFieldProps<T>) {
  const { control, name, label, description, onToggle, disabled } = props;
  const { t } = useTranslation();
  const ids = useIds();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const error = translateMessage(fieldState.error?.message, t);
        return (
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
        );
      }}
    />
  );
}

/** A titled group of fields ('Mailing Address', 'Driver License'). */
export function FieldGroup({
  title,
  children,
  className,
}: {
  title: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const id = useId();
  return (
    <section className={['field-group', className ?? ''].join(' ').trim()} aria-labelledby={id}>
      <h2 id={id} className="field-group__title">
        {title}
      </h2>
      <div className="field-group__grid">{children}</div>
    </section>
  );
}

import type { ReactElement, ReactNode } from 'react';
import { Controller, type ControllerRenderProps, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../forms/messages';
import { afterNextPaint } from '../../utils/after-paint';
import type { FieldsControl } from './field-props';
import { describedBy, useFieldIds, type FieldIds } from './FieldShell';

export interface FieldControlState<T extends FieldValues> {
  field: ControllerRenderProps<T, FieldPath<T>>;
  /** The field's message, translated: the form's own first, else the one from elsewhere. */
  error: string;
  ids: FieldIds;
}

/**
 * One field of the form through react-hook-form's Controller: hands the render its value and
 * handlers, its translated message and the ids that tie label, hint and message to the control.
 */
export function FieldControl<T extends FieldValues>({
  control,
  name,
  error: outside,
  children,
}: {
  control: FieldsControl<T>;
  name: FieldPath<T>;
  error?: string | null;
  children: (state: FieldControlState<T>) => ReactElement;
}) {
  const { t } = useTranslation();
  const ids = useFieldIds();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) =>
        children({
          // Leaving a field marks it touched and validates it (mode 'onTouched'): a render of the form
          // done after the frame of the tap that moved on (the next field, Done), not inside it.
          field: { ...field, onBlur: () => void afterNextPaint().then(field.onBlur) },
          error: translateMessage(fieldState.error?.message, t) || outside || '',
          ids,
        })
      }
    />
  );
}

/** The attributes every labelled control carries: its id, and whether it is invalid or required. */
export function controlAttributes(ids: FieldIds, error: string, required?: boolean, hint?: ReactNode) {
  return {
    id: ids.inputId,
    'aria-invalid': error ? true : undefined,
    'aria-required': required || undefined,
    'aria-describedby': describedBy(ids, error, hint),
  } as const;
}

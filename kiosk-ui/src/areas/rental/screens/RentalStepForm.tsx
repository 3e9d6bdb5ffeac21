import { useId, type ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { SectionFrame, type SectionFrameProps } from './SectionFrame';
import { submitAfterTapPaint } from '../../../utils/after-paint';

export interface RentalStepFormProps<Fields extends FieldValues, Output extends FieldValues> extends Omit<
  SectionFrameProps,
  'formId' | 'onDone' | 'children'
> {
  /** The step's form: `useForm` with `schemaResolver(schema)`. */
  form: UseFormReturn<Fields, unknown, Output>;
  /** A valid Done: usually `rental.done(values)`, which keeps the values and moves on. */
  onSubmit: (values: Output) => void;
  /** The fields sit in one grid, as on the short steps; longer steps bring their own groups. */
  grid?: boolean;
  /** Classes of the form besides `rental-form`. */
  formClassName?: string;
  children?: ReactNode;
}

/**
 * A rental step made of fields: the step's frame (heading, 'Step N of M', Cancel and Done, the
 * side panel) around its form. Done submits the form, so the fields are validated first and only
 * valid values reach `onSubmit`; the other frame options (labels, footer buttons) pass through.
 */
export function RentalStepForm<Fields extends FieldValues, Output extends FieldValues>({
  form,
  onSubmit,
  grid = false,
  formClassName,
  children,
  ...frame
}: RentalStepFormProps<Fields, Output>) {
  const formId = useId();
  const submit = form.handleSubmit(onSubmit);
  return (
    <SectionFrame {...frame} formId={formId}>
      <form
        id={formId}
        noValidate
        className={['rental-form', formClassName].filter(Boolean).join(' ')}
        onSubmit={submitAfterTapPaint(submit)}
      >
        {grid ? (
          <div className="field-group">
            <div className="field-group__grid">{children}</div>
          </div>
        ) : (
          children
        )}
      </form>
    </SectionFrame>
  );
}

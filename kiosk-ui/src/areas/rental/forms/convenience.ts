import * as yup from 'yup';
import { optionalString } from '../../../forms/common';
import { keyed, MESSAGES, vkey } from '../../../forms/messages';

export interface ConvenienceContext {
  /** Facility is_gatecode_selectable: the gate code chooser is shown. */
  gatecodeSelectable: boolean;
  /** Facility gatecode_length. */
  gatecodeLength: number;
  /** Result of the live check for the typed code (false while unchecked or unavailable). */
  isGatecodeAvailable: boolean;
  /** Facility autopay_always_required. */
  autopayAlwaysRequired: boolean;
}

/** Digits-only code of exactly the facility's length. */
export function gatecodeHasLength(gatecode: string, length: number): boolean {
  return new RegExp(`^\\d{${length}}$`).test(gatecode);
}

/**
 * All about convenience (rental §5): the gate code, when chosen here, is required, exactly
 * gatecode_length digits and available on the live check; auto_debit must not be false when
 * the facility always requires autopay.
 */
export function convenienceSchema(ctx: ConvenienceContext) {
  const gatecode = optionalString()
    .required(MESSAGES.required)
    .test(
      'gatecode-length',
      keyed('gatecode_length', { length: ctx.gatecodeLength }),
      (value) => !value || gatecodeHasLength(value, ctx.gatecodeLength),
    )
    .test(
      'gatecode-available',
      vkey('gatecode_unavailable'),
      (value) => !value || !gatecodeHasLength(value, ctx.gatecodeLength) || ctx.isGatecodeAvailable,
    );
  return yup.object({
    auto_debit: yup
      .boolean()
      .default(false)
      .test(
        'autopay-always-required',
        vkey('autopay_required'),
        (value) => !ctx.autopayAlwaysRequired || value === true,
      ),
    gatecode: ctx.gatecodeSelectable ? gatecode : optionalString(),
  });
}
export type ConvenienceValues = yup.InferType<ReturnType<typeof convenienceSchema>>;

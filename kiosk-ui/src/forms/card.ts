import { isValidCardNumber, isValidCvv, LIMITS } from '@kiosk/shared-types';
import * as yup from 'yup';
import { isCardExpired } from './card-rules';
import { lettersRule, optionalString, requiredString, zipRule, type StringRule } from './common';
import type { Today } from '../utils/dates';
import { MESSAGES, vkey } from './messages';

export interface CardContext {
  today?: Today;
  /** The auto-debit checkbox on the card form must stay ticked (autopay_always_required). */
  autopayAlwaysRequired?: boolean;
}

/** Billing fields show, and are checked, only when billing is not the same as mailing. */
function whenBillingDiffers(rule: StringRule) {
  return optionalString().when('billing_same_as_mailing', { is: false, then: () => rule });
}

/** Card number: required, 16 digits (15 for 34/37) passing Luhn ('Invalid credit card'). */
export function cardNumberRule() {
  return requiredString().test(
    'card-number',
    MESSAGES.invalidCreditCard,
    (value) => !value || isValidCardNumber(value),
  );
}

/** CVV: required; 3 digits, or 3-4 for 34/37 ('Invalid CVV'). `numberField` names the card number field. */
export function cvvRule(numberField: string) {
  return requiredString().test('cvv', MESSAGES.invalidCvv, function (value) {
    const number = String((this.parent as Record<string, unknown>)[numberField] ?? '');
    return !value || isValidCvv(value, number);
  });
}

export function expiryPartRule() {
  return yup
    .number()
    .transform((value: number, original: unknown) => (original === '' || original === null ? undefined : value))
    .typeError(MESSAGES.required)
    .required(MESSAGES.required);
}

/**
 * The past-expiry check as one refinement on the whole form, with its path on the month: a past
 * expiry is almost always this year with an earlier month, as the year list starts this year.
 */
export function withExpiryNotInPast<S extends yup.AnyObjectSchema>(schema: S, message: string, today?: Today): S {
  return schema.test('expiry-not-in-past', message, function (values: yup.AnyObject | undefined) {
    const month = Number(values?.cc_exp_month);
    const year = Number(values?.cc_exp_year);
    if (!month || !year || !isCardExpired(month, year, today)) return true;
    return this.createError({ path: 'cc_exp_month', message });
  }) as S;
}

/** The rental card_details step (rental §5). */
export function cardSchema(ctx: CardContext = {}) {
  const schema = yup.object({
    billing_same_as_mailing: yup.boolean().default(true),
    billing_address1: whenBillingDiffers(requiredString()),
    billing_address2: optionalString(),
    billing_city: whenBillingDiffers(requiredString()),
    billing_state: whenBillingDiffers(requiredString()),
    billing_zipcode: whenBillingDiffers(zipRule()),
    name_on_card: lettersRule(LIMITS.nameOnCardMaxLength),
    cc_number: cardNumberRule(),
    cc_exp_month: expiryPartRule(),
    cc_exp_year: expiryPartRule(),
    // Always required (§5). A swipe fills name, number and expiry but never the CVV, which is
    // why the spec says swiping makes it required: it is the one field left to type.
    cvv: cvvRule('cc_number'),
    auto_debit: yup
      .boolean()
      .default(false)
      .test(
        'autopay-always-required',
        vkey('autopay_required'),
        (value) => !ctx.autopayAlwaysRequired || value === true,
      ),
  });
  return withExpiryNotInPast(schema, MESSAGES.invalidExpiryDate, ctx.today);
}
export type CardValues = yup.InferType<ReturnType<typeof cardSchema>>;

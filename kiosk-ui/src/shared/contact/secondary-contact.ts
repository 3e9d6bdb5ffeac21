import * as yup from 'yup';
import {
  emailRule,
  nameRule,
  optionalEmailRule,
  optionalString,
  requiredString,
  requiredYesNo,
  zipRule,
  type StringRule,
} from '../../forms/common';
import { vkey } from '../../forms/messages';
import { cellPhoneRule, type PhoneContext } from '../../forms/phone';

export interface MailingAddress {
  mailing_address1: string;
  mailing_address2?: string | null;
  mailing_city: string;
  mailing_state: string;
  mailing_zip: string;
}

export interface SecondaryContactContext extends PhoneContext {
  /** Facility secondary_email_required. */
  secondaryEmailRequired?: boolean;
  /** Facility frontend_conf.secondary_contact_required: waiving is refused. */
  secondaryContactRequired?: boolean;
  /** The tenant's mailing address, from the info step. */
  mailing?: MailingAddress;
  /** The spec skips the same-address check "at step index 2"; see docs/flow.md. */
  stepIndex?: number;
}

/** The step index at which the spec skips the same-address check. */
export const SAME_ADDRESS_CHECK_SKIPPED_AT_STEP = 2;

function unlessWaived(rule: StringRule) {
  return optionalString().when('no_secondary_contact', { is: (waived: unknown) => waived !== true, then: () => rule });
}

function normaliseAddressPart(part: string | null | undefined): string {
  return (part ?? '').trim().replace(/\s+/g, ' ').toLowerCase();
}

/** Same street, unit line, city, state and zip, ignoring case and extra spaces. */
export function isSameAddress(
  secondary: Pick<
    SecondaryContactValues,
    | 'secondary_contact_address1'
    | 'secondary_contact_address2'
    | 'secondary_contact_city'
    | 'secondary_contact_state'
    | 'secondary_contact_zipcode'
  >,
  mailing: MailingAddress,
): boolean {
  const pairs: [string | null | undefined, string | null | undefined][] = [
    [secondary.secondary_contact_address1, mailing.mailing_address1],
    [secondary.secondary_contact_address2, mailing.mailing_address2],
    [secondary.secondary_contact_city, mailing.mailing_city],
    [secondary.secondary_contact_state, mailing.mailing_state],
    [secondary.secondary_contact_zipcode, mailing.mailing_zip],
  ];
  return pairs.every(([a, b]) => normaliseAddressPart(a) === normaliseAddressPart(b));
}

/**
 * Secondary contact (rental §5). Unless waived: names, phone, address1, city, state and zip are
 * required; email is required only when the facility says so, else checked only if given.
 * The screen also asks whether the tenant is active military, so active_military is answered here.
 */
export function secondaryContactSchema(ctx: SecondaryContactContext = {}) {
  const schema = yup.object({
    no_secondary_contact: yup
      .boolean()
      .default(false)
      .test(
        'waiver-allowed',
        vkey('secondary_contact_required'),
        (waived) => !(ctx.secondaryContactRequired && waived === true),
      ),
    secondary_contact_first_name: unlessWaived(nameRule()),
    secondary_contact_last_name: unlessWaived(nameRule()),
    secondary_contact_email: unlessWaived(ctx.secondaryEmailRequired ? emailRule() : optionalEmailRule()),
    secondary_contact_phone: unlessWaived(cellPhoneRule(ctx)),
    secondary_contact_address1: unlessWaived(requiredString()),
    secondary_contact_address2: optionalString(),
    secondary_contact_city: unlessWaived(requiredString()),
    secondary_contact_state: unlessWaived(requiredString()),
    secondary_contact_zipcode: unlessWaived(zipRule()),
    active_military: requiredYesNo(),
  });
  // One refinement with an explicit path, so the message lands on the secondary address field.
  return schema.test('address-differs', vkey('same_address'), function (values) {
    const { mailing } = ctx;
    if (!mailing || !values || values.no_secondary_contact === true) return true;
    if (ctx.stepIndex === SAME_ADDRESS_CHECK_SKIPPED_AT_STEP) return true;
    if (!isSameAddress(values, mailing)) return true;
    return this.createError({ path: 'secondary_contact_address1', message: vkey('same_address') });
  });
}
export type SecondaryContactValues = yup.InferType<ReturnType<typeof secondaryContactSchema>>;

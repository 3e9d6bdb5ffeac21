import type * as yup from 'yup';
import { infoSchema, type InfoContext } from '../../../shared/contact/info';
import { vkey } from '../../../forms/messages';
import {
  isSameAddress,
  secondaryContactSchema,
  type SecondaryContactContext,
} from '../../../shared/contact/secondary-contact';

export interface ContactDetailsContext extends Pick<InfoContext, 'validatePhone'> {
  /** Facility secondary_email_required. */
  secondaryEmailRequired?: SecondaryContactContext['secondaryEmailRequired'];
  /** Facility frontend_conf.secondary_contact_required: waiving is refused. */
  secondaryContactRequired?: SecondaryContactContext['secondaryContactRequired'];
}

/** The rental's Your information fields a tenant keeps up to date (rental §5). */
const TENANT_FIELDS = [
  'mailing_address1',
  'mailing_address2',
  'mailing_city',
  'mailing_state',
  'mailing_zip',
  'tenant_phone',
  'tenant_email',
] as const;

/**
 * A tenant's contact details: the mailing address, cell phone and e-mail with the rules of the
 * rental's Your information, and the secondary contact with the rules of its Secondary contact
 * (waivable unless the facility requires one; its address must differ from the mailing address).
 * The rental's own schemas are reused, so the fields and their messages are the rental's.
 */
export function contactDetailsSchema(ctx: ContactDetailsContext = {}) {
  const tenant = infoSchema({ validatePhone: ctx.validatePhone }).pick([...TENANT_FIELDS]);
  const secondary = secondaryContactSchema({
    validatePhone: ctx.validatePhone,
    secondaryEmailRequired: ctx.secondaryEmailRequired,
    secondaryContactRequired: ctx.secondaryContactRequired,
  }).omit(['active_military']);
  // The mailing address is in the same form here, so the same-address check reads it from the values.
  return tenant.concat(secondary).test('address-differs', vkey('same_address'), function (values) {
    if (!values || values.no_secondary_contact === true) return true;
    if (!isSameAddress(values, values)) return true;
    return this.createError({ path: 'secondary_contact_address1', message: vkey('same_address') });
  });
}

export type ContactDetailsValues = yup.InferType<ReturnType<typeof contactDetailsSchema>>;

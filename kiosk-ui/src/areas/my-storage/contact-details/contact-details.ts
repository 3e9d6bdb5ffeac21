import {
  contactDetailOf,
  TENANT_CONTACT_FIELDS,
  type ContactDetail,
  type TenantContactField,
  type TenantDetail,
} from '@kiosk/shared-types';
import type { ContactDetailsValues } from '../forms/contact-details';
import { maskPhone } from '../../../shared/phone';

/** The details in the order the screen shows them, and the confirmation names them. */
export const CONTACT_DETAIL_ORDER: readonly ContactDetail[] = [
  'mailing_address',
  'cell_phone',
  'email',
  'secondary_contact',
];

const cellNumber = (entry: TenantDetail | undefined) =>
  maskPhone((entry?.phones.find((phone) => phone.type === 'cell') ?? entry?.phones[0])?.number ?? '');

const isSecondary = (entry: TenantDetail) => entry.type?.toLowerCase() === 'secondary';

/**
 * The form's values from the account data (user item details' tenant_details): the primary entry
 * holds the mailing address, cell phone and e-mail; an entry of type 'secondary' the lien notice
 * contact. Without one the contact shows as waived, unless the facility requires one.
 */
export function contactValuesFrom(
  tenantDetails: readonly TenantDetail[],
  options: { secondaryContactRequired?: boolean } = {},
): ContactDetailsValues {
  const primary = tenantDetails.find((entry) => !isSecondary(entry));
  const secondary = tenantDetails.find(isSecondary);
  return {
    mailing_address1: primary?.address.address1 ?? '',
    mailing_address2: primary?.address.address2 ?? '',
    mailing_city: primary?.address.city ?? '',
    mailing_state: primary?.address.stateCode ?? '',
    mailing_zip: primary?.address.postalCode ?? '',
    tenant_phone: cellNumber(primary),
    tenant_email: primary?.email ?? '',
    no_secondary_contact: !secondary && !options.secondaryContactRequired,
    secondary_contact_first_name: secondary?.name.first ?? '',
    secondary_contact_last_name: secondary?.name.last ?? '',
    secondary_contact_email: secondary?.email ?? '',
    secondary_contact_phone: cellNumber(secondary),
    secondary_contact_address1: secondary?.address.address1 ?? '',
    secondary_contact_address2: secondary?.address.address2 ?? '',
    secondary_contact_city: secondary?.address.city ?? '',
    secondary_contact_state: secondary?.address.stateCode ?? '',
    secondary_contact_zipcode: secondary?.address.postalCode ?? '',
  };
}

/** The update call's form: every field (a waived contact sends its fields empty), values trimmed. */
export function contactForm(values: ContactDetailsValues): Record<TenantContactField, string> {
  const waived = values.no_secondary_contact === true;
  const form = {} as Record<TenantContactField, string>;
  for (const field of TENANT_CONTACT_FIELDS) {
    if (field === 'no_secondary_contact') form[field] = String(waived);
    else form[field] = waived && field.startsWith('secondary_contact_') ? '' : String(values[field] ?? '').trim();
  }
  return form;
}

/** The details the operator changed, once each, in the screen's order ('cell_phone', 'email'). */
export function changedDetails(changed: readonly string[]): ContactDetail[] {
  const known = changed.filter((field): field is TenantContactField =>
    (TENANT_CONTACT_FIELDS as readonly string[]).includes(field),
  );
  const details = new Set(known.map(contactDetailOf));
  return CONTACT_DETAIL_ORDER.filter((detail) => details.has(detail));
}

/** The operator's field errors that belong to a field of the form (first message each). */
export function contactFieldErrors(
  errors: Record<string, string[] | undefined> | undefined,
): Partial<Record<TenantContactField, string>> {
  const fields: Partial<Record<TenantContactField, string>> = {};
  for (const field of TENANT_CONTACT_FIELDS) {
    const message = errors?.[field]?.[0];
    if (message) fields[field] = message;
  }
  return fields;
}

import type { IdScanFields } from '@kiosk/shared-types';

/** The info form's fields a licence fills (names as the form has them). */
export type LicenceFormField =
  | 'tenant_first_name'
  | 'tenant_last_name'
  | 'mailing_address1'
  | 'mailing_city'
  | 'mailing_state'
  | 'mailing_zip'
  | 'driving_lis_no'
  | 'driving_lis_state'
  | 'driving_lis_expiry';

/**
 * The form values from a scanned licence. A state or postal code the form cannot take (a Canadian
 * province, a postal code that is not a US zip) is left for the visitor to enter.
 */
export function licenceFormValues(
  fields: IdScanFields,
  states: ReadonlySet<string>,
): Partial<Record<LicenceFormField, string>> {
  const values: Partial<Record<LicenceFormField, string>> = {
    tenant_first_name: fields.first_name,
    tenant_last_name: fields.last_name,
    mailing_address1: fields.address,
    mailing_city: fields.city,
    driving_lis_no: fields.licence_number,
    driving_lis_expiry: fields.expiry,
  };
  if (states.has(fields.state)) values.mailing_state = fields.state;
  if (states.has(fields.issuing_state)) values.driving_lis_state = fields.issuing_state;
  if (/^\d{5}$/.test(fields.zip)) values.mailing_zip = fields.zip;
  return values;
}

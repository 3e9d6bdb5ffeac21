import type { TenantDetail } from './account.js';

/**
 * A tenant's contact details as the kiosk edits them (POST update-tenant-contact/, not in the specs;
 * docs/api-paths.md "Tenant contact details"). The names are the rental's (rental spec §5): the
 * mailing address, the tenant's cell phone and e-mail, and the secondary (lien notice) contact.
 */
export const TENANT_CONTACT_FIELDS = [
  'mailing_address1',
  'mailing_address2',
  'mailing_city',
  'mailing_state',
  'mailing_zip',
  'tenant_phone',
  'tenant_email',
  'no_secondary_contact',
  'secondary_contact_first_name',
  'secondary_contact_last_name',
  'secondary_contact_email',
  'secondary_contact_phone',
  'secondary_contact_address1',
  'secondary_contact_address2',
  'secondary_contact_city',
  'secondary_contact_state',
  'secondary_contact_zipcode',
] as const;

export type TenantContactField = (typeof TENANT_CONTACT_FIELDS)[number];

/** The details the tenant recognises, each made of one or more fields (what the confirmation names). */
export type ContactDetail = 'mailing_address' | 'cell_phone' | 'email' | 'secondary_contact';

/** Which detail a field belongs to. */
export function contactDetailOf(field: TenantContactField): ContactDetail {
  if (field === 'tenant_phone') return 'cell_phone';
  if (field === 'tenant_email') return 'email';
  if (field.startsWith('mailing_')) return 'mailing_address';
  return 'secondary_contact';
}

/** Result of POST update-tenant-contact/. */
export interface TenantContactUpdateResult {
  /** The fields the operator changed; empty when everything was already so. */
  changed: TenantContactField[];
  /** The tenant as it is now, in the shape of user item details' tenant_details (primary, secondary). */
  tenant_details: TenantDetail[];
  /** What the operator sent about the change: the mail to the tenant, the text to the old phone. */
  notified: { mail: boolean; text_to_old_phone: boolean };
}

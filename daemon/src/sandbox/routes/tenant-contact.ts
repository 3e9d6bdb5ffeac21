import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { TENANT_CONTACT_FIELDS, type TenantContactField, type TenantContactUpdateResult } from '@kiosk/shared-types';
import { nationalPhone } from '../account-rules.js';
import { DEMO_RENTAL_PROCESSING, DEMO_TENANT_CONTACT, type DemoTenant } from '../demo-facility.js';
import { fail, isTruthy, ok, operatorPath, type SandboxRouteOptions } from '../respond.js';
import { formBody, text, type Form } from '../rental-form.js';
import { isValidPhone } from './facility.js';

/**
 * A tenant's contact details (POST update-tenant-contact/, docs/api-paths.md "Tenant contact
 * details"): the mailing address, cell phone, e-mail and secondary (lien notice) contact. The
 * operator decides what changed: fields left out of the form, or equal to what is on file (phones
 * by their digits, e-mails in any case), are not changes. A saved change is confirmed by a mail to
 * the tenant (and one to the old address when the e-mail changed) and by a text to the old cell
 * phone when the phone changed, recorded for GET /__sandbox/mails and /__sandbox/texts.
 */

type Contact = Record<TenantContactField, string>;

const REQUIRED = 'This field is required.';
const EMAIL = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/;

/** The tenant's details on file as the form names them. */
function contactOf(tenant: DemoTenant): Contact {
  const secondary = tenant.secondary_contact;
  return {
    mailing_address1: tenant.address.address1,
    mailing_address2: tenant.address.address2,
    mailing_city: tenant.address.city,
    mailing_state: tenant.address.stateCode,
    mailing_zip: tenant.address.postalCode,
    tenant_phone: tenant.phone,
    tenant_email: tenant.email,
    no_secondary_contact: secondary ? 'false' : 'true',
    secondary_contact_first_name: secondary?.first_name ?? '',
    secondary_contact_last_name: secondary?.last_name ?? '',
    secondary_contact_email: secondary?.email ?? '',
    secondary_contact_phone: secondary?.phone ?? '',
    secondary_contact_address1: secondary?.address.address1 ?? '',
    secondary_contact_address2: secondary?.address.address2 ?? '',
    secondary_contact_city: secondary?.address.city ?? '',
    secondary_contact_state: secondary?.address.stateCode ?? '',
    secondary_contact_zipcode: secondary?.address.postalCode ?? '',
  };
}

/** What the form asks for: a field it leaves out keeps what is on file; a waived contact has no fields. */
function contactFromForm(form: Form, current: Contact): Contact {
  const next = { ...current };
  for (const field of TENANT_CONTACT_FIELDS) {
    const value = form[field];
    if (value !== undefined) next[field] = field === 'no_secondary_contact' ? String(isTruthy(value)) : text(value);
  }
  if (next.no_secondary_contact === 'true') {
    for (const field of TENANT_CONTACT_FIELDS) if (field.startsWith('secondary_contact_')) next[field] = '';
  }
  return next;
}

function comparable(field: TenantContactField, value: string): string {
  if (field.endsWith('_phone')) return nationalPhone(value);
  return value.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** The operator's field errors, or null when it accepts the details. */
function refusals(next: Contact, isEmailTaken: (email: string) => boolean): Record<string, string[]> | null {
  const errors: Record<string, string[]> = {};
  const required: TenantContactField[] = [
    'mailing_address1',
    'mailing_city',
    'mailing_state',
    'mailing_zip',
    'tenant_phone',
    'tenant_email',
  ];
  if (next.no_secondary_contact !== 'true') {
    required.push(
      'secondary_contact_first_name',
      'secondary_contact_last_name',
      'secondary_contact_phone',
      'secondary_contact_address1',
      'secondary_contact_city',
      'secondary_contact_state',
      'secondary_contact_zipcode',
    );
  }
  for (const field of required) if (next[field] === '') errors[field] = [REQUIRED];
  for (const field of ['mailing_zip', 'secondary_contact_zipcode'] as const) {
    if (next[field] !== '' && !/^\d{5}$/.test(next[field])) errors[field] = ['Invalid zip code'];
  }
  for (const field of ['tenant_phone', 'secondary_contact_phone'] as const) {
    if (next[field] !== '' && !isValidPhone(next[field])) errors[field] = ['Invalid Cell Phone Number'];
  }
  for (const field of ['tenant_email', 'secondary_contact_email'] as const) {
    if (next[field] !== '' && !EMAIL.test(next[field])) errors[field] = ['Invalid email address'];
  }
  if (!errors.tenant_phone && nationalPhone(next.tenant_phone) === nationalPhone(DEMO_RENTAL_PROCESSING.landline.phone))
    errors.tenant_phone = [DEMO_TENANT_CONTACT.landlineMessage];
  if (!errors.tenant_email && isEmailTaken(next.tenant_email))
    errors.tenant_email = [DEMO_TENANT_CONTACT.emailTakenMessage];
  return Object.keys(errors).length > 0 ? errors : null;
}

/** The phone as the management system keeps it: +1 and the ten digits. */
const e164 = (phone: string) => (phone === '' ? '' : `+1${nationalPhone(phone)}`);

function apply(tenant: DemoTenant, next: Contact): void {
  tenant.address = {
    address1: next.mailing_address1,
    address2: next.mailing_address2,
    city: next.mailing_city,
    stateCode: next.mailing_state.toUpperCase(),
    postalCode: next.mailing_zip,
  };
  tenant.phone = e164(next.tenant_phone);
  tenant.email = next.tenant_email;
  tenant.secondary_contact =
    next.no_secondary_contact === 'true'
      ? null
      : {
          first_name: next.secondary_contact_first_name,
          last_name: next.secondary_contact_last_name,
          email: next.secondary_contact_email,
          phone: e164(next.secondary_contact_phone),
          address: {
            address1: next.secondary_contact_address1,
            address2: next.secondary_contact_address2,
            city: next.secondary_contact_city,
            stateCode: next.secondary_contact_state.toUpperCase(),
            postalCode: next.secondary_contact_zipcode,
          },
        };
}

const tenantContactRoutes: FastifyPluginAsyncTypebox<SandboxRouteOptions> = async (app, { state }) => {
  const { accounts } = state;

  app.post(
    operatorPath('updateTenantContact'),
    { schema: { body: formBody(['facility_id', 'tenant_id']) } },
    async (request) => {
      const form = request.body;
      const facilityId = text(form.facility_id);
      const { data } = state.facility(facilityId);
      const user = accounts.userByToken(text(form.user_token));
      if (!user) {
        const message = 'Your session has ended. Please log in again.';
        return fail({ code: 'InvalidToken', message, errors: { __all__: [message] } });
      }
      const tenantId = text(form.tenant_id);
      const tenant = accounts.tenant(tenantId);
      if (!tenant || !accounts.userOwnsTenant(user, facilityId, tenantId)) {
        return fail({ code: 'TenantNotFound', message: `No tenant ${tenantId} on this account.` });
      }

      const before = contactOf(tenant);
      const next = contactFromForm(form, before);
      // Taken: another account's e-mail, or that of a tenant this account does not hold.
      const ownTenants = new Set(user.items.flatMap((item) => item.tenants));
      const isEmailTaken = (email: string) => {
        const wanted = comparable('tenant_email', email);
        return (
          accounts.users.some(
            (other) => other.user_id !== user.user_id && comparable('tenant_email', other.email) === wanted,
          ) ||
          accounts.tenants.some(
            (other) => !ownTenants.has(other.tenant_id) && comparable('tenant_email', other.email) === wanted,
          )
        );
      };
      const errors = refusals(next, isEmailTaken);
      if (errors) return fail({ code: 'InvalidContactDetails', message: 'Some contact details were refused.', errors });

      const changed = TENANT_CONTACT_FIELDS.filter(
        (field) => comparable(field, before[field]) !== comparable(field, next[field]),
      );
      const notified = { mail: false, text_to_old_phone: false };
      if (changed.length > 0) {
        apply(tenant, next);
        const to = { facility: facilityId, tenant: tenantId };
        const mail = { facility_name: data.settings.name, changed };
        state.recordings.recordMail({ kind: 'contact-details', to: { ...to, email: tenant.email }, data: mail });
        if (changed.includes('tenant_email') && before.tenant_email !== '') {
          state.recordings.recordMail({
            kind: 'contact-details-old-email',
            to: { ...to, email: before.tenant_email },
            data: mail,
          });
        }
        notified.mail = true;
        if (changed.includes('tenant_phone') && before.tenant_phone !== '') {
          const body =
            `${data.settings.name}: the cell phone on your storage account was changed to a number ending in ` +
            `${nationalPhone(tenant.phone).slice(-4)}. If you did not make this change, please call the office.`;
          state.recordings.recordText({ to: before.tenant_phone, body, kind: 'contact-phone-changed' });
          notified.text_to_old_phone = true;
        }
      }
      const result: TenantContactUpdateResult = { changed, tenant_details: accounts.tenantDetails(tenant), notified };
      return ok(result);
    },
  );
};

export default tenantContactRoutes;

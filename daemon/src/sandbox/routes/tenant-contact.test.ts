import { describe, expect, it } from 'vitest';
import { DEMO_TENANT_CONTACT, DEMO_USERS } from '../demo-facility.js';
import { useSandbox } from '../../test-helpers/sandbox-client.js';

const { get, post, control } = useSandbox();

/** Taylor Morgan's details as the kiosk's form sends them, unchanged. */
const ON_FILE = {
  mailing_address1: '18 Lincoln Avenue',
  mailing_address2: '',
  mailing_city: 'Springfield',
  mailing_state: 'IL',
  mailing_zip: '62701',
  tenant_phone: '(217) 555-0147',
  tenant_email: 'tenant@example.com',
  no_secondary_contact: 'false',
  secondary_contact_first_name: 'Jordan',
  secondary_contact_last_name: 'Morgan',
  secondary_contact_email: 'jordan.morgan@example.org',
  secondary_contact_phone: '(217) 555-0123',
  secondary_contact_address1: '77 Elm Street',
  secondary_contact_address2: '',
  secondary_contact_city: 'Chatham',
  secondary_contact_state: 'IL',
  secondary_contact_zipcode: '62629',
};

async function update(changes: Record<string, string>) {
  const login = await post('facilities/demo/login/', {
    username: DEMO_USERS.testUser.email,
    password: DEMO_USERS.testUser.password,
  });
  const user_token = login.result.user_token as string;
  const answer = await post('update-tenant-contact/', {
    facility_id: 'demo',
    tenant_id: 't-5001',
    user_token,
    ...ON_FILE,
    ...changes,
  });
  return { answer, user_token };
}

describe('update-tenant-contact', () => {
  it('saves a new cell phone and e-mail, mails the tenant at both addresses and texts the old phone', async () => {
    const { answer, user_token } = await update({
      tenant_phone: '(217) 555-0199',
      tenant_email: 'taylor.new@example.com',
    });
    expect(answer.status).toBe('ok');
    expect(answer.result.changed).toEqual(['tenant_phone', 'tenant_email']);
    expect(answer.result.notified).toEqual({ mail: true, text_to_old_phone: true });
    expect(answer.result.tenant_details[0]).toMatchObject({
      type: 'primary',
      email: 'taylor.new@example.com',
      phones: [{ type: 'cell', number: '+12175550199' }],
    });

    const { texts } = await control('texts');
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatchObject({ to: '+12175550147', kind: 'contact-phone-changed' });
    expect(texts[0].body).toContain('ending in 0199');
    const { mails } = await control('mails');
    expect(mails.map((mail: { kind: string; to: { email: string } }) => [mail.kind, mail.to.email])).toEqual([
      ['contact-details', 'taylor.new@example.com'],
      ['contact-details-old-email', 'tenant@example.com'],
    ]);

    // The account data reads the new details from now on.
    const details = await get(`user/items/facilities/demo/tenant/t-5001/?user_token=${user_token}`);
    expect(details.result.tenant_details[0].email).toBe('taylor.new@example.com');
  });

  it('answers nothing changed, and sends nothing, when the details are already on file', async () => {
    const { answer } = await update({ tenant_phone: '217-555-0147', tenant_email: 'TENANT@example.com ' });
    expect(answer.status).toBe('ok');
    expect(answer.result.changed).toEqual([]);
    expect(answer.result.notified).toEqual({ mail: false, text_to_old_phone: false });
    expect((await control('texts')).texts).toEqual([]);
    expect((await control('mails')).mails).toEqual([]);
  });

  it('lists the secondary contact and changes it alone without a text', async () => {
    const { answer } = await update({ secondary_contact_city: 'Rochester', secondary_contact_zipcode: '62563' });
    expect(answer.result.changed).toEqual(['secondary_contact_city', 'secondary_contact_zipcode']);
    expect(answer.result.tenant_details[1]).toMatchObject({
      type: 'secondary',
      name: { first: 'Jordan', last: 'Morgan' },
      address: { city: 'Rochester', postalCode: '62563' },
    });
    expect(answer.result.notified).toEqual({ mail: true, text_to_old_phone: false });
    expect((await control('texts')).texts).toEqual([]);
  });

  it("refuses another account's e-mail and a landline at their fields, and keeps what is on file", async () => {
    const { answer } = await update({ tenant_email: 'norentals@example.com', tenant_phone: '(217) 555-0111' });
    expect(answer).toMatchObject({
      status: 'error',
      code: 'InvalidContactDetails',
      errors: {
        tenant_email: [DEMO_TENANT_CONTACT.emailTakenMessage],
        tenant_phone: [DEMO_TENANT_CONTACT.landlineMessage],
      },
    });
    const again = await update({});
    expect(again.answer.result.changed).toEqual([]);
    expect((await control('mails')).mails).toEqual([]);
  });

  it("refuses a bad zip with the rental's message, and a call without a session", async () => {
    const { answer } = await update({ mailing_zip: '627' });
    expect(answer.errors).toEqual({ mailing_zip: ['Invalid zip code'] });
    const anonymous = await post('update-tenant-contact/', { facility_id: 'demo', tenant_id: 't-5001', ...ON_FILE });
    expect(anonymous).toMatchObject({ status: 'error', code: 'InvalidToken' });
  });
});

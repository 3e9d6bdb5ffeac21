import { describe, expect, it, vi } from 'vitest';
import { contactDetailsSchema, type ContactDetailsContext } from './contact-details';
import { errorsOf } from '../../../forms/test-utils';

const details = {
  mailing_address1: '18 Lincoln Avenue',
  mailing_address2: '',
  mailing_city: 'Springfield',
  mailing_state: 'IL',
  mailing_zip: '62701',
  tenant_phone: '(217) 555-0147',
  tenant_email: 'tenant@example.com',
  no_secondary_contact: false,
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

const schema = (ctx: ContactDetailsContext = {}) => contactDetailsSchema(ctx);

describe('contact details schema', () => {
  it('accepts the details on file and asks no military question', async () => {
    expect(await errorsOf(schema(), details)).toEqual({});
  });

  it("gives the rental's messages for a bad zip, phone and e-mail", async () => {
    expect(
      await errorsOf(schema(), {
        ...details,
        mailing_zip: '627',
        tenant_phone: '(117) 555-0147',
        tenant_email: 'taylor@example',
        secondary_contact_zipcode: '6262',
      }),
    ).toEqual({
      mailing_zip: 'Invalid zip code',
      tenant_phone: 'Invalid Cell Phone Number',
      tenant_email: 'Invalid email',
      secondary_contact_zipcode: 'Invalid zip code',
    });
  });

  it('requires the mailing address, cell phone and e-mail', async () => {
    expect(await errorsOf(schema(), { no_secondary_contact: true })).toEqual({
      mailing_address1: 'This field is required',
      mailing_city: 'This field is required',
      mailing_state: 'This field is required',
      mailing_zip: 'This field is required',
      tenant_phone: 'This field is required',
      tenant_email: 'This field is required',
    });
  });

  it('lets the tenant waive the secondary contact unless the facility requires one', async () => {
    const waived = { ...details, no_secondary_contact: true, secondary_contact_first_name: '' };
    expect(await errorsOf(schema(), waived)).toEqual({});
    expect(Object.keys(await errorsOf(schema({ secondaryContactRequired: true }), waived))).toEqual([
      'no_secondary_contact',
    ]);
  });

  it('refuses a secondary address equal to the mailing address, at the secondary address', async () => {
    const same = {
      ...details,
      secondary_contact_address1: ' 18 lincoln  avenue',
      secondary_contact_city: 'Springfield',
      secondary_contact_zipcode: '62701',
    };
    const errors = await errorsOf(schema(), same);
    expect(Object.keys(errors)).toEqual(['secondary_contact_address1']);
  });

  it('asks the phone validation call about both complete phones', async () => {
    const validatePhone = vi.fn(async (digits: string) => digits !== '2175550123');
    expect(await errorsOf(schema({ validatePhone }), details)).toEqual({
      secondary_contact_phone: 'Invalid Cell Phone Number',
    });
    expect(validatePhone.mock.calls.map(([digits]) => digits).sort()).toEqual(['2175550123', '2175550147']);
  });
});

import { describe, expect, it, vi } from 'vitest';
import { secondaryContactSchema, type MailingAddress, type SecondaryContactContext } from './secondary-contact';
import { errorOf, errorsOf } from '../../forms/test-utils';

const mailing: MailingAddress = {
  mailing_address1: '1 Main St',
  mailing_address2: '',
  mailing_city: 'Springfield',
  mailing_state: 'IL',
  mailing_zip: '62701',
};

const contact = {
  no_secondary_contact: false,
  secondary_contact_first_name: 'John',
  secondary_contact_last_name: 'Smith',
  secondary_contact_email: '',
  secondary_contact_phone: '(555) 765-4321',
  secondary_contact_address1: '9 Elm St',
  secondary_contact_address2: '',
  secondary_contact_city: 'Springfield',
  secondary_contact_state: 'IL',
  secondary_contact_zipcode: '62702',
  active_military: false,
};

const schema = (ctx: SecondaryContactContext = {}) => secondaryContactSchema({ mailing, ...ctx });

describe('secondary contact schema', () => {
  it('accepts a complete contact', async () => {
    expect(await errorsOf(schema(), contact)).toEqual({});
  });

  it('requires names, phone, address1, city, state and zip unless waived', async () => {
    expect(await errorsOf(schema(), { no_secondary_contact: false, active_military: false })).toEqual({
      secondary_contact_first_name: 'This field is required',
      secondary_contact_last_name: 'This field is required',
      secondary_contact_phone: 'This field is required',
      secondary_contact_address1: 'This field is required',
      secondary_contact_city: 'This field is required',
      secondary_contact_state: 'This field is required',
      secondary_contact_zipcode: 'This field is required',
    });
  });

  it('asks nothing of a waived contact', async () => {
    expect(await errorsOf(schema(), { no_secondary_contact: true, active_military: false })).toEqual({});
  });

  it('applies the name, phone and zip rules', async () => {
    const errors = await errorsOf(schema(), {
      ...contact,
      secondary_contact_first_name: 'J0hn',
      secondary_contact_phone: '(155) 765-4321',
      secondary_contact_zipcode: '627',
    });
    expect(errors).toEqual({
      secondary_contact_first_name: 'Must only contain alphabetic characters.',
      secondary_contact_phone: 'Invalid Cell Phone Number',
      secondary_contact_zipcode: 'Invalid zip code',
    });
  });

  it('checks the secondary phone through the validation call', async () => {
    const validatePhone = vi.fn(async () => false);
    expect(await errorOf(schema({ validatePhone }), contact, 'secondary_contact_phone')).toBe(
      'Invalid Cell Phone Number',
    );
  });

  it('requires the email only when the facility demands it', async () => {
    expect(await errorOf(schema(), contact, 'secondary_contact_email')).toBeUndefined();
    expect(await errorOf(schema({ secondaryEmailRequired: true }), contact, 'secondary_contact_email')).toBe(
      'This field is required',
    );
  });

  it('validates a given email even when not required', async () => {
    expect(await errorOf(schema(), { ...contact, secondary_contact_email: 'john@' }, 'secondary_contact_email')).toBe(
      'Invalid email',
    );
  });

  it('refuses waiving when the facility requires a secondary contact', async () => {
    const waived = { no_secondary_contact: true, active_military: false };
    expect(await errorOf(schema({ secondaryContactRequired: true }), waived, 'no_secondary_contact')).toBe(
      'This facility requires a secondary contact',
    );
    expect(await errorOf(schema(), waived, 'no_secondary_contact')).toBeUndefined();
  });

  it("puts 'Mailing Address and Secondary Address can't be same' on the secondary address", async () => {
    const same = {
      ...contact,
      secondary_contact_address1: ' 1 MAIN  st ',
      secondary_contact_city: 'springfield',
      secondary_contact_zipcode: '62701',
    };
    expect(await errorsOf(schema(), same)).toEqual({
      secondary_contact_address1: "Mailing Address and Secondary Address can't be same",
    });
  });

  it('treats another apartment or zip as a different address', async () => {
    const otherFlat = {
      ...contact,
      secondary_contact_address1: '1 Main St',
      secondary_contact_address2: 'Apt 2',
      secondary_contact_zipcode: '62701',
    };
    expect(await errorsOf(schema(), otherFlat)).toEqual({});
  });

  it('skips the same-address check at step index 2, and for a waived contact', async () => {
    const same = { ...contact, secondary_contact_address1: '1 Main St', secondary_contact_zipcode: '62701' };
    expect(await errorsOf(schema({ stepIndex: 2 }), same)).toEqual({});
    expect(await errorsOf(schema({ stepIndex: 1 }), same)).not.toEqual({});
    expect(await errorsOf(schema(), { ...same, no_secondary_contact: true })).toEqual({});
  });

  it('asks whether the tenant is active military', async () => {
    expect(await errorOf(schema(), { ...contact, active_military: undefined }, 'active_military')).toBe(
      'This field is required',
    );
  });
});

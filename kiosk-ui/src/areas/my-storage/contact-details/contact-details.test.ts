import type { TenantDetail } from '@kiosk/shared-types';
import { describe, expect, it } from 'vitest';
import { changedDetails, contactFieldErrors, contactForm, contactValuesFrom } from './contact-details';

const primary: TenantDetail = {
  type: 'primary',
  name: { first: 'Taylor', last: 'Morgan' },
  email: 'tenant@example.com',
  address: { address1: '18 Lincoln Avenue', address2: '', city: 'Springfield', stateCode: 'IL', postalCode: '62701' },
  phones: [
    { type: 'home', number: '+12175550100' },
    { type: 'cell', number: '+12175550147' },
  ],
  tenant_id: 't-5001',
  res_id: null,
};
const secondary: TenantDetail = {
  ...primary,
  type: 'secondary',
  name: { first: 'Jordan', last: 'Morgan' },
  email: 'jordan.morgan@example.org',
  address: { address1: '77 Elm Street', address2: '', city: 'Chatham', stateCode: 'IL', postalCode: '62629' },
  phones: [{ type: 'cell', number: '+12175550123' }],
};

describe('contact details from the account data', () => {
  it('fills the mailing address, the cell phone as the mask shows it, the e-mail and the secondary contact', () => {
    const values = contactValuesFrom([primary, secondary]);
    expect(values).toMatchObject({
      mailing_address1: '18 Lincoln Avenue',
      mailing_zip: '62701',
      mailing_state: 'IL',
      tenant_phone: '(217) 555-0147',
      tenant_email: 'tenant@example.com',
      no_secondary_contact: false,
      secondary_contact_first_name: 'Jordan',
      secondary_contact_phone: '(217) 555-0123',
      secondary_contact_zipcode: '62629',
    });
  });

  it('shows no secondary contact as waived, unless the facility requires one', () => {
    expect(contactValuesFrom([primary]).no_secondary_contact).toBe(true);
    expect(contactValuesFrom([primary], { secondaryContactRequired: true }).no_secondary_contact).toBe(false);
  });
});

describe('the update form', () => {
  it('sends every field, trimmed, and a waived contact empty', () => {
    const values = { ...contactValuesFrom([primary, secondary]), tenant_email: ' new@example.com ' };
    const form = contactForm(values);
    expect(form.tenant_email).toBe('new@example.com');
    expect(form.no_secondary_contact).toBe('false');
    expect(form.secondary_contact_city).toBe('Chatham');
    const waived = contactForm({ ...values, no_secondary_contact: true });
    expect(waived.no_secondary_contact).toBe('true');
    expect(waived.secondary_contact_city).toBe('');
    expect(waived.mailing_city).toBe('Springfield');
  });
});

describe("the operator's answer", () => {
  it('names each changed detail once, in the screen order', () => {
    expect(changedDetails(['tenant_email', 'tenant_phone'])).toEqual(['cell_phone', 'email']);
    expect(changedDetails(['secondary_contact_zipcode', 'mailing_zip', 'mailing_city', 'unknown'])).toEqual([
      'mailing_address',
      'secondary_contact',
    ]);
    expect(changedDetails([])).toEqual([]);
  });

  it("keeps the first message of each form field's error", () => {
    expect(contactFieldErrors({ tenant_email: ['Taken.', 'Other'], __all__: ['x'], other: ['y'] })).toEqual({
      tenant_email: 'Taken.',
    });
  });
});

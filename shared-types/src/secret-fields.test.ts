import { describe, expect, it } from 'vitest';
import { fieldSecrecy, maskPartialCardNumber, maskSecrets, REMOVED } from './masking.js';

describe('secret fields: one rule for logs and speech', () => {
  it('knows an SSN by its type whatever its name, or by any name with an ssn word', () => {
    expect(fieldSecrecy({ name: 'tax_id', type: 'ssn' })).toBe('secret');
    for (const name of ['ssn', 'tenant_ssn', 'tenantSSN', 'SSN_last4', 'tenantssn', 'military_ssn'])
      expect(fieldSecrecy({ name }), name).toBe('secret');
    for (const name of ['business_name', 'businessname', 'lessness'])
      expect(fieldSecrecy({ name }), name).toBe('plain');
  });

  it('treats CVV, passwords and expiry as secret and card-number fields as card numbers', () => {
    for (const name of ['cvv', 'cc_cvv', 'password', 'confirm_password', 'cc_exp_month', 'cc_exp_year'])
      expect(fieldSecrecy({ name }), name).toBe('secret');
    expect(fieldSecrecy({ name: 'x', type: 'password' })).toBe('secret');
    expect(fieldSecrecy({ name: 'cc_number' })).toBe('card-number');
    expect(fieldSecrecy({ name: 'card_number' })).toBe('card-number');
    expect(fieldSecrecy({ name: 'pan', autocomplete: 'cc-number' })).toBe('card-number');
    expect(fieldSecrecy({ name: 'tenant_first_name' })).toBe('plain');
  });

  it('shows a card number typed so far by its last four digits only, once four exist', () => {
    expect(maskPartialCardNumber('4111 1111 111')).toBe('*******1111');
    expect(maskPartialCardNumber('411')).toBe('***');
    expect(maskPartialCardNumber('4111 1111 1111 1111')).toBe('4111********1111');
    expect(maskSecrets({ cc_number: '4111 1111 111', card_number: '41111' })).toEqual({
      cc_number: '*******1111',
      card_number: '*1111',
    });
  });

  it('removes an SSN from the additional-information sections and their values, whatever its name', () => {
    const tokens = {
      sections: [
        {
          title: 'Lease details',
          fields: [
            { type: 'ssn', name: 'tax_id', label: 'Taxpayer number', required: false, value: '123-45-6789' },
            { type: 'text', name: 'business_name', label: 'Business', required: false },
          ],
        },
      ],
      values: {
        tax_id: '123-45-6789',
        tenant_ssn: '987-65-4321',
        business_name: 'Acme',
        planned_move_out: '01/31/2030',
      },
    };
    const masked = maskSecrets({ form: tokens });
    const text = JSON.stringify(masked);
    expect(text).not.toContain('6789');
    expect(text).not.toContain('4321');
    expect(masked.form.values).toEqual({
      tax_id: REMOVED,
      tenant_ssn: REMOVED,
      business_name: 'Acme',
      planned_move_out: '01/31/2030',
    });
    expect(masked.form.sections[0]!.fields[0]).toMatchObject({ name: 'tax_id', label: 'Taxpayer number' });
    expect(tokens.values.tax_id).toBe('123-45-6789');
  });
});

describe('secret fields: personal details, one-time codes and card data by name', () => {
  it('knows addresses, gate and access codes, free text, phones and e-mails as personal', () => {
    for (const name of [
      'mailing_address1',
      'mailing_address2',
      'secondary_contact_address1',
      'secondary_contact_address2',
      'billing_address1',
      'military_address2',
      'address',
      'accessCode',
      'access_code',
      'gatecode',
      'gate_code',
      'gateCode',
      'noke_pin',
      'notes',
      'facility_notes',
      'comment',
      'customer_comments',
      'special_instructions',
      'other_vehicle_describe',
      'free_text',
      'tenant_phone',
      'tenant_email',
      'driving_lis_no',
    ])
      expect(fieldSecrecy({ name }), name).toBe('personal');
    expect(fieldSecrecy({ name: 'lease_question_7', type: 'textarea' })).toBe('personal');
    expect(fieldSecrecy({ name: 'line', autocomplete: 'street-address' })).toBe('personal');
  });

  it('leaves network addresses and words that only contain the letters alone', () => {
    for (const name of [
      'remoteAddress',
      'ip_address',
      'notEnrolled',
      'footprint',
      'description',
      'shipping',
      'unit_no',
      'zip',
      'mailing_city',
    ])
      expect(fieldSecrecy({ name }), name).toBe('plain');
  });

  it('treats one-time codes, tokens and every spelling of a card expiry or security code as secret', () => {
    for (const name of [
      'otp',
      'otp_code',
      'otpCode',
      'one_time_code',
      'verification_code',
      'user_token',
      'userToken',
      'hold_token',
      'card_expiry',
      'expiry_date',
      'expiration_month',
      'ccExp',
      'cvc2',
      'card_code',
      'csc',
    ])
      expect(fieldSecrecy({ name }), name).toBe('secret');
    for (const name of ['expires_at', 'hold_expiration', 'expiration'])
      expect(fieldSecrecy({ name }), name).toBe('plain');
    for (const name of ['creditCardNumber', 'pan', 'cc_number'])
      expect(fieldSecrecy({ name }), name).toBe('card-number');
  });
});

describe('private in speech: the same rule, and names', () => {
  it("counts personal fields, card numbers and people's names as private, not secrets or plain choices", async () => {
    const { isPrivateToSpeak } = await import('./secret-fields.js');
    for (const name of [
      'tenant_first_name',
      'last_name',
      'firstName',
      'full_name',
      'name_on_card',
      'secondary_contact_first_name',
      'mailing_address1',
      'tenant_phone',
      'gatecode',
      'cc_number',
      'license_number',
    ])
      expect(isPrivateToSpeak({ name }), name).toBe(true);
    expect(isPrivateToSpeak({ name: 'x', autocomplete: 'given-name' })).toBe(true);
    for (const name of ['business_name', 'display_name', 'unit_name', 'cvv', 'password', 'insurance_id', 'zip'])
      expect(isPrivateToSpeak({ name }), name).toBe(false);
  });
});

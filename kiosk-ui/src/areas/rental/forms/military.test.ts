import { describe, expect, it, vi } from 'vitest';
import { militarySchema, SSN_MASK } from './military';
import { errorOf, errorsOf } from '../../../forms/test-utils';

const active = {
  active_military: true,
  military_ssn: '123-45-6789',
  military_ets_date: '12/31/2027',
  military_email: 'sgt@example.mil',
  military_contact_name: 'Pat Doe',
  military_commanding_officer: 'Col. Roe',
  military_branch: 'Army',
  military_name: '1st Battalion',
  military_unit_phone: '(555) 222-3333',
  military_address1: '100 Base Rd',
  military_address2: '',
  military_city: 'Fort Example',
  military_state: 'TX',
  military_zip: '76544',
};

describe('military schema', () => {
  it('accepts a complete active-duty form', async () => {
    expect(await errorsOf(militarySchema(), active)).toEqual({});
  });

  it('requires active_military itself', async () => {
    expect(await errorsOf(militarySchema(), {})).toEqual({ active_military: 'This field is required' });
  });

  it('asks nothing more when not active', async () => {
    expect(await errorsOf(militarySchema(), { active_military: false })).toEqual({});
  });

  it('requires every field but address2 when active', async () => {
    expect(await errorsOf(militarySchema(), { active_military: true })).toEqual({
      military_ssn: 'This field is required',
      military_ets_date: 'This field is required',
      military_email: 'This field is required',
      military_contact_name: 'This field is required',
      military_commanding_officer: 'This field is required',
      military_branch: 'This field is required',
      military_name: 'This field is required',
      military_unit_phone: 'This field is required',
      military_address1: 'This field is required',
      military_city: 'This field is required',
      military_state: 'This field is required',
      military_zip: 'This field is required',
    });
  });

  it('checks the ssn mask ###-##-####, the email, the unit phone and the zip', async () => {
    expect(SSN_MASK).toBe('000-00-0000');
    const errors = await errorsOf(militarySchema(), {
      ...active,
      military_ssn: '123456789',
      military_email: 'sgt@',
      military_unit_phone: '(155) 222-3333',
      military_zip: '7654',
    });
    expect(errors).toEqual({
      military_ssn: 'Invalid SSN',
      military_email: 'Invalid email',
      military_unit_phone: 'Invalid Cell Phone Number',
      military_zip: 'Invalid zip code',
    });
  });

  it('checks the unit phone through the validation call', async () => {
    const validatePhone = vi.fn(async () => false);
    expect(await errorOf(militarySchema({ validatePhone }), active, 'military_unit_phone')).toBe(
      'Invalid Cell Phone Number',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { cardSchema, type CardValues } from './card';
import { errorOf, errorsOf } from './test-utils';

const today = new Date(2025, 5, 15); // June 2025

const valid: CardValues = {
  billing_same_as_mailing: true,
  billing_address1: '',
  billing_address2: '',
  billing_city: '',
  billing_state: '',
  billing_zipcode: '',
  name_on_card: 'Mary Ann Smith',
  cc_number: '4111 1111 1111 1111',
  cc_exp_month: 6,
  cc_exp_year: 2025,
  cvv: '123',
  auto_debit: false,
};

const schema = cardSchema({ today });

describe('card schema', () => {
  it('accepts a complete card with billing the same as mailing', async () => {
    expect(await errorsOf(schema, valid)).toEqual({});
  });

  it('defaults billing_same_as_mailing to true', () => {
    expect(schema.getDefault().billing_same_as_mailing).toBe(true);
  });

  it("requires billing address1, city, state and a 5-digit zip when billing differs: 'This field is required'", async () => {
    const differs = { ...valid, billing_same_as_mailing: false };
    expect(await errorsOf(schema, differs)).toEqual({
      billing_address1: 'This field is required',
      billing_city: 'This field is required',
      billing_state: 'This field is required',
      billing_zipcode: 'This field is required',
    });
    expect(
      await errorsOf(schema, {
        ...differs,
        billing_address1: '2 Oak Ave',
        billing_city: 'Peoria',
        billing_state: 'IL',
        billing_zipcode: '6160',
      }),
    ).toEqual({ billing_zipcode: 'Invalid zip code' });
  });

  it('name on card: required, letters and spaces, at most 100', async () => {
    expect(await errorOf(schema, { ...valid, name_on_card: '' }, 'name_on_card')).toBe('This field is required');
    expect(await errorOf(schema, { ...valid, name_on_card: 'Mary-Ann' }, 'name_on_card')).toBe(
      'Must only contain alphabetic characters.',
    );
    expect(await errorOf(schema, { ...valid, name_on_card: 'a'.repeat(100) }, 'name_on_card')).toBeUndefined();
    expect(await errorOf(schema, { ...valid, name_on_card: 'a'.repeat(101) }, 'name_on_card')).toBe(
      'Must be at most 100 characters',
    );
  });

  it("card number: required and valid: 'Invalid credit card'", async () => {
    expect(await errorOf(schema, { ...valid, cc_number: '' }, 'cc_number')).toBe('This field is required');
    expect(await errorOf(schema, { ...valid, cc_number: '4111 1111 1111 1112' }, 'cc_number')).toBe(
      'Invalid credit card',
    );
    expect(await errorOf(schema, { ...valid, cc_number: '4111 1111 1111 111' }, 'cc_number')).toBe(
      'Invalid credit card',
    );
    expect(
      await errorOf(schema, { ...valid, cc_number: '3782 822463 10005', cvv: '1234' }, 'cc_number'),
    ).toBeUndefined();
  });

  it("CVV: required, 3 digits, or 3-4 for 34/37: 'Invalid CVV'", async () => {
    expect(await errorOf(schema, { ...valid, cvv: '' }, 'cvv')).toBe('This field is required');
    expect(await errorOf(schema, { ...valid, cvv: '12' }, 'cvv')).toBe('Invalid CVV');
    expect(await errorOf(schema, { ...valid, cvv: '1234' }, 'cvv')).toBe('Invalid CVV');
    const amex = { ...valid, cc_number: '3782 822463 10005' };
    expect(await errorOf(schema, { ...amex, cvv: '123' }, 'cvv')).toBeUndefined();
    expect(await errorOf(schema, { ...amex, cvv: '1234' }, 'cvv')).toBeUndefined();
    expect(await errorOf(schema, { ...amex, cvv: '12345' }, 'cvv')).toBe('Invalid CVV');
  });

  it('CVV stays required after a swipe filled the rest', async () => {
    const swiped = { ...valid, name_on_card: 'JOHN DOE', cc_number: '4111111111111111', cvv: '' };
    expect(await errorsOf(schema, swiped)).toEqual({ cvv: 'This field is required' });
  });

  it('expiry month and year are required', async () => {
    expect(await errorsOf(schema, { ...valid, cc_exp_month: '', cc_exp_year: undefined })).toEqual({
      cc_exp_month: 'This field is required',
      cc_exp_year: 'This field is required',
    });
  });

  it("an expiry in the past gives 'Invalid expiry date' and blocks Done", async () => {
    expect(await errorsOf(schema, { ...valid, cc_exp_month: 5, cc_exp_year: 2025 })).toEqual({
      cc_exp_month: 'Invalid expiry date',
    });
    expect(await errorsOf(schema, { ...valid, cc_exp_month: 12, cc_exp_year: 2024 })).toEqual({
      cc_exp_month: 'Invalid expiry date',
    });
    expect(await errorsOf(schema, { ...valid, cc_exp_month: '1', cc_exp_year: '2026' })).toEqual({});
  });

  it('keeps auto_debit ticked when the facility always requires autopay', async () => {
    const always = cardSchema({ today, autopayAlwaysRequired: true });
    expect(await errorsOf(always, valid)).toEqual({ auto_debit: 'This facility requires autopay' });
    expect(await errorsOf(always, { ...valid, auto_debit: true })).toEqual({});
  });
});

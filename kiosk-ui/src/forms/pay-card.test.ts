import { describe, expect, it } from 'vitest';
import { payCardSchema } from './pay-card';
import { errorOf, errorsOf } from './test-utils';

const today = new Date(2025, 5, 15);
const schema = payCardSchema({ today });
const valid = {
  card_name: 'J. Doe-Smith',
  card_number: '4111 1111 1111 1111',
  cc_exp_month: 7,
  cc_exp_year: 2026,
  cvv: '123',
};

describe('pay-bill card schema', () => {
  it('accepts a complete card (the card name only needs to be there)', async () => {
    expect(await errorsOf(schema, valid)).toEqual({});
  });

  it('requires every field', async () => {
    expect(await errorsOf(schema, {})).toEqual({
      card_name: 'This field is required',
      card_number: 'This field is required',
      cc_exp_month: 'This field is required',
      cc_exp_year: 'This field is required',
      cvv: 'This field is required',
    });
  });

  it("checks the number and the CVV: 'Invalid credit card', 'Invalid CVV'", async () => {
    expect(await errorOf(schema, { ...valid, card_number: '4111 1111 1111 1110' }, 'card_number')).toBe(
      'Invalid credit card',
    );
    expect(await errorOf(schema, { ...valid, cvv: '1234' }, 'cvv')).toBe('Invalid CVV');
    expect(await errorOf(schema, { ...valid, card_number: '378282246310005', cvv: '1234' }, 'cvv')).toBeUndefined();
  });

  it("says 'invalid expiry date' in lower case, as the shell spec writes it", async () => {
    expect(await errorsOf(schema, { ...valid, cc_exp_month: 5, cc_exp_year: 2025 })).toEqual({
      cc_exp_month: 'invalid expiry date',
    });
    expect(await errorsOf(schema, { ...valid, cc_exp_month: 1, cc_exp_year: 2024 })).toEqual({
      cc_exp_month: 'invalid expiry date',
    });
    expect(await errorsOf(schema, { ...valid, cc_exp_month: 6, cc_exp_year: 2025 })).toEqual({});
  });
});

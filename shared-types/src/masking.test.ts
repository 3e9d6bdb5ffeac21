import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { maskCardNumber, maskCardNumbersInText, maskSecrets, REMOVED } from './masking.js';

const cardNumber = fc
  .integer({ min: 13, max: 19 })
  .chain((length) => fc.array(fc.integer({ min: 0, max: 9 }), { minLength: length, maxLength: length }))
  .map((digits) => digits.join(''));

function formatted(digits: string, separator: string): string {
  return digits.replace(/(\d{4})(?=\d)/g, `$1${separator}`);
}

describe('maskCardNumber', () => {
  it('keeps the first 4 and last 4 digits only', () => {
    expect(maskCardNumber('4111111111111111')).toBe('4111********1111');
    expect(maskCardNumber('3782 822463 10005')).toBe('3782*******0005');
  });
});

describe('maskCardNumbersInText', () => {
  it('never lets a card number through, whatever its format or position', () => {
    fc.assert(
      fc.property(
        cardNumber,
        fc.constantFrom('', ' ', '-'),
        fc.string(),
        fc.string(),
        (digits, separator, before, after) => {
          const text = `${before.replace(/[0-9]/g, 'x')} ${formatted(digits, separator)} ${after.replace(/[0-9]/g, 'x')}`;
          const masked = maskCardNumbersInText(text);
          // The number is replaced in place by its first 4 digits, one '*' per hidden digit and its
          // last 4; the text around it is untouched. (Comparing digit runs across the stars would
          // fail on numbers such as 0915 915122 1220, whose first and last 4 spell the middle.)
          const shown = `${digits.slice(0, 4)}${'*'.repeat(digits.length - 8)}${digits.slice(-4)}`;
          expect(masked).toBe(text.replace(formatted(digits, separator), shown));
          expect(masked.replace(/[^0-9]/g, '').length).toBe(8);
        },
      ),
      { numRuns: 500, examples: [['09159151221220', '', '', '']] },
    );
  });

  it('leaves zip codes, phone numbers and amounts readable', () => {
    expect(maskCardNumbersInText('zip 90210 phone (555) 123-4567 total 1234.56')).toBe(
      'zip 90210 phone (555) 123-4567 total 1234.56',
    );
  });
});

describe('masking twice', () => {
  it('keeps the first 4 and last 4 digits of a number the UI already masked', () => {
    expect(maskCardNumber('4111********1111')).toBe('4111********1111');
    expect(maskSecrets({ cc_number: maskCardNumber('4111111111111111') })).toEqual({ cc_number: '4111********1111' });
    fc.assert(
      fc.property(cardNumber, (digits) => {
        const once = maskCardNumber(digits);
        expect(maskCardNumber(once)).toBe(once);
      }),
    );
  });
});

describe('maskSecrets', () => {
  it('masks a card number kept as a JavaScript number under any key', () => {
    expect(maskSecrets({ reference: 4111111111111111, amount: 123456, zip: 62704 })).toEqual({
      reference: '4111********1111',
      amount: 123456,
      zip: 62704,
    });
  });

  it('masks the card number and removes CVV, expiry and passwords from a rental model', () => {
    const model = {
      tenant_first_name: 'Ada',
      cc_number: '4111 1111 1111 1111',
      cvv: '123',
      cc_exp_month: '04',
      cc_exp_year: '2031',
      newpassword: 'Secret!1',
      nested: [{ note: 'paid with 5500-0000-0000-0004 today' }],
    };
    const masked = maskSecrets(model);
    expect(masked).toEqual({
      tenant_first_name: 'Ada',
      cc_number: '4111********1111',
      cvv: REMOVED,
      cc_exp_month: REMOVED,
      cc_exp_year: REMOVED,
      newpassword: REMOVED,
      nested: [{ note: 'paid with 5500********0004 today' }],
    });
    expect(JSON.stringify(masked)).not.toContain('123"');
    expect(model.cvv).toBe('123');
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cardBrand,
  cardDigits,
  cardExpiry,
  cardNumberLength,
  cvvLength,
  isExpiryInPast,
  isValidCardNumber,
  isValidCvv,
  passesLuhn,
} from './card.js';

/** Appends the Luhn check digit to a body of digits. */
function withCheckDigit(body: string): string {
  for (let check = 0; check <= 9; check += 1) {
    if (passesLuhn(`${body}${check}`)) return `${body}${check}`;
  }
  throw new Error('no check digit');
}

const digits = (length: number) =>
  fc.array(fc.integer({ min: 0, max: 9 }), { minLength: length, maxLength: length }).map((d) => d.join(''));

describe('brand and lengths', () => {
  it('treats cards starting 34 or 37 as amex, others not, masked or not', () => {
    expect(cardBrand('341111111111111')).toBe('amex');
    expect(cardBrand('3782 822463 10005')).toBe('amex');
    expect(cardBrand('4111111111111111')).toBe('other');
    expect(cardBrand('3511111111111111')).toBe('other');
    expect(cardBrand('')).toBe('other');
    expect(cardDigits('3782 822463 10005')).toBe('378282246310005');
  });

  it('needs 16 digits, or 15 for 34/37; the CVV takes 3, or 4 for 34/37', () => {
    expect(cardNumberLength('4111')).toBe(16);
    expect(cardNumberLength('3411')).toBe(15);
    expect(cvvLength('4111111111111111')).toBe(3);
    expect(cvvLength('378282246310005')).toBe(4);
  });
});

describe('passesLuhn', () => {
  it('knows the test cards and refuses a changed digit and anything but digits', () => {
    for (const card of ['4111111111111111', '378282246310005', '4000000000000002', '4000000000009995']) {
      expect(passesLuhn(card)).toBe(true);
    }
    expect(passesLuhn('4111111111111112')).toBe(false);
    expect(passesLuhn('4111 1111 1111 1111')).toBe(false);
    expect(passesLuhn('')).toBe(false);
  });

  it('refuses every check digit but the one it computes', () => {
    fc.assert(
      fc.property(digits(15), fc.integer({ min: 1, max: 9 }), (body, shift) => {
        const valid = withCheckDigit(body);
        const last = (Number(valid.slice(-1)) + shift) % 10;
        expect(passesLuhn(`${valid.slice(0, -1)}${last}`)).toBe(false);
      }),
    );
  });
});

describe('isValidCardNumber', () => {
  it('accepts the test cards, masked or not', () => {
    expect(isValidCardNumber('4111111111111111')).toBe(true);
    expect(isValidCardNumber('4111 1111 1111 1111')).toBe(true);
    expect(isValidCardNumber('378282246310005')).toBe(true);
    expect(isValidCardNumber('3782 822463 10005')).toBe(true);
  });

  it('refuses a wrong check digit, a wrong length, dashes, letters and an empty value', () => {
    expect(isValidCardNumber('4111111111111112')).toBe(false);
    expect(isValidCardNumber('411111111111111')).toBe(false);
    expect(isValidCardNumber('41111111111111110')).toBe(false);
    expect(isValidCardNumber('3782822463100050')).toBe(false); // amex with 16 digits
    expect(isValidCardNumber('4111-1111-1111-1111')).toBe(false);
    expect(isValidCardNumber('4111a11111111111')).toBe(false);
    expect(isValidCardNumber('')).toBe(false);
  });

  it('accepts every number of its brand length with its check digit', () => {
    fc.assert(
      fc.property(fc.constantFrom('34', '37', '4', '5', '6'), digits(15), (prefix, rest) => {
        const body = `${prefix}${rest}`.slice(0, cardNumberLength(prefix) - 1);
        expect(isValidCardNumber(withCheckDigit(body))).toBe(true);
      }),
    );
  });
});

describe('isValidCvv', () => {
  it('needs exactly 3 digits for ordinary cards', () => {
    expect(isValidCvv('123', '4111111111111111')).toBe(true);
    expect(isValidCvv('12', '4111111111111111')).toBe(false);
    expect(isValidCvv('1234', '4111111111111111')).toBe(false);
    expect(isValidCvv('12a', '4111111111111111')).toBe(false);
  });

  it('takes 3 or 4 digits for cards starting 34 or 37', () => {
    expect(isValidCvv('123', '378282246310005')).toBe(true);
    expect(isValidCvv('1234', '378282246310005')).toBe(true);
    expect(isValidCvv('12', '378282246310005')).toBe(false);
    expect(isValidCvv('12345', '378282246310005')).toBe(false);
  });
});

describe('expiry', () => {
  const today = { year: 2025, month: 6 };

  it('is in the past for an earlier year, or this year with an earlier month', () => {
    expect(isExpiryInPast({ year: 2024, month: 12 }, today)).toBe(true);
    expect(isExpiryInPast({ year: 2025, month: 5 }, today)).toBe(true);
    expect(isExpiryInPast({ year: 2025, month: 6 }, today)).toBe(false);
    expect(isExpiryInPast({ year: 2026, month: 1 }, today)).toBe(false);
  });

  it('reads form values, takes a two-digit year as 20xx and refuses a month outside 1-12', () => {
    expect(cardExpiry('07', '27')).toEqual({ year: 2027, month: 7 });
    expect(cardExpiry(12, 2030)).toEqual({ year: 2030, month: 12 });
    expect(cardExpiry('13', '2030')).toBeUndefined();
    expect(cardExpiry('0', '2030')).toBeUndefined();
    expect(cardExpiry('', '')).toBeUndefined();
    expect(cardExpiry('6', 'next')).toBeUndefined();
  });
});

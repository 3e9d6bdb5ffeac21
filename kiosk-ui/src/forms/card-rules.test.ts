import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cardNumberLength, isValidCardNumber, passesLuhn } from '@kiosk/shared-types';
import {
  cardMask,
  EXPIRY_MONTHS,
  expiryYears,
  isCardExpired,
  normaliseZip,
  swipeToForm,
  zipTriggersStateLookup,
} from './card-rules';

/** Appends the Luhn check digit to a body of digits. */
function withCheckDigit(body: string): string {
  for (let check = 0; check <= 9; check += 1) {
    if (passesLuhn(`${body}${check}`)) return `${body}${check}`;
  }
  throw new Error('unreachable');
}

const digits = (length: number) =>
  fc.array(fc.integer({ min: 0, max: 9 }), { minLength: length, maxLength: length }).map((d) => d.join(''));

/** Applies an imask-style pattern ('0' = digit) to digits, as the masked input shows them. */
function applyMask(mask: string, value: string): string {
  let out = '';
  let i = 0;
  for (const ch of mask) {
    if (i >= value.length) break;
    if (ch === '0') out += value[i++];
    else out += ch;
  }
  return out;
}

describe('card masks', () => {
  it('masks 4-4-4-4, or 4-6-5 for 34/37 (imask pattern syntax)', () => {
    expect(cardMask('4111')).toBe('0000 0000 0000 0000');
    expect(cardMask('34')).toBe('0000 000000 00000');
    expect(cardMask('37')).toBe('0000 000000 00000');
    expect(applyMask(cardMask('378282246310005'), '378282246310005')).toBe('3782 822463 10005');
    expect(applyMask(cardMask('4111111111111111'), '4111111111111111')).toBe('4111 1111 1111 1111');
  });

  it('a masked number holds exactly its card length in digits', () => {
    fc.assert(
      fc.property(fc.constantFrom('34', '37', '4', '5', '6'), digits(16), (prefix, rest) => {
        const number = `${prefix}${rest}`.slice(0, cardNumberLength(prefix));
        const mask = cardMask(number);
        expect(mask.replace(/ /g, '').length).toBe(cardNumberLength(number));
        expect(applyMask(mask, number).replace(/ /g, '')).toBe(number);
      }),
    );
  });
});

describe('masked card numbers', () => {
  it('accepts every 15-digit 34/37 number with its check digit', () => {
    fc.assert(
      fc.property(fc.constantFrom('34', '37'), digits(12), (prefix, body) => {
        const valid = withCheckDigit(`${prefix}${body}`);
        expect(isValidCardNumber(valid)).toBe(true);
        expect(isValidCardNumber(applyMask(cardMask(valid), valid))).toBe(true);
      }),
    );
  });
});

describe('expiry', () => {
  const today = new Date(2025, 5, 15); // 15 June 2025

  it('is in the past for an earlier year, or this year with an earlier month', () => {
    expect(isCardExpired(12, 2024, today)).toBe(true);
    expect(isCardExpired(5, 2025, today)).toBe(true);
    expect(isCardExpired(6, 2025, today)).toBe(false);
    expect(isCardExpired(1, 2026, today)).toBe(false);
  });

  it('offers the current year plus 20 (21 options) and months 1 to 12', () => {
    const years = expiryYears(today);
    expect(years).toHaveLength(21);
    expect(years[0]).toBe(2025);
    expect(years[20]).toBe(2045);
    expect(EXPIRY_MONTHS).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  });
});

describe('swipe', () => {
  it('fills the month as a number and the year prefixed with 20', () => {
    expect(swipeToForm({ name: 'JOHN DOE', card_number: '4111111111111111', exp_month: '07', exp_year: '27' })).toEqual(
      {
        name: 'JOHN DOE',
        card_number: '4111111111111111',
        cc_exp_month: 7,
        cc_exp_year: 2027,
      },
    );
  });

  it('keeps a four-digit year and turns a LAST/FIRST track name round', () => {
    const card = swipeToForm({
      name: 'DOE/JOHN ',
      card_number: '4111 1111 1111 1111',
      exp_month: 12,
      exp_year: '2030',
    });
    expect(card.name).toBe('JOHN DOE');
    expect(card.card_number).toBe('4111111111111111');
    expect(card.cc_exp_year).toBe(2030);
  });
});

describe('zip', () => {
  it('is cut to 5 characters', () => {
    expect(normaliseZip('123456789')).toBe('12345');
    expect(normaliseZip('1234')).toBe('1234');
  });

  it('starts a state lookup above 4 characters', () => {
    expect(zipTriggersStateLookup('1234')).toBe(false);
    expect(zipTriggersStateLookup('12345')).toBe(true);
  });
});

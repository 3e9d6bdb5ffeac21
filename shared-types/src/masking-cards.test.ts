import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { passesLuhn } from './card.js';
import { isCardNumberCandidate, maskCardNumber, maskCardNumbersInText } from './masking-cards.js';
import { maskSecrets } from './masking.js';

/** The Luhn check digit that completes `body`. */
function luhnCheckDigit(body: string): string {
  for (let digit = 0; digit <= 9; digit += 1) if (passesLuhn(`${body}${digit}`)) return String(digit);
  throw new Error('unreachable');
}

/** A number a card network could issue: 13-19 digits, first digit 2-6, a valid Luhn check digit. */
const cardNumber = fc
  .tuple(
    fc.integer({ min: 2, max: 6 }),
    fc
      .integer({ min: 13, max: 19 })
      .chain((length) => fc.array(fc.integer({ min: 0, max: 9 }), { minLength: length - 2, maxLength: length - 2 })),
  )
  .map(([first, middle]) => {
    const body = `${first}${middle.join('')}`;
    return body + luhnCheckDigit(body);
  });

/**
 * An epoch-milliseconds time from 2001-09-09 to 2033-05-18: 13 digits starting with 1. (Later
 * times start with 2, and one in ten of them passes the Luhn check.)
 */
const epochMilliseconds = fc.integer({ min: 1_000_000_000_000, max: 1_999_999_999_999 }).map(String);
const twelveDigitId = fc.integer({ min: 100_000_000_000, max: 999_999_999_999 }).map(String);

function formatted(digits: string, separator: string): string {
  return digits.replace(/(\d{4})(?=\d)/g, `$1${separator}`);
}

/** The digits split into groups at the given cut points, joined by the separator. */
function grouped(digits: string, separator: string, cuts: number[]): string {
  const points = [...new Set(cuts.map((cut) => 1 + (cut % (digits.length - 1))))].sort((a, b) => a - b);
  const parts: string[] = [];
  let at = 0;
  for (const point of points) {
    parts.push(digits.slice(at, point));
    at = point;
  }
  parts.push(digits.slice(at));
  return parts.join(separator);
}

/** Free text with no digits in it. */
const words = fc.string().map((text) => text.replace(/[0-9]/g, 'x'));

describe('maskCardNumber', () => {
  it('keeps the first 4 and last 4 digits only', () => {
    expect(maskCardNumber('4111111111111111')).toBe('4111********1111');
    expect(maskCardNumber('3782 822463 10005')).toBe('3782*******0005');
  });
});

describe('isCardNumberCandidate', () => {
  it('is true for the test cards', () => {
    for (const card of ['4111111111111111', '378282246310005', '4000000000000002', '4000000000009995'])
      expect(isCardNumberCandidate(card)).toBe(true);
  });

  it('is false for a wrong check digit, a first digit no network issues, or a wrong length', () => {
    expect(isCardNumberCandidate('4111111111111112')).toBe(false);
    expect(isCardNumberCandidate('1111111111111117')).toBe(false);
    expect(isCardNumberCandidate('7111111111111114')).toBe(false);
    expect(isCardNumberCandidate('411111111116')).toBe(false);
  });
});

describe('maskCardNumbersInText', () => {
  it('never lets a card number through, whatever its format or position', () => {
    fc.assert(
      fc.property(cardNumber, fc.constantFrom('', ' ', '-'), words, words, (digits, separator, before, after) => {
        const text = `${before} ${formatted(digits, separator)} ${after}`;
        const masked = maskCardNumbersInText(text);
        // The number is replaced in place by its first 4 digits, one '*' per hidden digit and its
        // last 4; the text around it is untouched. (Comparing digit runs across the stars would
        // fail on numbers such as 4915 4915 4915 4919, whose first 4 recur in the middle.)
        const shown = `${digits.slice(0, 4)}${'*'.repeat(digits.length - 8)}${digits.slice(-4)}`;
        expect(masked).toBe(text.replace(formatted(digits, separator), shown));
        expect(masked.replace(/[^0-9]/g, '').length).toBe(8);
      }),
      { numRuns: 500, examples: [['4915491549154919', '', '', '']] },
    );
  });

  it('masks a card number split into any groups by spaces or dashes', () => {
    fc.assert(
      fc.property(
        cardNumber,
        fc.constantFrom(' ', '-'),
        fc.array(fc.nat(), { maxLength: 6 }),
        words,
        (digits, separator, cuts, around) => {
          const masked = maskCardNumbersInText(`${around}:${grouped(digits, separator, cuts)}.`);
          expect(masked.replace(/[^0-9]/g, '').length).toBe(8);
          expect(masked).toContain(`${digits.slice(0, 4)}${'*'.repeat(digits.length - 8)}${digits.slice(-4)}`);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('shows at most 4 + 4 digits of a card number run together with other digit groups', () => {
    fc.assert(
      fc.property(
        cardNumber,
        fc.constantFrom(' ', '-'),
        fc.stringMatching(/^[0-9]{1,4}$/),
        fc.stringMatching(/^[0-9]{1,4}$/),
        (digits, separator, before, after) => {
          const masked = maskCardNumbersInText(
            `${before}${separator}${formatted(digits, separator)}${separator}${after}`,
          );
          expect(masked.replace(/[^0-9]/g, '').length).toBeLessThanOrEqual(8 + before.length + after.length);
          // The middle digits never show, not even split by separators; digits kept on either side
          // of the stars are apart (a run starting in `before` keeps "2412" of "2 4120…" and the
          // last four, which joined would spell part of the middle by chance).
          for (const shown of masked.split(/\*+/)) {
            expect(shown.replace(/[^0-9]/g, '')).not.toContain(digits.slice(4, -4));
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it('leaves epoch-millisecond times readable, as text or inside a JSON log line', () => {
    fc.assert(
      fc.property(epochMilliseconds, words, (time, message) => {
        const line = JSON.stringify({ level: 30, time: Number(time), msg: `at ${time}: ${message}` });
        expect(maskCardNumbersInText(line)).toBe(line);
        expect(JSON.parse(maskCardNumbersInText(line))).toEqual(JSON.parse(line));
        expect(maskSecrets({ time: Number(time), at: time })).toEqual({ time: Number(time), at: time });
      }),
      { numRuns: 500 },
    );
  });

  it('leaves 12-digit ids readable', () => {
    fc.assert(
      fc.property(twelveDigitId, fc.constantFrom('', ' ', '-'), words, (id, separator, around) => {
        const text = `${around} ${formatted(id, separator)} ${around}`;
        expect(maskCardNumbersInText(text)).toBe(text);
        expect(maskSecrets({ id: Number(id) })).toEqual({ id: Number(id) });
      }),
      { numRuns: 500 },
    );
  });

  it('leaves long ids that fail the Luhn check or start with 0, 1, 7, 8 or 9 readable', () => {
    expect(maskCardNumbersInText('transaction 4111111111111112 ok')).toBe('transaction 4111111111111112 ok');
    expect(maskCardNumbersInText('order 9111111111111110 ok')).toBe('order 9111111111111110 ok');
    expect(maskCardNumbersInText('trace 01234567890123452 ok')).toBe('trace 01234567890123452 ok');
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

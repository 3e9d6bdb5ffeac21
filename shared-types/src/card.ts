import { CARD } from './constants.js';

/*
 * The card rules (rental spec §5 and §9, shell spec §4): one copy for the kiosk's forms, the daemon
 * and the sandbox's payment processor, so a number the form accepts is one the sandbox accepts.
 */

/** The only brand the rules tell apart: cards starting 34 or 37 (American Express). */
export type CardBrand = 'amex' | 'other';

/** A year and a month (1-12), e.g. today in the facility's time zone. */
export interface YearMonth {
  year: number;
  month: number;
}

/** The digits of a card number as typed or masked ('4111 1111 ...'). */
export function cardDigits(number: string): string {
  return number.replace(/\D/g, '');
}

export function cardBrand(number: string): CardBrand {
  const digits = cardDigits(number);
  return CARD.amexPrefixes.some((prefix) => digits.startsWith(prefix)) ? 'amex' : 'other';
}

/** 16 digits, or 15 for 34/37. */
export function cardNumberLength(number: string): number {
  return cardBrand(number) === 'amex' ? CARD.amexNumberLength : CARD.numberLength;
}

/** The longest CVV for this card, and the CVV input's length: 4 for 34/37, else 3. */
export function cvvLength(number: string): number {
  return cardBrand(number) === 'amex' ? CARD.amexCvvLength : CARD.cvvLength;
}

/** The Luhn (mod 10) check digit test; false for anything but digits. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** A valid card number: digits (mask spaces allowed), 16 long (15 for 34/37), passing Luhn. */
export function isValidCardNumber(number: string): boolean {
  if (!/^[\d ]+$/.test(number)) return false;
  const digits = cardDigits(number);
  return digits.length === cardNumberLength(digits) && passesLuhn(digits);
}

/** CVV: 3 digits, or 3 or 4 digits for cards starting 34/37. */
export function isValidCvv(cvv: string, number: string): boolean {
  return /^\d+$/.test(cvv) && cvv.length >= CARD.cvvLength && cvv.length <= cvvLength(number);
}

/** A real month and year; a two-digit year (as a swipe reads it) is taken as 20xx. */
export function cardExpiry(month: number | string, year: number | string): YearMonth | undefined {
  const m = Number(month);
  let y = Number(year);
  if (!Number.isInteger(m) || m < 1 || m > 12 || !Number.isInteger(y) || y < 0) return undefined;
  if (y < 100) y += 2000;
  return { year: y, month: m };
}

/** Past: an earlier year, or this year with an earlier month. The current month is still valid. */
export function isExpiryInPast(expiry: YearMonth, today: YearMonth): boolean {
  return expiry.year < today.year || (expiry.year === today.year && expiry.month < today.month);
}

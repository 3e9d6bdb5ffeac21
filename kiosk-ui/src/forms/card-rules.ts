import { CARD, CARD_READER, LIMITS, MASKS } from '@kiosk/shared-types';
import { startOfToday, type Today } from './dates';

/** Cards starting 34 or 37 (American Express) have 15 digits, a 4-6-5 mask and a 4-digit CVV. */
export type CardType = 'amex' | 'other';

export function cardDigits(number: string): string {
  return number.replace(/\D/g, '');
}

export function cardType(number: string): CardType {
  const digits = cardDigits(number);
  return (CARD.amexPrefixes as readonly string[]).some((prefix) => digits.startsWith(prefix)) ? 'amex' : 'other';
}

/** imask pattern: '0000 0000 0000 0000', or '0000 000000 00000' for 34/37. */
export function cardMask(number: string): string {
  return cardType(number) === 'amex' ? MASKS.amexCard : MASKS.card;
}

export function cardNumberLength(number: string): number {
  return cardType(number) === 'amex' ? CARD.amexNumberLength : CARD.numberLength;
}

/** Input length of the CVV field: 4 for 34/37, else 3. */
export function cvvLength(number: string): number {
  return cardType(number) === 'amex' ? CARD.amexCvvLength : CARD.cvvLength;
}

/** CVV: 3 digits, or 3 or 4 digits for cards starting 34/37. */
export function isValidCvv(cvv: string, number: string): boolean {
  if (!/^\d+$/.test(cvv)) return false;
  return cvv.length >= CARD.cvvLength && cvv.length <= cvvLength(number);
}

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

/** Valid card: 16 digits (15 for 34/37) passing the Luhn check; mask spaces are ignored. */
export function isValidCardNumber(number: string): boolean {
  if (!/^[\d ]+$/.test(number)) return false;
  const digits = cardDigits(number);
  return digits.length === cardNumberLength(digits) && passesLuhn(digits);
}

/** Past: an earlier year, or this year with an earlier month. The current month is still valid. */
export function isExpiryInPast(month: number, year: number, today?: Today): boolean {
  const now = startOfToday(today);
  const thisYear = now.year();
  const thisMonth = now.month() + 1;
  return year < thisYear || (year === thisYear && month < thisMonth);
}

/** Expiry year options: the current year and the next 20 (21 options). */
export function expiryYears(today?: Today): number[] {
  const first = startOfToday(today).year();
  return Array.from({ length: CARD.expiryYearsAhead + 1 }, (_, i) => first + i);
}

export const EXPIRY_MONTHS: readonly number[] = Array.from({ length: 12 }, (_, i) => i + 1);

/** The decrypted swipe (result.DecryptedCardSwipe). */
export interface DecryptedCardSwipe {
  name: string;
  card_number: string;
  exp_month: string | number;
  exp_year: string | number;
}

export interface SwipedCard {
  name: string;
  card_number: string;
  cc_exp_month: number;
  cc_exp_year: number;
}

/**
 * Card fields from a swipe (shell §4): the month as a number, the year prefixed with '20'.
 * A track name 'DOE/JOHN' is turned round to 'JOHN DOE' so it passes the name-on-card rule.
 */
export function swipeToForm(swipe: DecryptedCardSwipe): SwipedCard {
  const year = String(swipe.exp_year).trim();
  return {
    name: swipeName(swipe.name),
    card_number: cardDigits(swipe.card_number),
    cc_exp_month: Number(swipe.exp_month),
    cc_exp_year: Number(year.length === 2 ? `${CARD_READER.swipeYearPrefix}${year}` : year),
  };
}

function swipeName(name: string): string {
  const [last, first] = name.split('/');
  const ordered = first === undefined ? name : `${first} ${last}`;
  return ordered.replace(/\s+/g, ' ').trim();
}

/** Rental card form fields from a swipe. */
export function swipeToRentalCard(swipe: DecryptedCardSwipe) {
  const card = swipeToForm(swipe);
  return {
    name_on_card: card.name,
    cc_number: card.card_number,
    cc_exp_month: card.cc_exp_month,
    cc_exp_year: card.cc_exp_year,
  };
}

/** Pay-bill card form fields from a swipe. */
export function swipeToPayCard(swipe: DecryptedCardSwipe) {
  const card = swipeToForm(swipe);
  return {
    card_name: card.name,
    card_number: card.card_number,
    cc_exp_month: card.cc_exp_month,
    cc_exp_year: card.cc_exp_year,
  };
}

/** Zip input is cut to 5 characters. */
export function normaliseZip(zip: string): string {
  return zip.slice(0, LIMITS.zipLength);
}

/** A state lookup starts once the zip has more than 4 characters (mailing, secondary, billing). */
export function zipTriggersStateLookup(zip: string): boolean {
  return zip.length > LIMITS.zipLookupAfter;
}

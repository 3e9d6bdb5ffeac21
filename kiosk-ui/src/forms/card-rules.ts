import { CARD, CARD_READER, cardBrand, cardDigits, isExpiryInPast, LIMITS, MASKS } from '@kiosk/shared-types';
import { startOfToday, type Today } from '../utils/dates';

/*
 * The card form's own rules: mask, expiry options, swipe mapping. The card number, CVV and expiry
 * rules the daemon's sandbox applies too are in shared-types (card.ts).
 */

/** imask pattern: '0000 0000 0000 0000', or '0000 000000 00000' for 34/37. */
export function cardMask(number: string): string {
  return cardBrand(number) === 'amex' ? MASKS.amexCard : MASKS.card;
}

/** The card's expiry month is before this month (the rule itself: shared-types card.ts). */
export function isCardExpired(month: number, year: number, today?: Today): boolean {
  const now = startOfToday(today);
  return isExpiryInPast({ year, month }, { year: now.year(), month: now.month() + 1 });
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

/** Zip input is cut to 5 characters. */
export function normaliseZip(zip: string): string {
  return zip.slice(0, LIMITS.zipLength);
}

/** A state lookup starts once the zip has more than 4 characters (mailing, secondary, billing). */
export function zipTriggersStateLookup(zip: string): boolean {
  return zip.length > LIMITS.zipLookupAfter;
}

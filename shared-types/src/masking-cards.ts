import { passesLuhn } from './card.js';

/**
 * Card numbers as logs may show them (spec §7 Logging: only the first 4 and last 4 digits of a card
 * number may show), whether under a card field's name, typed into free text or kept as a number.
 * Part of the log masking (masking.ts, its public entry); also all the first screen needs of it
 * (kiosk-ui ScreenHealth masks the page's error messages), so it imports nothing of the field rule.
 */

/**
 * Digits in groups split by single spaces or dashes (the styles a card field or a receipt shows:
 * `4111 1111 1111 1111`, `4111-1111-1111-1111`, `4111111111111111`). Each such run is searched for
 * card numbers group by group (isCardNumberCandidate); shorter runs (zip codes, phone numbers,
 * gate codes) never match.
 */
const DIGIT_RUN = /(?<![0-9])[0-9]+(?:[ -][0-9]+)*(?![0-9])/g;
const GROUP = /[0-9]+/g;

/** Card numbers are 13 to 19 digits (ISO/IEC 7812 PANs; 12-digit ones are not issued as cards). */
const CARD_DIGITS_MIN = 13;
const CARD_DIGITS_MAX = 19;

/**
 * Whether a string of digits could be a payment card number: 13 to 19 digits, a first digit a card
 * network issues (2 Mastercard, 3 Amex/Diners/JCB, 4 Visa, 5 Mastercard, 6 Discover/UnionPay) and a
 * valid Luhn check digit, as PCI data-discovery tools narrow their matches. So an epoch-millisecond
 * timestamp (13 digits starting with 1 until May 2033), a 12-digit id or a random long id (9 in 10
 * fail Luhn) stays readable in a log.
 */
export function isCardNumberCandidate(digits: string): boolean {
  return (
    digits.length >= CARD_DIGITS_MIN &&
    digits.length <= CARD_DIGITS_MAX &&
    digits[0]! >= '2' &&
    digits[0]! <= '6' &&
    passesLuhn(digits)
  );
}

/** Already masked: at most 4 digits, at least one '*', at most 4 digits (masking twice keeps it). */
const ALREADY_MASKED = /^[0-9]{0,4}\*+[0-9]{0,4}$/;

/** '4111111111111111' -> '4111********1111'. Non-digits are dropped from the mask. */
export function maskCardNumber(value: string): string {
  if (ALREADY_MASKED.test(value)) return value;
  const digits = value.replace(/[^0-9]/g, '');
  if (digits.length <= 8) return '*'.repeat(digits.length);
  return `${digits.slice(0, 4)}${'*'.repeat(digits.length - 8)}${digits.slice(-4)}`;
}

/**
 * A card number typed so far (a visitor correcting a typo), as it may show: its last four digits
 * once four exist, the rest starred; a complete number as maskCardNumber shows it.
 */
export function maskPartialCardNumber(value: string): string {
  const digits = value.replace(/[^0-9]/g, '');
  if (digits.length >= 12 || ALREADY_MASKED.test(value)) return maskCardNumber(value);
  if (digits.length <= 4) return '*'.repeat(digits.length);
  return `${'*'.repeat(digits.length - 4)}${digits.slice(-4)}`;
}

/**
 * One run of digit groups with every card number in it masked. Any whole groups that together
 * form a card candidate are covered; each stretch of covered groups is masked as one (its first 4
 * and last 4 digits shown), so a card number run together with other digits ('4111 1111 1111 1111
 * 12') never shows more than 4 + 4 of its digits.
 */
function maskRun(run: string): string {
  const groups = [...run.matchAll(GROUP)].map((match) => ({ start: match.index, text: match[0] }));
  const covered = new Array<boolean>(groups.length).fill(false);
  let found = false;
  for (let first = 0; first < groups.length; first += 1) {
    let digits = '';
    for (let last = first; last < groups.length; last += 1) {
      digits += groups[last]!.text;
      if (digits.length > CARD_DIGITS_MAX) break;
      if (isCardNumberCandidate(digits)) {
        covered.fill(true, first, last + 1);
        found = true;
      }
    }
  }
  if (!found) return run;
  let out = '';
  let at = 0;
  for (let index = 0; index < groups.length; index += 1) {
    if (!covered[index]) continue;
    let end = index;
    while (end + 1 < groups.length && covered[end + 1]) end += 1;
    const from = groups[index]!.start;
    const to = groups[end]!.start + groups[end]!.text.length;
    out += run.slice(at, from) + maskCardNumber(run.slice(from, to));
    at = to;
    index = end;
  }
  return out + run.slice(at);
}

/** Mask every card number inside free text (isCardNumberCandidate). */
export function maskCardNumbersInText(text: string): string {
  // Most text logged holds fewer digits than the shortest card: counting is cheaper than the search.
  let digits = 0;
  for (let index = 0; index < text.length && digits < CARD_DIGITS_MIN; index += 1) {
    const code = text.charCodeAt(index);
    if (code >= 48 && code <= 57) digits += 1;
  }
  return digits < CARD_DIGITS_MIN ? text : text.replace(DIGIT_RUN, maskRun);
}

/**
 * A whole number that may be a card number kept as a number. Above 2^53 a number no longer holds
 * its digits exactly, so the Luhn check cannot be trusted: any such number of card length whose
 * first digit a network issues is masked.
 */
export function isCardNumberValue(value: number): boolean {
  if (!Number.isInteger(value)) return false;
  const digits = String(Math.abs(value));
  if (!/^[0-9]+$/.test(digits)) return false;
  if (Math.abs(value) <= Number.MAX_SAFE_INTEGER) return isCardNumberCandidate(digits);
  return digits.length <= CARD_DIGITS_MAX && digits[0]! >= '2' && digits[0]! <= '6';
}

import {
  cardDigits,
  cardExpiry,
  isExpiryInPast,
  isValidCardNumber,
  isValidCvv,
  type YearMonth,
} from '@kiosk/shared-types';
import { TEST_CARDS } from './demo-facility.js';

/**
 * The sandbox's payment processor, one for the rental (POST rental/) and for Pay My Bill and
 * autopay (POST pre-pay/, autopay/). The order is the one docs/sandbox.md gives: the test card
 * numbers decide first (the decline and insufficient-funds cards are declined whatever their CVV
 * and expiry, as a processor declines a card it knows), then the card number (length and Luhn),
 * the CVV, the expiry. Anything else goes through.
 */

/** The card fields as the two forms send them (rental: cc_number; Pay My Bill: card_number). */
export interface PaymentCard {
  number: string | undefined;
  cvv: string | undefined;
  exp_month: string | undefined;
  exp_year: string | undefined;
}

export type CardRefusalCode = 'CardDeclined' | 'CardDeclinedNSF' | 'CardInvalid';

export type CardOutcome = { ok: true; last4: string } | { ok: false; code: CardRefusalCode; message: string };

const refused = (code: CardRefusalCode, message: string): CardOutcome => ({ ok: false, code, message });

export function cardOutcome(card: PaymentCard, today: YearMonth): CardOutcome {
  const digits = cardDigits(card.number ?? '');
  if (digits === TEST_CARDS.decline) return refused('CardDeclined', 'Your card was declined.');
  if (digits === TEST_CARDS.insufficientFunds) {
    return refused('CardDeclinedNSF', 'Your card was declined for insufficient funds.');
  }
  if (!isValidCardNumber(digits)) return refused('CardInvalid', 'Invalid credit card');
  if (!isValidCvv((card.cvv ?? '').trim(), digits)) return refused('CardInvalid', 'Invalid CVV');
  const expiry = cardExpiry(card.exp_month ?? '', card.exp_year ?? '');
  if (!expiry || isExpiryInPast(expiry, today)) return refused('CardInvalid', 'invalid expiry date');
  return { ok: true, last4: digits.slice(-4) };
}

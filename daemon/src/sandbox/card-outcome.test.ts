import { describe, expect, it } from 'vitest';
import { cardOutcome } from './card-outcome.js';
import { TEST_CARDS } from './demo-facility.js';

const today = { year: 2025, month: 7 };
const card = { number: TEST_CARDS.approveVisa, cvv: '123', exp_month: '12', exp_year: '2030' };

describe('cardOutcome', () => {
  it('lets the approving test cards through with their last four digits', () => {
    expect(cardOutcome(card, today)).toEqual({ ok: true, last4: '1111' });
    expect(cardOutcome({ ...card, number: '3782 822463 10005', cvv: '1234' }, today)).toEqual({
      ok: true,
      last4: '0005',
    });
    expect(cardOutcome({ ...card, exp_month: '7', exp_year: '25' }, today)).toEqual({ ok: true, last4: '1111' });
  });

  it('declines the decline and insufficient-funds cards before looking at CVV and expiry', () => {
    expect(cardOutcome({ ...card, number: TEST_CARDS.decline }, today)).toEqual({
      ok: false,
      code: 'CardDeclined',
      message: 'Your card was declined.',
    });
    expect(
      cardOutcome({ ...card, number: TEST_CARDS.insufficientFunds, cvv: '', exp_year: '2020' }, today),
    ).toMatchObject({
      ok: false,
      code: 'CardDeclinedNSF',
    });
  });

  it('then checks the number, the CVV and the expiry, in that order', () => {
    const invalid = (message: string) => ({ ok: false, code: 'CardInvalid', message });
    expect(cardOutcome({ ...card, number: '4111111111111112', cvv: 'x', exp_year: '2020' }, today)).toEqual(
      invalid('Invalid credit card'),
    );
    expect(cardOutcome({ ...card, cvv: '1234', exp_year: '2020' }, today)).toEqual(invalid('Invalid CVV'));
    expect(cardOutcome({ ...card, exp_month: '6', exp_year: '2025' }, today)).toEqual(invalid('invalid expiry date'));
    expect(cardOutcome({ ...card, exp_month: '13' }, today)).toEqual(invalid('invalid expiry date'));
    expect(cardOutcome({ ...card, number: undefined }, today)).toEqual(invalid('Invalid credit card'));
  });
});

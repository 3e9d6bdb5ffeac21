import { BILLING } from '@kiosk/shared-types';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PayCardValues } from '../../forms/pay-card';
import { CardStep, cardPrefill, normaliseCard } from './CardStep';

/** The seeds' card step of every payment: swipe, card form, submit, another card after a decline. */

const SWIPE = { name: 'MORGAN/TAYLOR', card_number: '4111 1111 1111 1111', exp_month: '07', exp_year: '30' };

/** As the card form hands them over: the selects and the masked number give text. */
const TYPED = {
  card_name: 'Jane Doe',
  card_number: '3782 822463 10005',
  cc_exp_month: '1',
  cc_exp_year: '2031',
  cvv: '0123',
} as unknown as PayCardValues;

afterEach(() => {
  vi.useRealTimers();
});

describe('reading a card', () => {
  it('gives the form the name turned round, the digits, the month as a number and the year prefixed 20', () => {
    expect(cardPrefill(SWIPE)).toEqual({
      card_name: 'TAYLOR MORGAN',
      card_number: '4111111111111111',
      cc_exp_month: 7,
      cc_exp_year: 2030,
    });
    expect(
      cardPrefill({ name: 'JANE ROE', card_number: '378282246310005', exp_month: '12', exp_year: '2029' }),
    ).toEqual({ card_name: 'JANE ROE', card_number: '378282246310005', cc_exp_month: 12, cc_exp_year: 2029 });
  });
});

describe('the card values for the call', () => {
  it('drops the mask spaces, makes the expiry numbers and keeps the CVV as typed', () => {
    expect(normaliseCard(TYPED)).toEqual({
      card_name: 'Jane Doe',
      card_number: '378282246310005',
      cc_exp_month: 1,
      cc_exp_year: 2031,
      cvv: '0123',
    });
  });
});

describe('the card step', () => {
  it('goes from the swipe to the card form filled once from the card read', () => {
    const step = new CardStep();
    expect(step.stage).toBeNull();
    step.openSwipe();
    expect(step.stage).toBe('swipe');
    expect(step.cardSwiped(SWIPE)).toBe(true);
    expect(step.stage).toBe('card_form');
    expect(step.takeCardPrefill()).toMatchObject({ card_name: 'TAYLOR MORGAN', cc_exp_year: 2030 });
    expect(step.takeCardPrefill()).toBeNull();
  });

  it('ignores a card read once the swipe is no longer on screen', () => {
    const step = new CardStep();
    expect(step.cardSwiped(SWIPE)).toBe(false);
    expect(step.stage).toBeNull();
    step.openSwipe();
    step.enterCardManually();
    expect(step.cardSwiped(SWIPE)).toBe(false);
    expect(step.takeCardPrefill()).toBeNull();
  });

  it('opens the card form empty for typed entry', () => {
    const step = new CardStep();
    step.openSwipe();
    step.enterCardManually();
    expect(step.stage).toBe('card_form');
    expect(step.takeCardPrefill()).toBeNull();
  });

  it('hands the call its card on submit and keeps nothing of it', () => {
    const step = new CardStep();
    step.openSwipe();
    step.cardSwiped(SWIPE);
    expect(step.submit(TYPED)).toMatchObject({ card_number: '378282246310005', cc_exp_month: 1, cvv: '0123' });
    expect(step.stage).toBeNull();
    expect(step.takeCardPrefill()).toBeNull();
  });

  it('after a decline, the swipe again with nothing of the last card', () => {
    const step = new CardStep();
    step.openSwipe();
    step.cardSwiped(SWIPE);
    step.submit(TYPED);
    step.openSwipe();
    expect(step.stage).toBe('swipe');
    expect(step.takeCardPrefill()).toBeNull();
    expect(step.cardSwiped({ ...SWIPE, name: 'ROE/JANE' })).toBe(true);
    expect(step.takeCardPrefill()?.card_name).toBe('JANE ROE');
  });

  it('asks the form into view once it has been open the configured time, not once it was left', () => {
    vi.useFakeTimers();
    const step = new CardStep();
    step.openSwipe();
    step.enterCardManually();
    vi.advanceTimersByTime(BILLING.scrollToCardFormMs - 1);
    expect(step.cardFormScrollDue).toBe(false);
    vi.advanceTimersByTime(1);
    expect(step.cardFormScrollDue).toBe(true);
    step.cardFormScrolled();
    expect(step.cardFormScrollDue).toBe(false);

    step.openSwipe();
    step.enterCardManually();
    step.close();
    vi.advanceTimersByTime(BILLING.scrollToCardFormMs * 2);
    expect(step.cardFormScrollDue).toBe(false);
    expect(step.stage).toBeNull();
  });
});

import { BILLING } from '@kiosk/shared-types';
import { describe, expect, it, vi } from 'vitest';
import { loaded } from './pay-bill-test-fixtures';

/** Pay My Bill's card step: a swipe fills the card form, and it comes into view after the configured time. */

describe('filling the card form from a swipe', () => {
  it('fills the manual form from a swipe, month as a number and the year prefixed 20', async () => {
    const { root } = await loaded();
    root.payBill.tickPay(root.payBill.units[0]!, true);
    root.payBill.makePayment();
    expect(root.payBill.stage).toBe('swipe');
    root.payBill.cardStep.cardSwiped({
      name: 'MORGAN/TAYLOR',
      card_number: '4111111111111111',
      exp_month: '07',
      exp_year: '30',
    });
    expect(root.payBill.stage).toBe('card_form');
    expect(root.payBill.cardStep.takeCardPrefill()).toEqual({
      card_name: 'TAYLOR MORGAN',
      card_number: '4111111111111111',
      cc_exp_month: 7,
      cc_exp_year: 2030,
    });
    expect(root.payBill.cardStep.takeCardPrefill()).toBeNull();
  });
});

describe('bringing the card form into view', () => {
  it('asks for it once the card form has been open the configured time, not after leaving it', async () => {
    const { root } = await loaded();
    root.payBill.tickPay(root.payBill.units[0]!, true);
    vi.useFakeTimers();
    try {
      root.payBill.makePayment();
      root.payBill.cardStep.enterCardManually();
      vi.advanceTimersByTime(BILLING.scrollToCardFormMs - 1);
      expect(root.payBill.cardStep.cardFormScrollDue).toBe(false);
      vi.advanceTimersByTime(1);
      expect(root.payBill.cardStep.cardFormScrollDue).toBe(true);
      root.payBill.cardStep.cardFormScrolled();
      expect(root.payBill.cardStep.cardFormScrollDue).toBe(false);

      root.payBill.backToUnits();
      root.payBill.makePayment();
      root.payBill.cardStep.enterCardManually();
      root.payBill.backToUnits();
      vi.advanceTimersByTime(BILLING.scrollToCardFormMs * 2);
      expect(root.payBill.cardStep.cardFormScrollDue).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });
});

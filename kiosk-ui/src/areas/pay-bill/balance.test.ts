import { describe, expect, it } from 'vitest';
import { DEFAULT_PERIOD, dueBalance, formatPaidThrough, hasBalanceDue, isDiscountLine, periodChoices } from './balance';

describe('dueBalance', () => {
  it('adds up the charges, using total when present and amount otherwise', () => {
    expect(
      dueBalance([
        { costType: 'rent', amount: 100, total: 107 },
        { costType: 'fee', amount: 15 },
        { costType: 'Monthly Rent', amount: '50.10', total: null },
      ]),
    ).toBe(172.1);
  });

  it('subtracts discounts, whether sent positive or negative', () => {
    expect(
      dueBalance([
        { costType: 'rent', total: 100 },
        { costType: 'discount', amount: 20 },
      ]),
    ).toBe(80);
    expect(
      dueBalance([
        { costType: 'rent', total: 100 },
        { costType: 'discount', amount: -20 },
      ]),
    ).toBe(80);
  });

  it('recognises a discount by its name or description', () => {
    expect(isDiscountLine({ costType: 'other', description: 'Senior Discount' })).toBe(true);
    expect(isDiscountLine({ name: 'Military discount' })).toBe(true);
    expect(isDiscountLine({ costType: 'rent', description: 'Rent' })).toBe(false);
    expect(
      dueBalance([
        { costType: 'rent', total: 60 },
        { description: 'Promo Discount', total: 10 },
      ]),
    ).toBe(50);
  });

  it('is zero without charges', () => {
    expect(dueBalance([])).toBe(0);
    expect(dueBalance(undefined)).toBe(0);
    expect(hasBalanceDue([])).toBe(false);
  });

  it('counts a balance as due only above zero', () => {
    expect(hasBalanceDue([{ costType: 'rent', total: 0.01 }])).toBe(true);
    expect(
      hasBalanceDue([
        { costType: 'rent', total: 10 },
        { costType: 'discount', total: 10 },
      ]),
    ).toBe(false);
  });

  it('does not drift with cents', () => {
    expect(dueBalance([{ amount: 0.1 }, { amount: 0.2 }])).toBe(0.3);
  });
});

describe('formatPaidThrough', () => {
  it('shows a date sent as midnight UTC as that calendar date', () => {
    expect(formatPaidThrough(Date.UTC(2025, 0, 31) / 1000)).toBe('01/31/2025');
  });

  it('shows a date-time in the kiosk’s own time zone', () => {
    const seconds = new Date(2025, 6, 4, 15, 30).getTime() / 1000;
    expect(formatPaidThrough(seconds)).toBe('07/04/2025');
  });

  it('shows nothing without a date', () => {
    expect(formatPaidThrough(null)).toBeNull();
    expect(formatPaidThrough(0)).toBeNull();
    expect(formatPaidThrough('soon')).toBeNull();
  });
});

describe('periodChoices', () => {
  it('offers Pay Balance Due first when a balance is due, then 1 to 6 months', () => {
    expect(periodChoices(true).map((c) => c.value)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(periodChoices(true)[0]?.labelKey).toBe('pay_bill.period.balance_due');
  });

  it('offers only months when nothing is due', () => {
    expect(periodChoices(false).map((c) => c.value)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('defaults to one month', () => {
    expect(DEFAULT_PERIOD).toBe(1);
  });
});

import { describe, expect, it } from 'vitest';
import { formatMoney, toTotalAmount } from './money';

describe('formatMoney', () => {
  it('shows a dollar sign, comma thousands and no fraction digits by default', () => {
    expect(formatMoney(1234)).toBe('$1,234');
    expect(formatMoney(1234567.4)).toBe('$1,234,567');
    expect(formatMoney(0)).toBe('$0');
    expect(formatMoney(99.5)).toBe('$100');
  });

  it('shows cents when asked', () => {
    expect(formatMoney(1234.5, { cents: true })).toBe('$1,234.50');
    expect(formatMoney(1.005, { cents: true })).toBe('$1.01');
  });

  it('shows a minus sign for a discount and never "-$0"', () => {
    expect(formatMoney(-25)).toBe('-$25');
    expect(formatMoney(-0.2)).toBe('$0');
  });

  it('shows nothing for a value that is not a number', () => {
    expect(formatMoney(Number.NaN)).toBe('');
  });
});

describe('toTotalAmount', () => {
  it('formats total_amount with two decimals', () => {
    expect(toTotalAmount(120)).toBe('120.00');
    expect(toTotalAmount(1.005)).toBe('1.01');
    expect(toTotalAmount(0.1 + 0.2)).toBe('0.30');
    expect(toTotalAmount(1234.567)).toBe('1234.57');
  });
});

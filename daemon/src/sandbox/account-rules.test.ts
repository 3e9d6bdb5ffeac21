import { describe, expect, it } from 'vitest';
import { addMonths, dueAmount, nationalPhone, normalizeUnitNumber, prePayDetails } from './account-rules.js';

const line = (costType: string, amount: number) => ({ costType, description: costType, amount, total: amount });

describe('account rules', () => {
  it('reads a phone as its 10 national digits, with or without +1', () => {
    expect(['(217) 555-0147', '2175550147', '+1 217 555 0147'].map(nationalPhone)).toEqual([
      '2175550147',
      '2175550147',
      '2175550147',
    ]);
  });

  it('reads unit numbers without case, extra spaces or leading zeros', () => {
    expect(normalizeUnitNumber('  Bldg   02 - 017 ')).toBe('bldg 2 - 17');
  });

  it('counts months across the year end', () => {
    expect(addMonths({ year: 2025, month: 11 }, 3)).toEqual({ year: 2026, month: 2 });
  });

  it('sums a balance with its discount taken off', () => {
    expect(dueAmount([line('rent', 49), line('fee', 15), line('discount', 5)])).toBe(59);
  });

  it('quotes months ahead after the month the balance settles, taxing only the rent', () => {
    const quote = prePayDetails(
      { paidThrough: { year: 2025, month: 6 }, balance: [line('rent', 49)], monthly_rent: 100 },
      2,
    );
    expect(quote.movein_cost.map((cost) => cost.description)).toEqual([
      'Rent 08/01/2025 - 08/31/2025',
      'Rent 09/01/2025 - 09/30/2025',
    ]);
    expect(quote).toMatchObject({ tax: 14.5, total_amt: 263.5 });
  });
});

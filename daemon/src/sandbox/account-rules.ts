import type { ChargeLine, PrePayDetails } from '@kiosk/shared-types';
import { daysInMonth, formatUsDate } from './dates.js';
import { DEMO_BILLING } from './demo-facility.js';

/**
 * How the users and billing areas read what a visitor types and count months and money: phones and
 * unit numbers as the operator matches them, paid-through months, masked cards, a balance due and
 * what paying months ahead costs.
 * Pure functions; accounts.ts keeps the records they work on.
 */

/** A month as year + month (1-12); the paid-through date is the last day of it. */
export interface YearMonth {
  year: number;
  month: number;
}

const roundCents = (value: number) => Math.round(value * 100) / 100;

/** Unit numbers as the operator reads them: case, spaces and leading zeros of numbers do not count. */
export function normalizeUnitNumber(value: string): string {
  return value
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/\d+/g, (digits) => digits.replace(/^0+(?=\d)/, ''));
}

/** '(217) 555-0147', '2175550147', '+12175550147' -> '2175550147' (10 national digits). */
export function nationalPhone(raw: string): string {
  const digits = raw.replace(/\D/g, '');
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
}

export function addMonths(month: YearMonth, count: number): YearMonth {
  const index = month.year * 12 + (month.month - 1) + count;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** Epoch seconds of midnight UTC on the month's last day (a calendar date without a time). */
export function endOfMonthSeconds(month: YearMonth): number {
  return Date.UTC(month.year, month.month - 1, daysInMonth(month.year, month.month)) / 1000;
}

export function maskedCard(last4: string): string {
  return `************${last4}`;
}

/** A balance sums total (else amount); discounts reduce it (shell spec §3). */
export function dueAmount(lines: readonly ChargeLine[]): number {
  return roundCents(
    lines.reduce((sum, line) => {
      const value = Math.abs(Number(line.total ?? line.amount) || 0);
      return sum + (line.costType.toLowerCase() === 'discount' ? -value : value);
    }, 0),
  );
}

/** [year, month index, 1]: the arguments of Date.UTC for the first day of the month. */
export function firstDayOf(month: YearMonth): [number, number, number] {
  return [month.year, month.month - 1, 1];
}

/** What a pre-payment quote reads of a lease. */
export interface PrePayLease {
  paidThrough: YearMonth;
  balance: readonly ChargeLine[];
  monthly_rent: number;
}

/** The first month a pre-payment covers: after the paid-through month and the month the balance settles. */
function firstPrepayMonth(lease: PrePayLease): YearMonth {
  return addMonths(lease.paidThrough, lease.balance.length > 0 ? 2 : 1);
}

/** GET pre-pay: the balance due plus `period` months of rent ahead (0 = the balance only), taxed. */
export function prePayDetails(lease: PrePayLease, period: number): PrePayDetails {
  const first = firstPrepayMonth(lease);
  const movein_cost: ChargeLine[] = Array.from({ length: period }, (_, i) => {
    const month = addMonths(first, i);
    const start = formatUsDate({ ...month, day: 1 });
    const end = formatUsDate({ ...month, day: daysInMonth(month.year, month.month) });
    return {
      costType: 'rent',
      description: `Rent ${start} - ${end}`,
      amount: lease.monthly_rent,
      total: lease.monthly_rent,
      start_date: start,
      end_date: end,
    };
  });
  const rent = lease.monthly_rent * period;
  const tax = roundCents(rent * DEMO_BILLING.tax_rate);
  return {
    movein_cost,
    balance: lease.balance.map((line) => ({ ...line })),
    tax,
    total_amt: roundCents(dueAmount(lease.balance) + rent + tax),
  };
}

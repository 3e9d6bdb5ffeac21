import { BILLING, DATE_FORMAT } from '@kiosk/shared-types';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);

/** A charge line of a unit's balance (shell §3); amounts may arrive as numbers or numeric strings. */
export interface ChargeLineLike {
  costType?: string | null;
  name?: string | null;
  description?: string | null;
  amount?: number | string | null;
  total?: number | string | null;
  start_date?: string | null;
  end_date?: string | null;
}

function toNumber(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}

export function roundCents(value: number): number {
  return Math.round((value + Number.EPSILON * Math.sign(value)) * 100) / 100;
}

export function isDiscountLine(line: ChargeLineLike): boolean {
  return (
    line.costType?.trim().toLowerCase() === 'discount' ||
    /discount/i.test(line.name ?? '') ||
    /discount/i.test(line.description ?? '')
  );
}

/** What a line adds to the balance: its total if present, else its amount; a discount always reduces it. */
export function chargeLineValue(line: ChargeLineLike): number {
  const value = toNumber(line.total) ?? toNumber(line.amount) ?? 0;
  return isDiscountLine(line) ? -Math.abs(value) : value;
}

/** The unit's due balance (shell §3 Charge line). */
export function dueBalance(lines: readonly ChargeLineLike[] | null | undefined): number {
  return roundCents((lines ?? []).reduce((sum, line) => sum + chargeLineValue(line), 0));
}

export function hasBalanceDue(lines: readonly ChargeLineLike[] | null | undefined): boolean {
  return dueBalance(lines) > 0;
}

/**
 * Paid-through date from epoch seconds, as MM/DD/YYYY. A value at exactly midnight UTC is a calendar
 * date sent without a time, so it is shown as that date; read in a US time zone it would otherwise
 * show the day before the tenant actually paid through.
 */
export function formatPaidThrough(epochSeconds: number | string | null | undefined): string | null {
  const seconds = toNumber(epochSeconds);
  if (seconds === null || seconds <= 0) return null;
  const moment = seconds % 86_400 === 0 ? dayjs.unix(seconds).utc() : dayjs.unix(seconds);
  return moment.format(DATE_FORMAT);
}

export type PeriodChoice =
  | { value: 0; labelKey: 'pay_bill.period.balance_due' }
  | { value: number; labelKey: 'pay_bill.period.months'; count: number };

/** Pay-through choices: 'Pay Balance Due' (0) only when a balance is due, then 1 to 6 months. */
export function periodChoices(hasBalance: boolean): PeriodChoice[] {
  return BILLING.periods.flatMap((value): PeriodChoice[] => {
    if (value === 0) return hasBalance ? [{ value: 0, labelKey: 'pay_bill.period.balance_due' }] : [];
    return [{ value, labelKey: 'pay_bill.period.months', count: value }];
  });
}

export const DEFAULT_PERIOD: number = BILLING.defaultPeriod;

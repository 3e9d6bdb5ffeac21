import { DATE_FORMAT } from '@kiosk/shared-types';
import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';

dayjs.extend(customParseFormat);

/** The date picker's calendar as plain functions. */

export interface MonthRef {
  year: number;
  /** 0-11 */
  month: number;
}

/** Weeks of a month, Sunday first; days of other months are null. */
export function monthGrid({ year, month }: MonthRef): (Dayjs | null)[][] {
  const first = dayjs(new Date(year, month, 1));
  const days = first.daysInMonth();
  const cells: (Dayjs | null)[] = [...Array<null>(first.day()).fill(null)];
  for (let day = 1; day <= days; day += 1) cells.push(first.date(day));
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (Dayjs | null)[][] = [];
  for (let index = 0; index < cells.length; index += 7) weeks.push(cells.slice(index, index + 7));
  return weeks;
}

export function monthOf(date: Dayjs): MonthRef {
  return { year: date.year(), month: date.month() };
}

export function addMonths(ref: MonthRef, count: number): MonthRef {
  return monthOf(dayjs(new Date(ref.year, ref.month, 1)).add(count, 'month'));
}

function monthIndex(ref: MonthRef): number {
  return ref.year * 12 + ref.month;
}

/** The month is inside [min, max] (by month). */
export function monthInRange(ref: MonthRef, min: Dayjs, max: Dayjs): boolean {
  return monthIndex(ref) >= monthIndex(monthOf(min)) && monthIndex(ref) <= monthIndex(monthOf(max));
}

export function dayInRange(day: Dayjs, min: Dayjs, max: Dayjs): boolean {
  return !day.isBefore(min, 'day') && !day.isAfter(max, 'day');
}

/** The month the calendar opens at: the typed date's, else today's, kept inside the range. */
export function initialMonth(value: string, min: Dayjs, max: Dayjs, today: Dayjs = dayjs()): MonthRef {
  const typed = dayjs(value, DATE_FORMAT, true);
  const start = typed.isValid() ? typed : today;
  if (start.isBefore(min, 'day')) return monthOf(min);
  if (start.isAfter(max, 'day')) return monthOf(max);
  return monthOf(start);
}

export function formatDay(day: Dayjs): string {
  return day.format(DATE_FORMAT);
}

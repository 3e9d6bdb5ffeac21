import { DATE_FORMAT } from '@kiosk/shared-types';
import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';

dayjs.extend(customParseFormat);

/** Anything dayjs takes as "today": a Date, an ISO string or a Dayjs. Tests pass a fixed day. */
export type Today = Date | string | Dayjs;

export function startOfToday(today: Today = new Date()): Dayjs {
  return dayjs(today).startOf('day');
}

/** Strictly parses a US date (MM/DD/YYYY); null when the text is not exactly such a date. */
export function parseUsDate(value: unknown): Dayjs | null {
  if (typeof value !== 'string' || value === '') return null;
  const parsed = dayjs(value, DATE_FORMAT, true);
  return parsed.isValid() ? parsed : null;
}

export function formatUsDate(date: Today): string {
  return dayjs(date).format(DATE_FORMAT);
}

export interface DateRange {
  min: Dayjs;
  max: Dayjs;
}

export function isWithin(date: Dayjs, range: DateRange): boolean {
  return !date.isBefore(range.min, 'day') && !date.isAfter(range.max, 'day');
}

/** Reservation move-in dates: earliest tomorrow, at most advanced_dates days ahead (rental §5, §9). */
export function reservationDateRange(advancedDates: number, today?: Today): DateRange {
  const start = startOfToday(today);
  return { min: start.add(1, 'day'), max: start.add(advancedDates, 'day') };
}

/**
 * The move-in date sent for a reservation. The spec also says "Default reservation date is today
 * when none is chosen" (§9): an untouched field falls back to today, while a date the visitor
 * picks must lie in `reservationDateRange`. See docs/flow.md.
 */
export function reservationDateOrDefault(value: string | null | undefined, today?: Today): string {
  return value ? value : formatUsDate(startOfToday(today));
}

/** Senior birthday picker range: starts senior_citizen_age years ago and spans 60 years back. */
export const SENIOR_BIRTHDAY_SPAN_YEARS = 60;

export function seniorBirthdayRange(seniorCitizenAge: number, today?: Today): DateRange {
  const max = startOfToday(today).subtract(seniorCitizenAge, 'year');
  return { min: max.subtract(SENIOR_BIRTHDAY_SPAN_YEARS, 'year'), max };
}

/** Driver licence expiry: today or later. */
export function licenceExpiryMin(today?: Today): Dayjs {
  return startOfToday(today);
}

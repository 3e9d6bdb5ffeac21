import type { Page } from '@playwright/test';
import { addDays, formatUsDate, localDate, type LocalDate } from '../../../daemon/src/sandbox/dates.js';
import { SANDBOX_SETTINGS } from '../../../daemon/src/sandbox/demo-facility.js';

/**
 * Dates as the sandbox's facility sees them (its calendar: daemon/src/sandbox/dates.ts, in its
 * time zone), never the test machine's: the suite passes at any hour and in any TZ. The kiosk's
 * browser runs in the same zone (playwright.config.ts), as a kiosk PC at the facility does.
 */
export const FACILITY_TIME_ZONE = SANDBOX_SETTINGS.timezone;

/** The facility's calendar date `days` from its today. */
export function facilityDay(days = 0): LocalDate {
  return addDays(localDate(Date.now(), FACILITY_TIME_ZONE), days);
}

/** MM/DD/YYYY, `days` from the facility's today. */
export function facilityUsDate(days = 0): string {
  return formatUsDate(facilityDay(days));
}

/** As the calendar's day buttons name a date: "Friday, November 27, 2026". */
export function longDate(date: LocalDate): string {
  return new Date(Date.UTC(date.year, date.month - 1, date.day)).toLocaleDateString('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** The month's name, as the calendar's Month list shows it. */
export function monthName(date: LocalDate): string {
  return new Date(Date.UTC(date.year, date.month - 1, 1)).toLocaleString('en-US', { month: 'long', timeZone: 'UTC' });
}

/**
 * The page's clock starts at the runner's: the same as the machine's, except in a run under
 * `faketime` (CONTRIBUTING.md), whose fake hour reaches the daemon and the runner but not Chromium.
 */
export async function followTestClock(page: Page): Promise<void> {
  await page.clock.setSystemTime(Date.now());
}

import type { KioskTimeEntry } from '@kiosk/shared-types';

/**
 * When the office next opens, from the facility's "Office Hours" rows (timings.kiosk_time: one row
 * per weekday, e.g. 'Monday' '9:00 AM - 6:00 PM' or 'Closed') and a moment in the facility's time
 * zone. Pure: the moment and the zone are arguments, so a test fixes both.
 */

/** A time of day on a 24-hour clock. */
export interface TimeOfDay {
  hour: number;
  minute: number;
}

/** A day's office hours; null when the office is closed that day. */
export type DayHours = { opens: TimeOfDay; closes: TimeOfDay } | null;

/** 0 = Sunday ... 6 = Saturday, as Date.getUTCDay() counts. */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

export type OfficeOpening =
  | { when: 'open_now'; until: TimeOfDay }
  | { when: 'today' | 'tomorrow'; at: TimeOfDay }
  /** Two or more days ahead (a closed day in between): the weekday's name is said. */
  | { when: 'weekday'; at: TimeOfDay; weekday: Weekday }
  /** No office hours, or none that can be read. */
  | { when: 'unknown' };

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;

/** 'Monday', 'mon', 'Sunday ' -> its Weekday; null for a label that is not an English weekday. */
export function weekdayOfLabel(label: string): Weekday | null {
  const word = label.trim().toLowerCase().replace(/\.$/, '');
  if (word.length < 3) return null;
  const index = WEEKDAYS.findIndex((day) => day.startsWith(word));
  return index < 0 ? null : (index as Weekday);
}

function timeOf(hour: string, minute: string | undefined, meridiem: string): TimeOfDay | null {
  const hours = Number(hour);
  const minutes = minute === undefined ? 0 : Number(minute);
  if (hours < 1 || hours > 12 || minutes > 59) return null;
  const pm = meridiem.toLowerCase().startsWith('p');
  return { hour: (hours % 12) + (pm ? 12 : 0), minute: minutes };
}

const RANGE = /^(\d{1,2})(?::(\d{2}))?\s*([ap])\.?\s*m\.?\s*[-–—]\s*(\d{1,2})(?::(\d{2}))?\s*([ap])\.?\s*m\.?$/i;

/**
 * One row's time: '9:00 AM - 6:00 PM' (minutes optional, 'a.m.' accepted), 'Closed' (null), or
 * undefined when it cannot be read (the kiosk then says nothing about that day's opening).
 */
export function parseDayHours(time: string): DayHours | undefined {
  const text = time.trim();
  if (/^closed$/i.test(text)) return null;
  const match = RANGE.exec(text);
  if (!match) return undefined;
  const opens = timeOf(match[1]!, match[2], match[3]!);
  const closes = timeOf(match[4]!, match[5], match[6]!);
  return opens && closes ? { opens, closes } : undefined;
}

/** The office's hours by weekday, from the entry whose status names the office; null without one. */
export function officeWeek(entries: readonly KioskTimeEntry[]): Map<Weekday, DayHours | undefined> | null {
  const office = entries.find((entry) => entry.status.toLowerCase().includes('office'));
  if (!office) return null;
  const week = new Map<Weekday, DayHours | undefined>();
  for (const row of office.rows) {
    const weekday = weekdayOfLabel(row.label);
    if (weekday !== null) week.set(weekday, parseDayHours(row.time));
  }
  return week.size > 0 ? week : null;
}

/** The weekday and the minutes since midnight of `epochMs` on the clocks of `timeZone`. */
export function localMoment(epochMs: number, timeZone: string): { weekday: Weekday; minutes: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(epochMs);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((found) => found.type === type)?.value ?? '';
  return {
    weekday: (weekdayOfLabel(part('weekday')) ?? 0) as Weekday,
    minutes: (Number(part('hour')) % 24) * 60 + Number(part('minute')),
  };
}

const minutesOf = (time: TimeOfDay) => time.hour * 60 + time.minute;

/**
 * The office's next opening as seen at `epochMs` in `timeZone`: open now (until its closing),
 * later today, tomorrow, or a weekday further on when the days between are closed. A day whose
 * hours cannot be read stops the search: the kiosk never names an opening it is not sure of.
 */
export function nextOfficeOpening(
  entries: readonly KioskTimeEntry[],
  epochMs: number,
  timeZone: string,
): OfficeOpening {
  const week = officeWeek(entries);
  if (!week) return { when: 'unknown' };
  const now = localMoment(epochMs, timeZone);
  for (let ahead = 0; ahead <= 7; ahead += 1) {
    const weekday = ((now.weekday + ahead) % 7) as Weekday;
    const hours = week.get(weekday);
    if (hours === undefined) return { when: 'unknown' };
    if (hours === null) continue;
    if (ahead === 0) {
      if (now.minutes < minutesOf(hours.opens)) return { when: 'today', at: hours.opens };
      if (now.minutes < minutesOf(hours.closes)) return { when: 'open_now', until: hours.closes };
      continue;
    }
    if (ahead === 1) return { when: 'tomorrow', at: hours.opens };
    return { when: 'weekday', at: hours.opens, weekday };
  }
  return { when: 'unknown' };
}

/** '9:00 AM' / '9:00 a.m.': the locale's way of writing a time, with plain spaces (speech, receipts). */
export function formatTimeOfDay(time: TimeOfDay, locale: string): string {
  return new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' })
    .format(Date.UTC(2023, 0, 1, time.hour, time.minute))
    .replace(/[\u202f\u00a0]/g, ' ');
}

/** The weekday's name in the locale ('Monday', 'lunes'); 1 January 2023 was a Sunday. */
export function weekdayName(weekday: Weekday, locale: string): string {
  return new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(Date.UTC(2023, 0, 1 + weekday));
}

/** The hour as a clock face shows it (1 to 12), for languages that say "la 1" but "las 9". */
export const clockHour = (time: TimeOfDay) => time.hour % 12 || 12;

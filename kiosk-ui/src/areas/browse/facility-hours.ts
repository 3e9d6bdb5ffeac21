import { parseDayHours, weekdayName, weekdayOfLabel, type TimeOfDay } from '../pay-bill/office-opening';

/**
 * The facility-hours panel in the visitor's language (docs/languages.md). The operator sends its
 * hours in English (timings.kiosk_time: a status such as 'Office Hours', rows 'Monday'
 * '9:00 AM - 6:00 PM' or 'Closed'); what the kiosk can read it writes itself: the two headings it
 * knows, weekday names and times through Intl, 'Closed' from the catalogue. Anything else is the
 * operator's own text and is shown as sent.
 */

export type HoursTitleKey = 'browse.facility.office_hours' | 'browse.facility.access_hours';

/** The heading's catalogue key for the office's or the gate's hours; null for another status. */
export function hoursTitleKey(status: string): HoursTitleKey | null {
  const words = status.trim().toLowerCase();
  if (/^office(\s+hours)?$/.test(words)) return 'browse.facility.office_hours';
  if (/^(gate\s+)?access(\s+hours)?$/.test(words)) return 'browse.facility.access_hours';
  return null;
}

/** A row's day: the weekday's name in the locale, capitalised as a list line starts ('Lunes'). */
export function hoursDayLabel(label: string, locale: string): string {
  const weekday = weekdayOfLabel(label);
  if (weekday === null) return label;
  const name = weekdayName(weekday, locale);
  return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
}

const NO_BREAK = '\u00a0';

/** '10:00 PM' / '10:00 p.m.' with no place to break: a time is never split over two lines. */
export function unbreakableTime(time: TimeOfDay, locale: string): string {
  return new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' })
    .format(Date.UTC(2023, 0, 1, time.hour, time.minute))
    .replace(/[\s\u202f]/g, NO_BREAK);
}

/** A row's hours: closed (the catalogue's word), a range of two times, or the operator's text as sent. */
export type DayHoursView =
  | { kind: 'closed'; key: 'browse.facility.closed' }
  | { kind: 'range'; opens: string; closes: string }
  | { kind: 'as-sent'; text: string };

export function dayHoursView(time: string, locale: string): DayHoursView {
  const hours = parseDayHours(time);
  if (hours === null) return { kind: 'closed', key: 'browse.facility.closed' };
  if (hours === undefined) {
    // Not a form the kiosk reads: still keep each '10:00 PM' on one line.
    return { kind: 'as-sent', text: time.replace(/(\d)\s+([ap]\.?\s?m\b\.?)/gi, `$1${NO_BREAK}$2`) };
  }
  return { kind: 'range', opens: unbreakableTime(hours.opens, locale), closes: unbreakableTime(hours.closes, locale) };
}

/**
 * Calendar helpers in the facility's time zone: the sandbox answers "today" as the facility sees
 * it, not as the test machine's zone does.
 */

export interface LocalDate {
  year: number;
  /** 1-12 */
  month: number;
  day: number;
  /** 'Monday' ... 'Sunday' */
  weekday: string;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let found = formatters.get(timeZone);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      weekday: 'long',
    });
    formatters.set(timeZone, found);
  }
  return found;
}

export function localDate(epochMs: number, timeZone: string): LocalDate {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(new Date(epochMs))
      .map((part) => [part.type, part.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    weekday: String(parts.weekday),
  };
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The calendar date `days` after `date` (weekday recomputed). */
export function addDays(date: LocalDate, days: number): LocalDate {
  const shifted = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    weekday: shifted.toLocaleDateString('en-US', { weekday: 'long', timeZone: 'UTC' }),
  };
}

/** MM/DD/YYYY, the spec's date format. */
export function formatUsDate(date: Pick<LocalDate, 'year' | 'month' | 'day'>): string {
  return `${String(date.month).padStart(2, '0')}/${String(date.day).padStart(2, '0')}/${date.year}`;
}

/** Parse MM/DD/YYYY; undefined when it is not a real date. */
export function parseUsDate(text: string): LocalDate | undefined {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim());
  if (!match) return undefined;
  const [month, day, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  return addDays({ year, month, day, weekday: '' }, 0);
}

import type { KioskTimeEntry } from '@kiosk/shared-types';
import { describe, expect, it } from 'vitest';
import {
  formatTimeOfDay,
  localMoment,
  nextOfficeOpening,
  officeWeek,
  parseDayHours,
  weekdayName,
} from './office-opening';

/** The demo facility's hours: the office opens 9 to 6 on weekdays, 9 to 5 on Saturday, never on Sunday. */
const ROWS = (office: Record<string, string>) =>
  Object.entries(office).map(([label, time]) => ({ label, time, is_today: false }));
const HOURS: KioskTimeEntry[] = [
  {
    status: 'Access Hours',
    rows: ROWS({ Monday: '6:00 AM - 10:00 PM', Sunday: '7:00 AM - 9:00 PM' }),
  },
  {
    status: 'Office Hours',
    rows: ROWS({
      Monday: '9:00 AM - 6:00 PM',
      Tuesday: '9:00 AM - 6:00 PM',
      Wednesday: '9:00 AM - 6:00 PM',
      Thursday: '9:00 AM - 6:00 PM',
      Friday: '9:00 AM - 6:00 PM',
      Saturday: '9:00 AM - 5:00 PM',
      Sunday: 'Closed',
    }),
  },
];

const CHICAGO = 'America/Chicago';
const NINE = { hour: 9, minute: 0 };
/** An instant written as the facility's wall clock (Chicago is UTC-6 in November, UTC-5 in July). */
const chicago = (isoLocal: string, offset = '-06:00') => Date.parse(`${isoLocal}${offset}`);

describe('nextOfficeOpening', () => {
  it('a weekday night: tomorrow at 9:00', () => {
    // Thursday 26 November 2026, 10:30 PM.
    expect(nextOfficeOpening(HOURS, chicago('2026-11-26T22:30'), CHICAGO)).toEqual({ when: 'tomorrow', at: NINE });
  });

  it('Saturday night: Monday, the office being closed on Sunday', () => {
    expect(nextOfficeOpening(HOURS, chicago('2026-11-28T22:30'), CHICAGO)).toEqual({
      when: 'weekday',
      at: NINE,
      weekday: 1,
    });
    // Saturday after its 5 PM closing, and Sunday afternoon, too.
    expect(nextOfficeOpening(HOURS, chicago('2026-11-28T17:00'), CHICAGO)).toMatchObject({
      when: 'weekday',
      weekday: 1,
    });
    expect(nextOfficeOpening(HOURS, chicago('2026-11-29T14:00'), CHICAGO)).toEqual({ when: 'tomorrow', at: NINE });
  });

  it('after midnight, before opening: today', () => {
    expect(nextOfficeOpening(HOURS, chicago('2026-11-30T00:10'), CHICAGO)).toEqual({ when: 'today', at: NINE });
    expect(nextOfficeOpening(HOURS, chicago('2026-11-30T08:59'), CHICAGO)).toEqual({ when: 'today', at: NINE });
  });

  it('while the office is open: open now, until its closing', () => {
    expect(nextOfficeOpening(HOURS, chicago('2026-11-30T09:00'), CHICAGO)).toEqual({
      when: 'open_now',
      until: { hour: 18, minute: 0 },
    });
    expect(nextOfficeOpening(HOURS, chicago('2026-11-30T18:00'), CHICAGO)).toEqual({ when: 'tomorrow', at: NINE });
  });

  it("counts on the facility's clock, not the machine's: the same instant elsewhere is another day", () => {
    const saturdayNight = chicago('2026-11-28T22:30');
    // 4:30 AM on Sunday in UTC, 1:30 PM on Sunday in Tokyo: Monday is tomorrow there.
    expect(nextOfficeOpening(HOURS, saturdayNight, 'UTC')).toEqual({ when: 'tomorrow', at: NINE });
    expect(nextOfficeOpening(HOURS, saturdayNight, 'Asia/Tokyo')).toEqual({ when: 'tomorrow', at: NINE });
    // Summer time: 8:30 AM on Friday 10 July 2026 in Chicago (UTC-5).
    expect(nextOfficeOpening(HOURS, chicago('2026-07-10T08:30', '-05:00'), CHICAGO)).toEqual({
      when: 'today',
      at: NINE,
    });
  });

  it('says nothing it is not sure of: no office hours, an unreadable day, or a week without opening', () => {
    const night = chicago('2026-11-26T22:30');
    expect(nextOfficeOpening([HOURS[0]!], night, CHICAGO)).toEqual({ when: 'unknown' });
    expect(nextOfficeOpening([], night, CHICAGO)).toEqual({ when: 'unknown' });
    const unreadable = [{ status: 'Office Hours', rows: ROWS({ Thursday: 'Closed', Friday: 'By appointment' }) }];
    expect(nextOfficeOpening(unreadable, night, CHICAGO)).toEqual({ when: 'unknown' });
    const closed = [{ status: 'Office Hours', rows: ROWS({ Monday: 'Closed', Thursday: 'Closed', Friday: 'Closed' }) }];
    expect(nextOfficeOpening(closed, night, CHICAGO)).toEqual({ when: 'unknown' });
  });

  it('names the same weekday a week on when it is the only open day', () => {
    const thursdaysOnly = [
      {
        status: 'Office Hours',
        rows: ROWS(
          Object.fromEntries(
            ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].map((day) => [
              day,
              day === 'Thursday' ? '10 AM - 2 PM' : 'Closed',
            ]),
          ),
        ),
      },
    ];
    expect(nextOfficeOpening(thursdaysOnly, chicago('2026-11-26T22:30'), CHICAGO)).toEqual({
      when: 'weekday',
      at: { hour: 10, minute: 0 },
      weekday: 4,
    });
  });
});

describe('reading the hours', () => {
  it('reads a range, a closed day, and refuses what it cannot read', () => {
    expect(parseDayHours('9:00 AM - 6:00 PM')).toEqual({ opens: NINE, closes: { hour: 18, minute: 0 } });
    expect(parseDayHours('8:30 a.m. – 12 p.m.')).toEqual({
      opens: { hour: 8, minute: 30 },
      closes: { hour: 12, minute: 0 },
    });
    expect(parseDayHours('12:00 AM - 11:59 PM')).toEqual({
      opens: { hour: 0, minute: 0 },
      closes: { hour: 23, minute: 59 },
    });
    expect(parseDayHours(' closed ')).toBeNull();
    expect(parseDayHours('By appointment')).toBeUndefined();
    expect(parseDayHours('13:00 PM - 6:00 PM')).toBeUndefined();
  });

  it('takes the office entry and its weekdays by name', () => {
    const week = officeWeek(HOURS);
    expect(week?.get(0)).toBeNull();
    expect(week?.get(6)).toEqual({ opens: NINE, closes: { hour: 17, minute: 0 } });
    expect(week?.size).toBe(7);
  });

  it("finds the weekday and minutes on a zone's clock", () => {
    expect(localMoment(chicago('2026-11-28T22:30'), CHICAGO)).toEqual({ weekday: 6, minutes: 22 * 60 + 30 });
    expect(localMoment(chicago('2026-11-29T00:05'), CHICAGO)).toEqual({ weekday: 0, minutes: 5 });
  });
});

describe('writing a time and a weekday', () => {
  it("in the visitor's language", () => {
    expect(formatTimeOfDay(NINE, 'en-US')).toBe('9:00 AM');
    expect(formatTimeOfDay({ hour: 13, minute: 30 }, 'en-US')).toBe('1:30 PM');
    expect(formatTimeOfDay(NINE, 'es-US')).toMatch(/^9:00 a\.\s?m\.$/);
    expect(weekdayName(1, 'en-US')).toBe('Monday');
    expect(weekdayName(0, 'en-US')).toBe('Sunday');
    expect(weekdayName(1, 'es-US')).toBe('lunes');
  });
});

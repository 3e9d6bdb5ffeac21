import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { addMonths, dayInRange, initialMonth, monthGrid, monthInRange } from './calendar';

describe('the date picker calendar', () => {
  it('lays a month out in Sunday-first weeks', () => {
    // March 2030 starts on a Friday and has 31 days.
    const weeks = monthGrid({ year: 2030, month: 2 });
    expect(weeks[0]!.slice(0, 5)).toEqual([null, null, null, null, null]);
    expect(weeks[0]![5]!.format('MM/DD/YYYY')).toBe('03/01/2030');
    expect(weeks.flat().filter(Boolean)).toHaveLength(31);
    expect(weeks.every((week) => week.length === 7)).toBe(true);
  });

  it('disables days outside the range and keeps the months inside it', () => {
    const min = dayjs('2026-01-10');
    const max = dayjs('2026-02-09');
    expect(dayInRange(dayjs('2026-01-09'), min, max)).toBe(false);
    expect(dayInRange(dayjs('2026-01-10'), min, max)).toBe(true);
    expect(dayInRange(dayjs('2026-02-10'), min, max)).toBe(false);
    expect(monthInRange(addMonths({ year: 2026, month: 0 }, -1), min, max)).toBe(false);
    expect(monthInRange(addMonths({ year: 2026, month: 0 }, 1), min, max)).toBe(true);
  });

  it('opens at the typed date, else today, inside the range', () => {
    const min = dayjs('2026-01-10');
    const max = dayjs('2026-03-09');
    expect(initialMonth('02/14/2026', min, max)).toEqual({ year: 2026, month: 1 });
    expect(initialMonth('', min, max, dayjs('2025-12-01'))).toEqual({ year: 2026, month: 0 });
    expect(initialMonth('nonsense', min, max, dayjs('2027-01-01'))).toEqual({ year: 2026, month: 2 });
  });
});

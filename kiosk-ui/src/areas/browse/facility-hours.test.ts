import { describe, expect, it } from 'vitest';
import { dayHoursView, hoursDayLabel, hoursTitleKey } from './facility-hours';

describe('the facility-hours panel in the visitor language', () => {
  it('knows the office and access headings; another status is shown as sent', () => {
    expect(hoursTitleKey('Office Hours')).toBe('browse.facility.office_hours');
    expect(hoursTitleKey(' access hours ')).toBe('browse.facility.access_hours');
    expect(hoursTitleKey('Gate Access Hours')).toBe('browse.facility.access_hours');
    expect(hoursTitleKey('Holiday Hours')).toBeNull();
  });

  it('writes the operator’s English weekday names in the locale, capitalised as a list line', () => {
    expect(hoursDayLabel('Monday', 'es-US')).toBe('Lunes');
    expect(hoursDayLabel('Sunday', 'es-US')).toBe('Domingo');
    expect(hoursDayLabel('Wed', 'es-US')).toBe('Miércoles');
    expect(hoursDayLabel('Saturday', 'en-US')).toBe('Saturday');
    expect(hoursDayLabel('Mon-Fri', 'es-US')).toBe('Mon-Fri');
  });

  it('writes a range of times in the locale with no break inside a time', () => {
    const english = dayHoursView('9:00 AM - 10:00 PM', 'en-US');
    expect(english).toEqual({ kind: 'range', opens: '9:00\u00a0AM', closes: '10:00\u00a0PM' });
    const spanish = dayHoursView('6:00 AM - 10:00 PM', 'es-US');
    expect(spanish.kind).toBe('range');
    if (spanish.kind !== 'range') return;
    expect(spanish.opens).toMatch(/^6:00\u00a0a\.\u00a0?m\.$/);
    expect(spanish.closes).toMatch(/^10:00\u00a0p\.\u00a0?m\.$/);
    expect(`${spanish.opens}${spanish.closes}`).not.toMatch(/\s(?<!\u00a0)/);
  });

  it("says 'Closed' from the catalogue and keeps a text it cannot read as sent, times unbroken", () => {
    expect(dayHoursView('Closed', 'es-US')).toEqual({ kind: 'closed', key: 'browse.facility.closed' });
    expect(dayHoursView('By appointment until 10:00 PM', 'en-US')).toEqual({
      kind: 'as-sent',
      text: 'By appointment until 10:00\u00a0PM',
    });
  });
});

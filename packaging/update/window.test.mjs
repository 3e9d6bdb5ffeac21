import { describe, expect, it } from 'vitest';
import { parseWindow, planCheck, windowOffset } from './window.mjs';

// Local times built from their fields: the same wall-clock time in any time zone.
const at = (hour, minute = 0, day = 28) => new Date(2026, 10, day, hour, minute);
const NIGHT = parseWindow('01:00-05:00');

describe('the check window', () => {
  it('reads HH:MM-HH:MM, across midnight too, and refuses anything else', () => {
    expect(parseWindow('01:00-05:00')).toEqual({ start: 60, length: 240 });
    expect(parseWindow('22:30-02:00')).toEqual({ start: 1350, length: 210 });
    expect(parseWindow('00:00-00:00')).toEqual({ start: 0, length: 1440 });
    expect(() => parseWindow('1am-5am')).toThrow(/KIOSK_UPDATE_WINDOW must be HH:MM-HH:MM/);
    expect(() => parseWindow('25:00-05:00')).toThrow(/KIOSK_UPDATE_WINDOW/);
  });

  it('each kiosk has its own minute in the window, the same on every run', () => {
    expect(windowOffset('kiosk-7', NIGHT)).toBe(windowOffset('kiosk-7', parseWindow('01:00-05:00')));
    const minutes = Array.from({ length: 100 }, (_, i) => windowOffset(`kiosk-${i + 1}`, NIGHT));
    expect(minutes.every((m) => m >= 0 && m < 240)).toBe(true);
    // A hundred kiosks spread over the window rather than asking together.
    expect(new Set(minutes).size).toBeGreaterThan(70);
  });

  it("the hourly run before the kiosk's minute waits for it; the runs outside the window skip", () => {
    const offset = windowOffset('kiosk-7', NIGHT); // 01:00 + offset
    const minute = new Date(at(1)).setMinutes(offset);
    const hourBefore = new Date(minute - 30 * 60_000);
    const plan = planCheck({ now: hourBefore, window: NIGHT, kioskId: 'kiosk-7', lastCheckAt: null });
    expect(plan).toMatchObject({ action: 'wait', waitMs: 30 * 60_000, at: minute });
    expect(planCheck({ now: at(12), window: NIGHT, kioskId: 'kiosk-7', lastCheckAt: null })).toMatchObject({
      action: 'skip',
    });
    expect(planCheck({ now: new Date(minute), window: NIGHT, kioskId: 'kiosk-7', lastCheckAt: null })).toMatchObject({
      action: 'check',
    });
  });

  it('a kiosk that was off at its minute checks when it next runs inside the window, once per window', () => {
    const late = at(4, 59);
    expect(planCheck({ now: late, window: NIGHT, kioskId: 'kiosk-1', lastCheckAt: null })).toMatchObject({
      action: 'check',
    });
    const checked = at(4, 59).toISOString();
    expect(planCheck({ now: late, window: NIGHT, kioskId: 'kiosk-1', lastCheckAt: checked })).toMatchObject({
      action: 'skip',
      reason: expect.stringMatching(/^already checked in this window/),
    });
    // Yesterday's check does not count for tonight.
    const yesterday = at(3, 0, 27).toISOString();
    expect(planCheck({ now: late, window: NIGHT, kioskId: 'kiosk-1', lastCheckAt: yesterday })).toMatchObject({
      action: 'check',
    });
  });

  it('a window across midnight is one window', () => {
    const window = parseWindow('23:00-02:00');
    const offset = windowOffset('kiosk-3', window);
    const minute = new Date(at(23)).setMinutes(offset);
    // At 01:59 after midnight, the kiosk's minute (from 23:00 the evening before) has passed: check.
    expect(planCheck({ now: at(1, 59, 29), window, kioskId: 'kiosk-3', lastCheckAt: null })).toMatchObject({
      action: 'check',
      at: minute,
    });
    expect(
      planCheck({ now: at(1, 59, 29), window, kioskId: 'kiosk-3', lastCheckAt: new Date(minute).toISOString() }),
    ).toMatchObject({ action: 'skip' });
  });
});

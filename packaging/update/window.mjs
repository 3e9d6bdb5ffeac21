// When a kiosk asks for its release: once per night-time window the facility sets, at a minute of
// that window chosen by a stable hash of the kiosk id, so a thousand kiosks do not ask at once.
import { stableHash } from './channel.mjs';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/** "01:00-05:00" (local time) to minutes after midnight; an end before the start crosses midnight. */
export function parseWindow(text) {
  const match = /^\s*(\d{1,2}):(\d{2})\s*-\s*(\d{1,2}):(\d{2})\s*$/.exec(text ?? '');
  const minutes = (h, m) => (Number(h) <= 23 && Number(m) <= 59 ? Number(h) * 60 + Number(m) : NaN);
  const start = match ? minutes(match[1], match[2]) : NaN;
  const end = match ? minutes(match[3], match[4]) : NaN;
  if (Number.isNaN(start) || Number.isNaN(end))
    throw new Error(`KIOSK_UPDATE_WINDOW must be HH:MM-HH:MM in local time, got "${text}"`);
  // 00:00-00:00 is the whole day.
  const length = (end - start + 1440) % 1440 || 1440;
  return { start, length };
}

/** This kiosk's minute within the window (0 .. length-1). */
export function windowOffset(kioskId, window) {
  return stableHash(`${kioskId}:window`) % window.length;
}

/** The window's occurrence that contains `now`, else the next one: its start and end as times. */
function occurrence(now, window) {
  const midnight = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
  const at = (day, minute) => new Date(midnight + day * DAY_MS).setHours(0, minute, 0, 0);
  for (const day of [-1, 0, 1]) {
    const start = at(day, window.start);
    const end = start + window.length * MINUTE_MS;
    if (now.getTime() < end) return { start, end };
  }
  return { start: at(1, window.start), end: at(1, window.start) + window.length * MINUTE_MS };
}

const clock = (ms) => new Date(ms).toTimeString().slice(0, 5);

/**
 * What to do on this run of the timer (which fires hourly): check now, wait until this kiosk's minute
 * when it falls within `horizonMs`, or skip. A window already checked in is skipped; a kiosk that
 * was off at its minute checks as soon as it runs within the window.
 */
export function planCheck({ now, window, kioskId, lastCheckAt, horizonMs = 3_600_000 }) {
  const { start, end } = occurrence(now, window);
  const at = start + windowOffset(kioskId, window) * MINUTE_MS;
  const t = now.getTime();
  const last = lastCheckAt ? Date.parse(lastCheckAt) : NaN;
  if (t >= start && last >= start && last < end)
    return { action: 'skip', at, reason: `already checked in this window (at ${clock(last)})` };
  if (t >= at) return { action: 'check', at };
  if (at - t <= horizonMs) return { action: 'wait', at, waitMs: at - t };
  return { action: 'skip', at, reason: `this kiosk checks at ${clock(at)}` };
}

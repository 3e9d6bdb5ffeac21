import { describe, expect, it } from 'vitest';
import { HOLD } from '@kiosk/shared-types';
import { SandboxState } from './state.js';

function stateAt(start = Date.UTC(2025, 6, 15, 17, 0)) {
  let now = start;
  const state = new SandboxState({ clock: () => now });
  return { state, advance: (ms: number) => (now += ms) };
}

const statusOf = (state: SandboxState, door: string) => state.findSpace('demo', door)?.status;

describe('SandboxState holds', () => {
  it('holds an available space, then frees it when released with its token', () => {
    const { state } = stateAt();
    const outcome = state.holdSpace('demo', 'B-10');
    if (!outcome.ok) throw new Error(outcome.message);
    expect(statusOf(state, 'B-10')).toBe('held');
    expect(state.availableCount('demo', 'm-10x10')).toBe(2);

    expect(state.releaseSpace('demo', outcome.hold.space_id, 'not-the-token')).toBe('token-mismatch');
    expect(statusOf(state, 'B-10')).toBe('held');
    expect(state.releaseSpace('demo', outcome.hold.space_id, outcome.hold.token)).toBe('released');
    expect(statusOf(state, 'B-10')).toBe('available');
    expect(state.releases.map((release) => release.outcome)).toEqual(['token-mismatch', 'released']);
  });

  it('refuses a second hold of the same space (two kiosks cannot hold one space)', () => {
    const { state } = stateAt();
    expect(state.holdSpace('demo', 'sp-b-11').ok).toBe(true);
    const second = state.holdSpace('demo', 'B-11');
    expect(second).toEqual({
      ok: false,
      code: 'SpaceUnavailable',
      message: 'Sorry! Unit B-11 is not available. Please choose another unit.',
    });
  });

  it('frees a space when its hold is 15 minutes old', () => {
    const { state, advance } = stateAt();
    state.holdSpace('demo', 'A101');
    advance(HOLD.lifetimeMs - 1);
    expect(statusOf(state, 'A101')).toBe('held');
    advance(1);
    expect(statusOf(state, 'A101')).toBe('available');
    expect(state.activeHolds()).toEqual([]);
    expect(state.holdSpace('demo', 'A101').ok).toBe(true);
  });

  it('moves the clock by the control offset too', () => {
    const { state } = stateAt();
    state.holdSpace('demo', 'A101');
    state.advanceClock(HOLD.lifetimeMs);
    expect(statusOf(state, 'A101')).toBe('available');
  });

  it('holds the first available space of a type, and refuses a type with none left', () => {
    const { state } = stateAt();
    const first = state.holdSpaceType('demo', 'm-10x10');
    const second = state.holdSpaceType('demo', 'm-10x10');
    expect([first.ok && first.hold.door_name, second.ok && second.hold.door_name]).toEqual(['B-10', 'B-11']);
    // X999 is available but refuses holds, B-12 is reserved: nothing else to hold.
    expect(state.holdSpaceType('demo', 'm-10x10').ok).toBe(false);
    expect(state.holdSpaceType('demo', 'xl-10x30').ok).toBe(false);
  });

  it('refuses holds on the spaces and types the demo data marks as refusing', () => {
    const { state } = stateAt();
    expect(statusOf(state, 'X999')).toBe('available');
    expect(state.holdSpace('demo', 'X999').ok).toBe(false);
    expect(state.holdSpace('demo', 'K-01').ok).toBe(false);
    expect(state.holdSpaceType('demo', 'other-kayak').ok).toBe(false);
  });

  it.each(['A102', 'A103', 'A112'])('refuses to hold %s (rented, held elsewhere, unavailable)', (door) => {
    const { state } = stateAt();
    expect(state.holdSpace('demo', door).ok).toBe(false);
  });

  it('lets a reserved space be held for its move-in and puts it back to unavailable on release', () => {
    const { state } = stateAt();
    expect(statusOf(state, 'B-12')).toBe('unavailable');
    const outcome = state.holdSpace('demo', 'B-12');
    if (!outcome.ok) throw new Error(outcome.message);
    expect(statusOf(state, 'B-12')).toBe('held');
    state.releaseSpace('demo', 'sp-b-12', outcome.hold.token);
    expect(statusOf(state, 'B-12')).toBe('unavailable');
  });

  it('keeps each facility variant separate and reset() brings the demo data back', () => {
    const { state } = stateAt();
    state.holdSpace('demo', 'A101');
    state.markRented('demo', 'B-10');
    expect(statusOf(state, 'A101')).toBe('held');
    expect(state.findSpace('demo-smart', 'A101')?.status).toBe('available');
    state.reset();
    expect(statusOf(state, 'A101')).toBe('available');
    expect(statusOf(state, 'B-10')).toBe('available');
    expect(state.activeHolds()).toEqual([]);
  });
});

describe('SandboxState reservations', () => {
  it('finds a reservation by code in any case, only at its own facility', () => {
    const { state } = stateAt();
    expect(state.findReservation('demo', 'demo1234')?.door_name).toBe('B-12');
    expect(state.findReservation('demo-smart', 'DEMO1234')).toBeUndefined();
    expect(state.findReservation('demo', 'NOPE0000')).toBeUndefined();
  });

  it('dates a seeded reservation relative to today in the facility time zone', () => {
    // 15 July 2025 04:00 UTC is still 14 July in Springfield, IL.
    const { state } = stateAt(Date.UTC(2025, 6, 15, 4, 0));
    expect(state.reservationDate(state.findReservation('demo', 'DEMO1234')!)).toBe('07/15/2025');
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HOLD, type HoldRegistration } from '@kiosk/shared-types';
import { HoldRegistry, RETRY_DELAYS_MS, type HoldReleaseReason } from './holds.js';

const first: HoldRegistration = { facility_id: 'demo', space_id: '1042', hold_token: 'tok-1' };
const second: HoldRegistration = { facility_id: 'demo', space_id: '2001', hold_token: 'tok-2' };

function setup(options: { failTimes?: number } = {}) {
  const calls: Array<{ hold: HoldRegistration; reason: HoldReleaseReason }> = [];
  const released: Array<{ space: string; reason: HoldReleaseReason }> = [];
  const failed: string[] = [];
  let failuresLeft = options.failTimes ?? 0;
  const registry = new HoldRegistry({
    timeScale: 1,
    release: async (hold, reason) => {
      calls.push({ hold: { ...hold }, reason });
      if (failuresLeft > 0) {
        failuresLeft -= 1;
        throw new Error('upstream down');
      }
    },
    onReleased: (hold, reason) => released.push({ space: hold.space_id, reason }),
    onReleaseFailed: (hold) => failed.push(hold.space_id),
  });
  return { registry, calls, released, failed };
}

describe('HoldRegistry', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('releases a hold 15 minutes after it was registered, with its token', async () => {
    const { registry, calls, released } = setup();
    registry.register(first);
    await vi.advanceTimersByTimeAsync(HOLD.lifetimeMs - 1);
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toEqual([{ hold: first, reason: 'expired' }]);
    expect(released).toEqual([{ space: '1042', reason: 'expired' }]);
    expect(registry.list()).toEqual([]);
  });

  it('releases the previous hold when a new space is held', async () => {
    const { registry, calls } = setup();
    registry.register(first);
    registry.register(second);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual([{ hold: first, reason: 'replaced' }]);
    expect(registry.list().map((hold) => hold.space_id)).toEqual(['2001']);
  });

  it('does not release the same space re-held with a new token; the new token is the one released later', async () => {
    const { registry, calls } = setup();
    registry.register(first);
    registry.register({ ...first, hold_token: 'tok-1b' });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(0);
    await registry.release('1042', 'left-screen');
    expect(calls).toEqual([{ hold: { ...first, hold_token: 'tok-1b' }, reason: 'left-screen' }]);
  });

  it('does not extend a hold registered twice with the same token', async () => {
    const { registry, calls } = setup();
    registry.register(first);
    await vi.advanceTimersByTimeAsync(HOLD.lifetimeMs / 2);
    registry.register(first);
    await vi.advanceTimersByTimeAsync(HOLD.lifetimeMs / 2);
    expect(calls).toEqual([{ hold: first, reason: 'expired' }]);
  });

  it('releases everything at session end, once each', async () => {
    const { registry, calls } = setup();
    registry.register(first);
    await registry.releaseAll('session-ended');
    await registry.releaseAll('session-ended');
    await vi.advanceTimersByTimeAsync(HOLD.lifetimeMs);
    expect(calls).toEqual([{ hold: first, reason: 'session-ended' }]);
  });

  it('answers undefined for a space it does not hold', async () => {
    const { registry } = setup();
    expect(await registry.release('nope', 'left-screen')).toBeUndefined();
  });

  it('retries a release that could not reach the upstream, then gives up', async () => {
    const { registry, calls, failed } = setup({ failTimes: 10 });
    registry.register(first);
    expect(await registry.release('1042', 'left-screen')).toBe(false);
    await vi.advanceTimersByTimeAsync(RETRY_DELAYS_MS[0]);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(RETRY_DELAYS_MS[1]);
    expect(calls).toHaveLength(3);
    expect(failed).toEqual(['1042']);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(calls).toHaveLength(3);
  });

  it('on close, tries once every hold still registered and every release waiting for a retry', async () => {
    const { registry, calls } = setup({ failTimes: 1 });
    registry.register(first);
    await registry.release('1042', 'left-screen');
    registry.register(second);
    await registry.close();
    expect(calls.map((call) => `${call.hold.space_id}:${call.reason}`).sort()).toEqual([
      '1042:left-screen',
      '1042:left-screen',
      '2001:session-ended',
    ]);
    expect(vi.getTimerCount()).toBe(0);
  });
});

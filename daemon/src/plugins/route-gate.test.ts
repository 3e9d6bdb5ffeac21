import { describe, expect, it } from 'vitest';
import { RouteGate } from './route-gate.js';

describe('RouteGate', () => {
  it('lets calls through up to the limit, then lines the next ones up in order', async () => {
    const gate = new RouteGate(2);
    const never = new AbortController().signal;
    expect(gate.enter(never)).toBe(true);
    expect(gate.enter(never)).toBe(true);
    const third = gate.enter(never);
    const fourth = gate.enter(never);
    expect(gate.queued).toBe(2);
    const order: string[] = [];
    void (third as Promise<boolean>).then(() => order.push('third'));
    void (fourth as Promise<boolean>).then(() => order.push('fourth'));
    gate.leave();
    await Promise.resolve();
    expect(order).toEqual(['third']);
    expect(gate.inFlight).toBe(2);
    gate.leave();
    await Promise.resolve();
    expect(order).toEqual(['third', 'fourth']);
    gate.leave();
    gate.leave();
    expect(gate.inFlight).toBe(0);
  });

  it('drops a waiting call whose deadline fires, and does not count it', async () => {
    const gate = new RouteGate(1);
    const never = new AbortController().signal;
    gate.enter(never);
    const deadline = new AbortController();
    const waiting = gate.enter(deadline.signal);
    deadline.abort();
    expect(await waiting).toBe(false);
    expect(gate.queued).toBe(0);
    gate.leave();
    expect(gate.inFlight).toBe(0);
    expect(gate.enter(never)).toBe(true);
  });
});

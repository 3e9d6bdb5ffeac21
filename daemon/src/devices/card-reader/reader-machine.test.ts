import { describe, expect, it } from 'vitest';
import { initialReaderState, transition, type ReaderInput, type ReaderState } from './reader-machine.js';

const card = { name: 'JANE Q TENANT', card_number: '4111111111111111', exp_month: '12', exp_year: '30' };

function run(inputs: ReaderInput[], from: ReaderState = initialReaderState) {
  let state = from;
  const events = [];
  const outcomes = [];
  for (const input of inputs) {
    const result = transition(state, input);
    state = result.state;
    events.push(...result.events);
    if (result.outcome !== undefined) outcomes.push(result.outcome);
  }
  return { state, events, outcomes };
}

describe('reader status', () => {
  it('pushes reader-status only when the status changes', () => {
    const { events } = run([
      { type: 'health-checked', ok: true },
      { type: 'health-checked', ok: true },
      { type: 'health-checked', ok: false, message: 'CheckHealth failed: ECONNREFUSED' },
      { type: 'health-checked', ok: false },
      { type: 'health-checked', ok: true },
    ]);
    expect(events).toEqual([
      { type: 'reader-status', status: 'ok' },
      { type: 'reader-status', status: 'down', message: 'CheckHealth failed: ECONNREFUSED' },
      { type: 'reader-status', status: 'ok' },
    ]);
  });
});

describe('a swipe', () => {
  it('runs started -> card read -> result, and the reader is marked ok', () => {
    const { state, events, outcomes } = run([
      { type: 'swipe-requested', swipeId: 's1', waitSeconds: 45 },
      { type: 'card-read', swipeId: 's1' },
      { type: 'card-decrypted', swipeId: 's1', card },
    ]);
    expect(events.map((event) => event.type)).toEqual(['swipe-started', 'reader-status', 'swipe-result']);
    expect(events[0]).toEqual({ type: 'swipe-started', swipeId: 's1', waitSeconds: 45 });
    expect(events[2]).toEqual({ type: 'swipe-result', swipeId: 's1', card });
    expect(state).toEqual({ status: 'ok', swipe: { phase: 'idle' } });
    expect(outcomes).toEqual(['read']);
  });

  it('refuses a second swipe while one is running', () => {
    const first = transition(initialReaderState, { type: 'swipe-requested', swipeId: 's1', waitSeconds: 45 });
    const second = transition(first.state, { type: 'swipe-requested', swipeId: 's2', waitSeconds: 45 });
    expect(second.accepted).toBe(false);
    expect(second.events).toEqual([]);
    expect(second.state.swipe).toEqual({ phase: 'waiting-for-card', swipeId: 's1' });
  });

  it('is also busy while decrypting', () => {
    const { state } = run([
      { type: 'swipe-requested', swipeId: 's1', waitSeconds: 45 },
      { type: 'card-read', swipeId: 's1' },
    ]);
    expect(transition(state, { type: 'swipe-requested', swipeId: 's2', waitSeconds: 45 }).accepted).toBe(false);
  });

  it('a reader that is absent ends the swipe with reader-down and marks the reader down', () => {
    const { state, events, outcomes } = run([
      { type: 'health-checked', ok: true },
      { type: 'swipe-requested', swipeId: 's1', waitSeconds: 45 },
      { type: 'swipe-failed', swipeId: 's1', reason: 'reader-down', message: 'ECONNREFUSED' },
    ]);
    expect(events.slice(-2)).toEqual([
      { type: 'reader-status', status: 'down', message: 'ECONNREFUSED' },
      expect.objectContaining({ type: 'swipe-error', swipeId: 's1', reason: 'reader-down' }),
    ]);
    expect(state).toEqual({ status: 'down', swipe: { phase: 'idle' } });
    expect(outcomes).toEqual(['reader-down']);
  });

  it('garbage and timeouts end the swipe without changing the reader status', () => {
    for (const reason of ['reader-garbage', 'reader-timeout', 'decrypt-failed'] as const) {
      const { state, events } = run([
        { type: 'health-checked', ok: true },
        { type: 'swipe-requested', swipeId: 's1', waitSeconds: 45 },
        { type: 'swipe-failed', swipeId: 's1', reason },
      ]);
      expect(events.at(-1)).toMatchObject({ type: 'swipe-error', reason });
      expect(state).toEqual({ status: 'ok', swipe: { phase: 'idle' } });
    }
  });
});

describe('cancel', () => {
  it('ends a waiting swipe, asks to abort the device call, and a late answer is ignored', () => {
    const started = transition(initialReaderState, { type: 'swipe-requested', swipeId: 's1', waitSeconds: 45 });
    const cancelled = transition(started.state, { type: 'cancel-requested' });
    expect(cancelled.abortDevice).toBe(true);
    expect(cancelled.outcome).toBe('cancelled');
    expect(cancelled.events).toEqual([
      expect.objectContaining({ type: 'swipe-error', swipeId: 's1', reason: 'cancelled' }),
    ]);

    const late = transition(cancelled.state, { type: 'card-read', swipeId: 's1' });
    expect(late.accepted).toBe(false);
    expect(late.events).toEqual([]);
  });

  it('during decryption, a late decrypt result never reaches the UI', () => {
    const { state } = run([
      { type: 'swipe-requested', swipeId: 's1', waitSeconds: 45 },
      { type: 'card-read', swipeId: 's1' },
      { type: 'cancel-requested' },
    ]);
    const late = transition(state, { type: 'card-decrypted', swipeId: 's1', card });
    expect(late.events).toEqual([]);
  });

  it('with nothing running is a no-op', () => {
    const result = transition(initialReaderState, { type: 'cancel-requested' });
    expect(result.accepted).toBe(false);
    expect(result.events).toEqual([]);
  });

  it('lets a new swipe start, and answers for the old swipe do not touch it', () => {
    const { state, events } = run([
      { type: 'swipe-requested', swipeId: 's1', waitSeconds: 45 },
      { type: 'cancel-requested' },
      { type: 'swipe-requested', swipeId: 's2', waitSeconds: 45 },
      { type: 'swipe-failed', swipeId: 's1', reason: 'reader-timeout' },
    ]);
    expect(state.swipe).toEqual({ phase: 'waiting-for-card', swipeId: 's2' });
    expect(events.filter((event) => event.type === 'swipe-error')).toHaveLength(1);
  });
});

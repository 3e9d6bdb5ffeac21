import { describe, expect, it } from 'vitest';
import { AttemptLimits, HOUR_MS, MAX_FAILURES_PER_HOUR, MAX_FAILURES_PER_VISIT, waitAfterFailure } from './attempts.js';

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

/** Fails one try (waiting out any wait first); the verdict of the try. */
function failOnce(limits: AttemptLimits, time: ReturnType<typeof clock>) {
  let verdict = limits.begin('one_time_code');
  if (!verdict.allowed && !verdict.stopped) {
    time.advance(verdict.retryAfterMs);
    verdict = limits.begin('one_time_code');
  }
  if (verdict.allowed) limits.finish('one_time_code', 'failed');
  return verdict;
}

describe('bounds on guessing a secret', () => {
  it('lets the first three failures through with no wait, then doubles the wait from 5 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map(waitAfterFailure)).toEqual([
      0, 0, 5_000, 10_000, 20_000, 40_000, 80_000, 160_000, 300_000,
    ]);
    const time = clock();
    const limits = new AttemptLimits(time.now);
    for (let i = 0; i < 2; i++) expect(failOnce(limits, time).allowed).toBe(true);
    expect(limits.begin('one_time_code')).toEqual({ allowed: true });
    limits.finish('one_time_code', 'failed');
    expect(limits.begin('one_time_code')).toMatchObject({ allowed: false, stopped: false, retryAfterMs: 5_000 });
    time.advance(5_000);
    expect(limits.begin('one_time_code')).toEqual({ allowed: true });
  });

  it(`stops a visit after ${MAX_FAILURES_PER_VISIT} failures, and the next visit starts again`, () => {
    const time = clock();
    const limits = new AttemptLimits(time.now);
    for (let i = 0; i < MAX_FAILURES_PER_VISIT; i++) expect(failOnce(limits, time).allowed).toBe(true);
    expect(limits.begin('one_time_code')).toMatchObject({ allowed: false, stopped: true, scope: 'visit' });
    // Another kind of secret is counted on its own.
    expect(limits.begin('password')).toEqual({ allowed: true });
    limits.endVisit();
    expect(limits.begin('one_time_code')).toEqual({ allowed: true });
  });

  it(`stops the kiosk after ${MAX_FAILURES_PER_HOUR} failures in an hour, whatever the visits, until the oldest is an hour old`, () => {
    const time = clock();
    const limits = new AttemptLimits(time.now);
    for (let i = 0; i < MAX_FAILURES_PER_HOUR; i++) {
      if (i % 3 === 0) limits.endVisit();
      expect(failOnce(limits, time).allowed).toBe(true);
    }
    limits.endVisit();
    const refused = limits.begin('one_time_code');
    expect(refused).toMatchObject({ allowed: false, stopped: true, scope: 'kiosk' });
    expect(limits.failuresThisHour('one_time_code')).toBe(MAX_FAILURES_PER_HOUR);
    time.advance(!refused.allowed ? refused.retryAfterMs : HOUR_MS);
    expect(limits.begin('one_time_code')).toEqual({ allowed: true });
  });

  it('takes two tries of a kind at a time, and a try with no answer counts as nothing', () => {
    const limits = new AttemptLimits(clock().now);
    expect(limits.begin('gate_code')).toEqual({ allowed: true });
    expect(limits.begin('gate_code')).toEqual({ allowed: true });
    expect(limits.begin('gate_code')).toMatchObject({ allowed: false, scope: 'in-flight' });
    limits.finish('gate_code', undefined);
    limits.finish('gate_code', undefined);
    expect(limits.begin('gate_code')).toEqual({ allowed: true });
    limits.finish('gate_code', 'succeeded');
    expect(limits.failuresThisHour('gate_code')).toBe(0);
  });
});

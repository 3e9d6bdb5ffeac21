import type { CredentialKind } from '@kiosk/shared-types';

/**
 * Bounds on guessing a secret through the kiosk (docs/security.md "Guessing is bounded"; OWASP
 * ASVS 4.0.3 V2.2.1, NIST SP 800-63B 5.2.2). What is counted is a failed try, which only the
 * operator's answer tells; so this is not a request-rate limit (such as @fastify/rate-limit,
 * whose counts are of requests, taken before the answer) but a count of failures by kind:
 *
 * - per visit: the first FREE_FAILURES fail with no wait; each later failure makes the visitor wait
 *   before the next try, doubling from FIRST_WAIT_MS up to MAX_WAIT_MS; after MAX_FAILURES_PER_VISIT
 *   no more tries of that kind are taken until the visit ends;
 * - per kiosk: after MAX_FAILURES_PER_HOUR failures of a kind within the last hour, whatever the
 *   visit, no more tries of that kind until the oldest of them is an hour old;
 * - at most MAX_IN_FLIGHT tries of a kind at a time: a burst of parallel guesses cannot outrun
 *   the count (two, so a visitor's gate-code check typed again at once is not refused).
 *
 * Pure but for the clock it is given.
 */

export const FREE_FAILURES = 3;
export const FIRST_WAIT_MS = 5_000;
export const MAX_WAIT_MS = 300_000;
export const MAX_FAILURES_PER_VISIT = 10;
export const MAX_FAILURES_PER_HOUR = 30;
export const HOUR_MS = 3_600_000;
export const MAX_IN_FLIGHT = 2;

export type AttemptOutcome = 'succeeded' | 'failed';

export type AttemptVerdict =
  | { allowed: true }
  | { allowed: false; stopped: boolean; retryAfterMs: number; scope: 'visit' | 'kiosk' | 'in-flight' };

/** The wait after the n-th failure of a visit (1-based): none for the first FREE_FAILURES. */
export function waitAfterFailure(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(MAX_WAIT_MS, FIRST_WAIT_MS * 2 ** (failures - FREE_FAILURES));
}

interface VisitCount {
  failures: number;
  /** Epoch ms before which the next try is refused. */
  waitUntil: number;
}

export class AttemptLimits {
  private readonly visit = new Map<CredentialKind, VisitCount>();
  /** Epoch ms of the kiosk's failures of each kind within the last hour, oldest first. */
  private readonly hour = new Map<CredentialKind, number[]>();
  private readonly inFlight = new Map<CredentialKind, number>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Whether a try of this kind may go to the operator now; an allowed try must be finished. */
  begin(kind: CredentialKind): AttemptVerdict {
    const now = this.now();
    const recent = this.recentFailures(kind, now);
    if (recent.length >= MAX_FAILURES_PER_HOUR) {
      return { allowed: false, stopped: true, retryAfterMs: recent[0]! + HOUR_MS - now, scope: 'kiosk' };
    }
    const count = this.visit.get(kind);
    if (count !== undefined && count.failures >= MAX_FAILURES_PER_VISIT) {
      return { allowed: false, stopped: true, retryAfterMs: 0, scope: 'visit' };
    }
    if (count !== undefined && count.waitUntil > now) {
      return { allowed: false, stopped: false, retryAfterMs: count.waitUntil - now, scope: 'visit' };
    }
    const flying = this.inFlight.get(kind) ?? 0;
    if (flying >= MAX_IN_FLIGHT) return { allowed: false, stopped: false, retryAfterMs: 1_000, scope: 'in-flight' };
    this.inFlight.set(kind, flying + 1);
    return { allowed: true };
  }

  /** The operator's answer to an allowed try (undefined: no answer, which counts as nothing). */
  finish(kind: CredentialKind, outcome: AttemptOutcome | undefined): void {
    this.inFlight.set(kind, Math.max(0, (this.inFlight.get(kind) ?? 1) - 1));
    if (outcome !== 'failed') return;
    const now = this.now();
    const count = this.visit.get(kind) ?? { failures: 0, waitUntil: 0 };
    count.failures += 1;
    count.waitUntil = now + waitAfterFailure(count.failures);
    this.visit.set(kind, count);
    const recent = this.recentFailures(kind, now);
    recent.push(now);
    this.hour.set(kind, recent);
  }

  /** The visit ended: its counts go; the kiosk's hour stays. */
  endVisit(): void {
    this.visit.clear();
  }

  /** Failures of a kind on this kiosk within the last hour. */
  failuresThisHour(kind: CredentialKind): number {
    return this.recentFailures(kind, this.now()).length;
  }

  private recentFailures(kind: CredentialKind, now: number): number[] {
    const times = this.hour.get(kind) ?? [];
    const from = times.findIndex((time) => time > now - HOUR_MS);
    const recent = from === -1 ? [] : from === 0 ? times : times.slice(from);
    if (recent !== times) this.hour.set(kind, recent);
    return recent;
  }
}

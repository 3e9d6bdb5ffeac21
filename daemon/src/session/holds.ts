import { HOLD, type HoldRegistration, type ServerEventOf } from '@kiosk/shared-types';
import { realTimers, type TimerHandle, type Timers } from './timers.js';

/**
 * Spaces the visitor holds, registered by the UI so the daemon can release them through the
 * upstream release call even when the browser crashed or was closed: when the session ends, when
 * the visitor leaves the screen, when a new hold replaces it, and HOLD.lifetimeMs after the hold.
 *
 * A release that fails to reach the upstream is retried twice (RETRY_DELAYS_MS, scaled); the
 * upstream's own hold expiry is the final backstop. No Fastify here: the plugin injects release().
 */

export type HoldReleaseReason = ServerEventOf<'hold-released'>['reason'];

export interface HeldSpace extends HoldRegistration {
  /** Epoch ms. */
  registeredAt: number;
  /** Epoch ms when the daemon releases it at the latest. */
  releaseAt: number;
}

export interface HoldRegistryOptions {
  timeScale: number;
  /** Ask the upstream to release; throws when the upstream could not be reached. */
  release(hold: HoldRegistration, reason: HoldReleaseReason): Promise<void>;
  /** Told once per release decision, before the upstream call (push the event, count it). */
  onReleased?(hold: HoldRegistration, reason: HoldReleaseReason): void;
  /** Told when a release finally failed. */
  onReleaseFailed?(hold: HoldRegistration, reason: HoldReleaseReason, error: unknown): void;
  timers?: Timers;
}

export const RETRY_DELAYS_MS = [5_000, 30_000] as const;

interface Entry {
  hold: HeldSpace;
  timer: TimerHandle;
}

interface PendingRetry {
  hold: HoldRegistration;
  reason: HoldReleaseReason;
  timer: TimerHandle;
}

export class HoldRegistry {
  private readonly timers: Timers;
  private readonly holds = new Map<string, Entry>();
  private readonly retries = new Set<PendingRetry>();
  private readonly inFlight = new Set<Promise<void>>();
  private closed = false;

  constructor(private readonly options: HoldRegistryOptions) {
    this.timers = options.timers ?? realTimers;
  }

  /**
   * Register a hold. Holds on other spaces are released ('replaced'): the visitor holds one space
   * at a time. The same space again with a new token only replaces the record (the upstream
   * re-hold superseded the old token); the same token again changes nothing.
   */
  register(registration: HoldRegistration): HeldSpace {
    const existing = this.holds.get(registration.space_id);
    if (existing !== undefined && existing.hold.hold_token === registration.hold_token) return { ...existing.hold };
    for (const spaceId of [...this.holds.keys()]) {
      if (spaceId !== registration.space_id) void this.release(spaceId, 'replaced');
    }
    if (existing !== undefined) this.timers.clearTimeout(existing.timer);
    const now = this.timers.now();
    const lifetime = HOLD.lifetimeMs * this.options.timeScale;
    const hold: HeldSpace = {
      facility_id: registration.facility_id,
      space_id: registration.space_id,
      hold_token: registration.hold_token,
      registeredAt: now,
      releaseAt: now + lifetime,
    };
    const timer = this.timers.setTimeout(() => void this.release(hold.space_id, 'expired'), lifetime);
    this.holds.set(hold.space_id, { hold, timer });
    return { ...hold };
  }

  /**
   * The space was rented or reserved: forget the hold without releasing it (a release now would
   * hand the visitor's new space back to the operator). True when a hold was registered.
   */
  settle(spaceId: string): boolean {
    const entry = this.holds.get(spaceId);
    if (entry === undefined) return false;
    this.timers.clearTimeout(entry.timer);
    this.holds.delete(spaceId);
    return true;
  }

  has(spaceId: string): boolean {
    return this.holds.has(spaceId);
  }

  list(): HeldSpace[] {
    return [...this.holds.values()].map((entry) => ({ ...entry.hold }));
  }

  /**
   * Release one hold now. Resolves true when the upstream was reached, false when it was not
   * (a retry is scheduled), undefined when no such hold is registered.
   */
  release(spaceId: string, reason: HoldReleaseReason): Promise<boolean | undefined> {
    const entry = this.holds.get(spaceId);
    if (entry === undefined) return Promise.resolve(undefined);
    this.timers.clearTimeout(entry.timer);
    this.holds.delete(spaceId);
    const { facility_id, space_id, hold_token } = entry.hold;
    const hold: HoldRegistration = { facility_id, space_id, hold_token };
    this.options.onReleased?.(hold, reason);
    return this.attempt(hold, reason, 0);
  }

  async releaseAll(reason: HoldReleaseReason): Promise<void> {
    await Promise.all([...this.holds.keys()].map((spaceId) => this.release(spaceId, reason)));
  }

  /**
   * App close: stop every timer, then try once each hold still registered and each release
   * waiting for a retry, and wait for releases already on the way.
   */
  async close(reason: HoldReleaseReason = 'session-ended'): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const pending = [...this.retries];
    for (const retry of pending) this.timers.clearTimeout(retry.timer);
    this.retries.clear();
    const attempts = [...this.holds.keys()].map((spaceId) => this.release(spaceId, reason));
    for (const retry of pending) attempts.push(this.attempt(retry.hold, retry.reason, RETRY_DELAYS_MS.length));
    await Promise.all([...attempts, ...this.inFlight]);
  }

  private attempt(hold: HoldRegistration, reason: HoldReleaseReason, attemptIndex: number): Promise<boolean> {
    const call = this.options.release(hold, reason).then(
      () => true,
      (error: unknown) => {
        const delay = RETRY_DELAYS_MS[attemptIndex];
        if (delay === undefined || this.closed) {
          this.options.onReleaseFailed?.(hold, reason, error);
          return false;
        }
        const retry: PendingRetry = {
          hold,
          reason,
          timer: this.timers.setTimeout(() => {
            this.retries.delete(retry);
            void this.attempt(hold, reason, attemptIndex + 1);
          }, delay * this.options.timeScale),
        };
        this.retries.add(retry);
        return false;
      },
    );
    const tracked = call.then(() => undefined);
    this.inFlight.add(tracked);
    void tracked.finally(() => this.inFlight.delete(tracked));
    return call;
  }
}

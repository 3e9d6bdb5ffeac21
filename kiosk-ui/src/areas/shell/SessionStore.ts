import type { DeviceStatus, SessionEndReason, SessionSnapshot } from '@kiosk/shared-types';
import { compareStructural, makeAutoObservable, reaction } from 'mobx';
import { formatCountdown } from '../../utils/time';
import type { RootStore } from '../../stores/RootStore';

/** At most one activity message per this interval: the daemon's timers count in seconds. */
export const ACTIVITY_THROTTLE_MS = 2000;

/**
 * A context change this soon after a touch or key press was caused by it (a sidebar item, Done):
 * it is reported as activity, so a tap that leaves home starts the session (shell spec §4 "Any
 * click starts a session if none exists (except on home)"). The touch itself was reported with
 * the section it happened on, home, which does not start one.
 */
export const GESTURE_CONTEXT_MS = 1000;

export interface SessionContext {
  section: string;
  loggedIn: boolean;
  dossierPolling: boolean;
}

/**
 * The kiosk session as the daemon keeps it (trace id, 180 s expiry, idle warning, reset), seen
 * through the events channel, and the card reader's status. Feeds the daemon with the visitor's
 * activity and context; ends the visit when the daemon says so.
 */
export class SessionStore {
  snapshot: SessionSnapshot | null = null;
  /** Local time (ms) the snapshot arrived; the countdown runs on from there between updates. */
  snapshotAt = 0;
  now = Date.now();
  reader: DeviceStatus = 'unknown';
  connected = false;
  lastActivitySentAt = Number.NEGATIVE_INFINITY;
  lastGestureAt = Number.NEGATIVE_INFINITY;

  constructor(readonly root: RootStore) {
    makeAutoObservable(this, { root: false }, { autoBind: true });
  }

  /** Seconds until the session expires, or null when there is no active session. */
  get secondsLeft(): number | null {
    if (!this.snapshot?.active) return null;
    const elapsed = Math.floor((this.now - this.snapshotAt) / 1000);
    return Math.max(0, this.snapshot.secondsLeft - elapsed);
  }

  /** mm:ss of secondsLeft, for the Logout item. */
  get countdown(): string | null {
    return this.secondsLeft === null ? null : formatCountdown(this.secondsLeft);
  }

  /** The ARE YOU STILL HERE? warning is due. */
  get warning(): boolean {
    return this.snapshot?.warning ?? false;
  }

  /** Seconds until an unanswered warning resets the kiosk. */
  get resetSecondsLeft(): number | null {
    if (!this.snapshot?.warning || this.snapshot.resetSecondsLeft === null) return null;
    const elapsed = Math.floor((this.now - this.snapshotAt) / 1000);
    return Math.max(0, this.snapshot.resetSecondsLeft - elapsed);
  }

  get traceId(): string | null {
    return this.snapshot?.traceId ?? null;
  }

  /**
   * A user is logged in. The account store arrives with the screens that log in (stores/lazy-stores.ts):
   * before that nobody can be.
   */
  get loggedIn(): boolean {
    return this.root.ifLoaded('account')?.loggedIn ?? false;
  }

  /**
   * Where the visitor is, as the daemon needs it (idle rules differ on home and while polling).
   * The identity store arrives with the rental screens; before that nothing can be polling.
   */
  get context(): SessionContext {
    return {
      section: this.root.shell.activeSection,
      loggedIn: this.loggedIn,
      dossierPolling: this.root.ifLoaded('identity')?.handoff.dossierPolling ?? false,
    };
  }

  /** Subscribe to the daemon's events and report context changes; returns the disposer. */
  start(): () => void {
    const { events } = this.root;
    const stops = [
      events.on('hello', (event) => {
        this.applySnapshot(event.session);
        this.setReader(event.reader);
      }),
      events.on('session-state', (event) => this.applySnapshot(event.session)),
      events.on('session-warning', (event) => this.applySnapshot(event.session)),
      events.on('reader-status', (event) => this.setReader(event.status)),
      events.on('session-ended', (event) => this.handleSessionEnded(event.reason)),
      events.on('home-reload', this.handleHomeReload),
      events.onConnectionChange(this.setConnected),
      // After a reconnect the daemon has forgotten nothing, but may have missed a context change.
      events.onReconnect(this.sendContext),
      reaction(() => this.context, this.sendContext, { equals: compareStructural }),
    ];
    const timer = setInterval(this.tick, 1000);
    return () => {
      for (const stop of stops) stop();
      clearInterval(timer);
    };
  }

  /**
   * Report any touch or key press anywhere on the page (installed once by the App root).
   * Capture phase, so a screen that stops propagation still counts as activity.
   */
  installActivityListeners(target: EventTarget): () => void {
    const options = { capture: true, passive: true } as const;
    target.addEventListener('pointerdown', this.recordActivity, options);
    target.addEventListener('keydown', this.recordActivity, options);
    return () => {
      target.removeEventListener('pointerdown', this.recordActivity, options);
      target.removeEventListener('keydown', this.recordActivity, options);
    };
  }

  recordActivity(): void {
    const now = Date.now();
    this.lastGestureAt = now;
    if (now - this.lastActivitySentAt < ACTIVITY_THROTTLE_MS) return;
    this.lastActivitySentAt = now;
    this.root.events.send({ type: 'activity', ...this.context });
  }

  /** CONTINUE / I WANT TO CONTINUE on the idle dialog. */
  continueSession(): void {
    this.root.events.send({ type: 'continue' });
  }

  /** LOGOUT, Finish: ask the daemon to end the session now (it answers with session-ended). */
  endSession(reason: SessionEndReason): void {
    this.root.events.send({ type: 'end-session', reason });
  }

  sendContext(): void {
    const now = Date.now();
    if (now - this.lastGestureAt < GESTURE_CONTEXT_MS) {
      this.lastActivitySentAt = now;
      this.root.events.send({ type: 'activity', ...this.context });
      return;
    }
    this.root.events.send({ type: 'context', ...this.context });
  }

  applySnapshot(snapshot: SessionSnapshot): void {
    this.snapshot = snapshot;
    this.snapshotAt = Date.now();
    this.now = this.snapshotAt;
  }

  setReader(status: DeviceStatus): void {
    this.reader = status;
  }

  setConnected(connected: boolean): void {
    this.connected = connected;
  }

  tick(): void {
    this.now = Date.now();
  }

  /**
   * The daemon ended the session (idle reset, logout, finished, expired): forget the visitor, log
   * out, back to home, then wipe the origin's browser data and load home afresh in place of the
   * current history entry, so nothing of this visit survives in memory, storage or history.
   */
  handleSessionEnded(reason?: SessionEndReason): void {
    this.root.navigationLog.action('session_ended', reason ? { reason } : undefined);
    // Whatever happens from here belongs to no session of this visitor's.
    this.snapshot = null;
    this.root.resetAll();
    this.root.ifLoaded('account')?.logout();
    this.root.shell.goHome();
    this.root.browser.startOver(this.root.shell.homeHref);
  }

  /**
   * The daemon's 30-minute home-page inactivity reload (shell spec §4). The daemon only sends it
   * while it believes the kiosk is on home; a visitor who is elsewhere is never reloaded.
   */
  handleHomeReload(): void {
    if (this.root.shell.section === 'home') this.root.browser.reload();
  }

  reset(): void {
    this.lastActivitySentAt = Number.NEGATIVE_INFINITY;
    this.lastGestureAt = Number.NEGATIVE_INFINITY;
  }
}

import { randomUUID } from 'node:crypto';
import {
  SESSION,
  type ClientEvent,
  type ServerEvent,
  type SessionEndReason,
  type SessionSnapshot,
} from '@kiosk/shared-types';
import { realTimers, type TimerHandle, type Timers } from './timers.js';

/**
 * The kiosk session, kept by the daemon (shell spec §4 "Idle and session handling"):
 *
 * - A session starts on the first activity away from home, with a new trace id.
 * - Every activity resets the 180 s expiry (and answers a showing warning: the visitor is there).
 * - At 30 s left the idle warning shows, unless the visitor is on home and logged out, or dossier
 *   polling is active. A context change that lifts the exemption late shows it at once.
 * - CONTINUE clears the warning and restarts the 180 s. 60 s after an unanswered warning the
 *   session ends ('idle').
 * - When the countdown runs out without a warning: while dossier polling the countdown restarts
 *   (the visitor is verifying on the phone); on home and logged out the session ends quietly
 *   ('expired') so the next visitor gets a new trace id and no held space stays held.
 * - On home, after SESSION.homeReloadMs without activity, the page is told to reload.
 *
 * Every duration is multiplied by timeScale (tests speed time up; the constants never change).
 * No Fastify here: the plugin wires broadcast and onEnded.
 */

export interface VisitorContext {
  section: string;
  loggedIn: boolean;
  dossierPolling: boolean;
}

export interface SessionMachineOptions {
  timeScale: number;
  broadcast(event: ServerEvent): void;
  /** After a session ended (wasActive false when end() was asked with no session running). */
  onEnded?(reason: SessionEndReason, wasActive: boolean): void;
  timers?: Timers;
  newTraceId?: () => string;
}

const HOME = 'home';

/**
 * Sessions whose trace id a late log event may still claim. A batch reaches the daemon seconds
 * after its events (the UI batches, a reconnect may delay it); a handful of sessions is plenty.
 */
export const RECENT_SESSIONS_KEPT = 16;

export class SessionMachine {
  private readonly timers: Timers;
  private readonly newTraceId: () => string;
  private readonly second: number;
  private context: VisitorContext = { section: HOME, loggedIn: false, dossierPolling: false };
  private active = false;
  private currentTraceId: string;
  /** Trace ids of the running session and the last ended ones, oldest first. */
  private readonly sessionTraceIds: string[] = [];
  private expiresAt = 0;
  private warningSince: number | null = null;
  private warningTimer: TimerHandle;
  private expiryTimer: TimerHandle;
  private resetTimer: TimerHandle;
  private tickTimer: TimerHandle;
  private homeReloadTimer: TimerHandle;
  private disposed = false;

  constructor(private readonly options: SessionMachineOptions) {
    this.timers = options.timers ?? realTimers;
    this.newTraceId = options.newTraceId ?? randomUUID;
    this.second = 1000 * options.timeScale;
    this.currentTraceId = this.newTraceId();
    // The kiosk starts on home.
    this.armHomeReload();
  }

  /** The session's trace id; outside a session, the id of the current home period. */
  traceId(): string {
    return this.currentTraceId;
  }

  /** The id belongs to the running session or one of the last RECENT_SESSIONS_KEPT that ended. */
  isRecentSession(traceId: string): boolean {
    return this.sessionTraceIds.includes(traceId);
  }

  isActive(): boolean {
    return this.active;
  }

  visitorContext(): VisitorContext {
    return { ...this.context };
  }

  snapshot(): SessionSnapshot {
    if (!this.active) {
      return {
        active: false,
        traceId: null,
        secondsLeft: SESSION.expirySeconds,
        warning: false,
        resetSecondsLeft: null,
      };
    }
    const now = this.timers.now();
    return {
      active: true,
      traceId: this.currentTraceId,
      secondsLeft: this.secondsUntil(this.expiresAt, now),
      warning: this.warningSince !== null,
      resetSecondsLeft:
        this.warningSince === null
          ? null
          : this.secondsUntil(this.warningSince + SESSION.resetAfterWarningSeconds * this.second, now),
    };
  }

  handleClientEvent(event: ClientEvent): void {
    if (this.disposed) return;
    switch (event.type) {
      case 'activity':
        this.onActivity(event);
        return;
      case 'context':
        this.onContext(event);
        return;
      case 'continue':
        if (this.active) this.restartCountdown();
        return;
      case 'end-session':
        this.end(event.reason);
        return;
      case 'ping':
        return;
    }
  }

  /** End the session now: push session-ended; the next session gets a new trace id. */
  end(reason: SessionEndReason): void {
    if (this.disposed) return;
    const wasActive = this.active;
    this.stopCountdown();
    this.active = false;
    this.currentTraceId = this.newTraceId();
    // The UI returns to the start screen after session-ended.
    this.context = { section: HOME, loggedIn: false, dossierPolling: false };
    this.armHomeReload();
    this.options.broadcast({ type: 'session-ended', reason });
    this.options.onEnded?.(reason, wasActive);
  }

  /** Stop every timer (app close). */
  dispose(): void {
    this.disposed = true;
    this.stopCountdown();
    this.timers.clearTimeout(this.homeReloadTimer);
    this.homeReloadTimer = undefined;
  }

  private onActivity(event: VisitorContext): void {
    this.setContext(event);
    if (event.section === HOME) this.armHomeReload();
    else this.disarmHomeReload();
    if (this.active) {
      this.restartCountdown();
    } else if (event.section !== HOME) {
      this.active = true;
      this.currentTraceId = this.newTraceId();
      this.sessionTraceIds.push(this.currentTraceId);
      if (this.sessionTraceIds.length > RECENT_SESSIONS_KEPT) this.sessionTraceIds.shift();
      this.restartCountdown();
    }
  }

  private onContext(event: VisitorContext): void {
    this.setContext(event);
    if (event.section !== HOME) this.disarmHomeReload();
    else if (this.homeReloadTimer === undefined) this.armHomeReload();
    if (!this.active) return;
    const now = this.timers.now();
    if (this.warningSince !== null && this.warningExempt()) {
      // e.g. dossier polling started under the dialog: take the dialog away, keep counting.
      this.clearWarning();
      if (now >= this.expiresAt) this.onExpiry();
      else this.pushState();
    } else if (this.warningSince === null && !this.warningExempt() && now >= this.warningPoint()) {
      this.showWarning();
    }
  }

  private setContext(event: VisitorContext): void {
    this.context = { section: event.section, loggedIn: event.loggedIn, dossierPolling: event.dossierPolling };
  }

  private warningExempt(): boolean {
    return (this.context.section === HOME && !this.context.loggedIn) || this.context.dossierPolling;
  }

  private warningPoint(): number {
    return this.expiresAt - SESSION.warningAtSecondsLeft * this.second;
  }

  private restartCountdown(): void {
    this.stopCountdown();
    const now = this.timers.now();
    this.expiresAt = now + SESSION.expirySeconds * this.second;
    this.warningTimer = this.timers.setTimeout(() => this.onWarningPoint(), this.warningPoint() - now);
    this.expiryTimer = this.timers.setTimeout(() => this.onExpiry(), this.expiresAt - now);
    // Ticks aligned with the expiry so each push carries a whole number of seconds.
    this.tickTimer = this.timers.setInterval(() => this.pushState(), this.second);
    this.pushState();
  }

  private stopCountdown(): void {
    this.timers.clearTimeout(this.warningTimer);
    this.timers.clearTimeout(this.expiryTimer);
    this.timers.clearInterval(this.tickTimer);
    this.warningTimer = this.expiryTimer = this.tickTimer = undefined;
    this.clearWarning();
  }

  private clearWarning(): void {
    this.timers.clearTimeout(this.resetTimer);
    this.resetTimer = undefined;
    this.warningSince = null;
  }

  private onWarningPoint(): void {
    this.warningTimer = undefined;
    if (!this.warningExempt()) this.showWarning();
  }

  private showWarning(): void {
    this.warningSince = this.timers.now();
    this.resetTimer = this.timers.setTimeout(() => this.end('idle'), SESSION.resetAfterWarningSeconds * this.second);
    this.options.broadcast({ type: 'session-warning', session: this.snapshot() });
  }

  private onExpiry(): void {
    this.expiryTimer = undefined;
    // A showing warning decides the end (60 s after it showed).
    if (this.warningSince !== null) return;
    if (this.context.dossierPolling) this.restartCountdown();
    else if (this.warningExempt()) this.end('expired');
    else this.showWarning();
  }

  private pushState(): void {
    if (this.active) this.options.broadcast({ type: 'session-state', session: this.snapshot() });
  }

  private armHomeReload(): void {
    this.timers.clearTimeout(this.homeReloadTimer);
    this.homeReloadTimer = this.timers.setTimeout(() => {
      this.options.broadcast({ type: 'home-reload' });
      // The reloaded page is on home again: keep watching.
      this.armHomeReload();
    }, SESSION.homeReloadMs * this.options.timeScale);
  }

  private disarmHomeReload(): void {
    this.timers.clearTimeout(this.homeReloadTimer);
    this.homeReloadTimer = undefined;
  }

  private secondsUntil(at: number, now: number): number {
    return Math.max(0, Math.round((at - now) / this.second));
  }
}

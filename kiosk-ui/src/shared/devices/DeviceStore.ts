import {
  CARD_READER,
  type DecryptedCardSwipe,
  type DeviceStatus,
  type ServerEventOf,
  type SwipeErrorReason,
} from '@kiosk/shared-types';
import { makeAutoObservable, runInAction } from 'mobx';
import { ApiError } from '../../api/errors';
import type { RootStore } from '../../stores/RootStore';

/**
 * Where a card swipe is:
 * - idle: nothing asked of the reader;
 * - checking: the reader's health is being checked before asking for a swipe;
 * - waiting: the daemon asked the reader for a card (swipe-started), the visitor may swipe;
 * - read: a decrypted card arrived (`swipe`), to be taken with takeSwipe();
 * - failed: the swipe ended without a card (`swipeError`), or the reader is down.
 */
export type SwipePhase = 'idle' | 'checking' | 'waiting' | 'read' | 'failed';

/**
 * How long the health check may take before the reader counts as unavailable: longer than the
 * daemon's own wait for the device (5 s), so a slow device is reported by the daemon, and a
 * daemon that does not answer at all still leaves the visitor with manual entry.
 */
const HEALTH_ANSWER_MS = 8000;

/** Why a swipe ended without a card: the daemon's reasons, or the swipe request itself failing. */
export type SwipeFailure = SwipeErrorReason | 'request-failed';

export interface SwipeError {
  reason: SwipeFailure;
  /** The daemon's message, ready to show ('The card reader is not available. Please enter ...'). */
  message: string;
}

/**
 * The card reader as the UI sees it (rental §7 "Card reader", shell §4 "Make a payment"): checking
 * its health, asking the daemon for a swipe (POST /device/card/swipe), following the swipe-started,
 * swipe-result and swipe-error events, and cancelling. The reader's status comes from
 * SessionStore (hello and reader-status events) and from the health check.
 *
 * The wait for a card is a time limit (WCAG 2.2.1, docs/accessibility.md "Time limits"): its
 * seconds are counted from the daemon's swipe-started; CARD_READER.warningAtSecondsLeft before it
 * ends the visitor is warned (on screen by the swipe panel, by sound with the idle warning's tone)
 * and "More time" (`moreTime()`) gives the whole wait again, as often as asked.
 *
 * Card data: the decrypted swipe stays here only until the screen that asked for it takes it
 * (takeSwipe), and is dropped by cancel and reset. It is never observable outside this store's
 * fields, never stored and never logged.
 */
export class DeviceStore {
  phase: SwipePhase = 'idle';
  swipeId: string | null = null;
  /** The last decrypted card, until taken. */
  swipe: DecryptedCardSwipe | null = null;
  swipeError: SwipeError | null = null;
  /** When the wait for a card ends (local ms), from the daemon's swipe-started; null before it. */
  waitEndsAt: number | null = null;
  /** Local time (ms), ticking each second while a card is waited for. */
  now = Date.now();
  /** This wait's warning has been sounded. */
  private warned = false;
  private clock: ReturnType<typeof setInterval> | undefined = undefined;

  constructor(readonly root: RootStore) {
    makeAutoObservable<this, 'clock'>(this, { root: false, clock: false }, { autoBind: true });
    // The events client only registers handlers here; it connects in RootStore.start().
    root.events.on('swipe-started', this.onSwipeStarted);
    root.events.on('swipe-result', this.onSwipeResult);
    root.events.on('swipe-error', this.onSwipeError);
  }

  get readerStatus(): DeviceStatus {
    return this.root.session.reader;
  }

  /** The reader is known to be down: screens say so at once and offer manual entry. */
  get readerDown(): boolean {
    return this.readerStatus === 'down';
  }

  /** A swipe is being asked for (checking health or waiting for the card). */
  get busy(): boolean {
    return this.phase === 'checking' || this.phase === 'waiting';
  }

  /** Seconds until the reader stops waiting for the card; null when no card is waited for. */
  get waitSecondsLeft(): number | null {
    if (this.phase !== 'waiting' || this.waitEndsAt === null) return null;
    return Math.max(0, Math.ceil((this.waitEndsAt - this.now) / 1000));
  }

  /** The wait for the card ends soon: the visitor is warned and offered more time. */
  get waitWarning(): boolean {
    const left = this.waitSecondsLeft;
    return left !== null && left <= CARD_READER.warningAtSecondsLeft;
  }

  /**
   * "More time": the reader waits its whole time again (the daemon re-asks the reader when its own
   * wait ends first). Any number of times.
   */
  async moreTime(): Promise<void> {
    if (this.phase !== 'waiting') return;
    const swipeId = this.swipeId;
    try {
      const extended = await this.root.api.moreSwipeTime();
      runInAction(() => {
        if (extended && this.phase === 'waiting' && this.swipeId === swipeId) this.startWait(CARD_READER.waitTime);
      });
    } catch {
      // No answer: the wait goes on as it was, and its end offers Swipe again.
    }
  }

  /** The wait for a card (re)starts: `seconds` from now. */
  private startWait(seconds: number): void {
    this.now = Date.now();
    this.waitEndsAt = this.now + seconds * 1000;
    this.warned = false;
    this.clock ??= setInterval(this.tick, 1000);
  }

  tick(): void {
    this.now = Date.now();
    if (this.phase !== 'waiting') {
      this.stopWait();
      return;
    }
    if (this.waitWarning && !this.warned) {
      this.warned = true;
      // By sound as well as on screen, as the idle warning (unless the operator muted the kiosk).
      this.root.speech.warningTone();
    }
  }

  private stopWait(): void {
    if (this.clock !== undefined) clearInterval(this.clock);
    this.clock = undefined;
    this.waitEndsAt = null;
  }

  /**
   * Ask for a swipe: check the reader's health first (shell §4: "the device health is checked; if
   * it reports OK, a card swipe is requested"). A reader already known to be down shows as failed
   * at once, while the check runs; if the check finds it working again, the swipe goes ahead. A
   * check that fails or is not answered counts as down: no swipe is requested.
   */
  async startSwipe(): Promise<void> {
    if (this.busy) return;
    this.swipe = null;
    this.swipeError = null;
    this.swipeId = null;
    this.stopWait();
    if (this.readerDown) this.failReaderDown();
    else this.phase = 'checking';

    let status: DeviceStatus;
    try {
      status = (await this.root.api.readerHealth({ signal: AbortSignal.timeout(HEALTH_ANSWER_MS) })).status;
    } catch {
      // The check was not answered: no swipe is asked of a reader nobody can vouch for.
      status = 'down';
    }
    runInAction(() => this.root.session.setReader(status));
    if (status === 'down') {
      runInAction(() => this.failReaderDown());
      return;
    }
    if (this.phase !== 'checking' && this.phase !== 'failed') return; // cancelled meanwhile
    runInAction(() => {
      this.phase = 'waiting';
      this.swipeError = null;
    });
    try {
      const started = await this.root.api.startSwipe();
      runInAction(() => {
        // swipe-started (or even the result) may have come over the socket before this answer.
        if (this.phase !== 'waiting') return;
        this.swipeId ??= started.swipeId;
        // The daemon's swipe-started normally says how long; without it, the reader's own wait.
        if (this.waitEndsAt === null) this.startWait(CARD_READER.waitTime);
      });
    } catch (error) {
      runInAction(() => {
        if (this.phase !== 'waiting') return;
        // 409: a swipe is already running (another screen's): wait for its outcome.
        if (error instanceof ApiError && error.status === 409) return;
        this.phase = 'failed';
        this.swipeError = {
          reason: 'request-failed',
          message: error instanceof Error && error.message ? error.message : 'request failed',
        };
      });
    }
  }

  /** Stop waiting for a card (Enter credit card manually, leaving the screen). */
  async cancelSwipe(): Promise<void> {
    const wasWaiting = this.phase === 'waiting';
    this.stopWait();
    this.phase = 'idle';
    this.swipeId = null;
    this.swipe = null;
    this.swipeError = null;
    if (!wasWaiting) return;
    try {
      await this.root.api.cancelSwipe();
    } catch {
      // Nothing to undo: the daemon ends the swipe on its own after the wait.
    }
  }

  /** Hand the decrypted card over and forget it here. */
  takeSwipe(): DecryptedCardSwipe | null {
    const card = this.swipe;
    this.swipe = null;
    if (this.phase === 'read') this.phase = 'idle';
    return card;
  }

  onSwipeStarted(event: ServerEventOf<'swipe-started'>): void {
    if (this.phase !== 'waiting') return;
    if (this.swipeId !== null && this.swipeId !== event.swipeId) return;
    this.swipeId = event.swipeId;
    // The first, and again after "More time": the reader waits this long from now.
    this.startWait(event.waitSeconds);
  }

  onSwipeResult(event: ServerEventOf<'swipe-result'>): void {
    if (!this.accepts(event.swipeId)) return;
    this.swipeId = event.swipeId;
    this.swipe = event.card;
    this.swipeError = null;
    this.phase = 'read';
    this.root.screenHealth.journey('card_swipe', 'read');
  }

  onSwipeError(event: ServerEventOf<'swipe-error'>): void {
    if (!this.accepts(event.swipeId) || event.reason === 'cancelled') return;
    this.swipeId = event.swipeId;
    this.swipeError = { reason: event.reason, message: event.message };
    this.phase = 'failed';
    this.root.screenHealth.journey('card_swipe', 'failed');
    if (event.reason === 'reader-down') this.root.session.setReader('down');
  }

  /** Only the swipe this store asked for (its id may not be known yet while the request is answered). */
  private accepts(swipeId: string): boolean {
    return this.phase === 'waiting' && (this.swipeId === null || this.swipeId === swipeId);
  }

  private failReaderDown(): void {
    this.phase = 'failed';
    this.swipeError = { reason: 'reader-down', message: '' };
  }

  /** Forget everything the last visitor did (RootStore.resetAll, when a session ends). */
  reset(): void {
    if (this.phase === 'waiting') void this.root.api.cancelSwipe().catch(() => undefined);
    this.stopWait();
    this.phase = 'idle';
    this.swipeId = null;
    this.swipe = null;
    this.swipeError = null;
  }
}

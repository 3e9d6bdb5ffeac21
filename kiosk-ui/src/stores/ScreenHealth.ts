import {
  JOURNEY_OUTCOMES,
  UI_HEARTBEAT_SECONDS,
  maskCardNumbersInText,
  sectionCode,
  type Journey,
  type JourneyOutcome,
  type UiErrorKind,
} from '@kiosk/shared-types';
import type { RootStore } from './RootStore';

/** Page errors reported per minute at most: a render loop must not flood the daemon. */
const MAX_ERRORS_PER_MINUTE = 30;
const MESSAGE_MAX_CHARS = 300;

/**
 * Tells the daemon the screen is alive: a heartbeat over the event socket every
 * UI_HEARTBEAT_SECONDS with the section on screen, the page's uncaught errors by kind (message
 * masked and cut short), and how each visitor journey ended (no amounts, no personal data). The
 * daemon turns them into the fleet's metrics; a page that crashed or froze simply stops.
 */
export class ScreenHealth {
  private errorsThisMinute = 0;
  private minuteStartedAt = 0;

  constructor(readonly root: RootStore) {}

  /** Heartbeats and the page's error listeners; returns the disposer. */
  start(): () => void {
    const beat = (): void => this.heartbeat();
    const timer = setInterval(beat, UI_HEARTBEAT_SECONDS * 1000);
    const stopConnection = this.root.events.onConnectionChange((connected) => {
      if (connected) beat();
    });
    const onError = (event: ErrorEvent): void => this.reportError('error', event.error ?? event.message);
    const onRejection = (event: PromiseRejectionEvent): void => this.reportError('unhandled-rejection', event.reason);
    const win = typeof window === 'undefined' ? undefined : window;
    win?.addEventListener('error', onError);
    win?.addEventListener('unhandledrejection', onRejection);
    return () => {
      clearInterval(timer);
      stopConnection();
      win?.removeEventListener('error', onError);
      win?.removeEventListener('unhandledrejection', onRejection);
    };
  }

  /** Only while connected: a heartbeat queued during an outage would claim a moment that is gone. */
  heartbeat(): void {
    if (!this.root.events.connected) return;
    this.root.events.send({ type: 'heartbeat', section: sectionCode(this.root.shell.activeSection) });
  }

  journey<J extends Journey>(journey: J, outcome: JourneyOutcome<J>): void {
    if (!(JOURNEY_OUTCOMES[journey] as readonly string[]).includes(outcome)) return;
    this.root.events.send({ type: 'journey', journey, outcome });
  }

  reportError(kind: UiErrorKind, error: unknown, now = Date.now()): void {
    if (now - this.minuteStartedAt >= 60_000) {
      this.minuteStartedAt = now;
      this.errorsThisMinute = 0;
    }
    this.errorsThisMinute += 1;
    if (this.errorsThisMinute > MAX_ERRORS_PER_MINUTE) return;
    const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    const message = maskCardNumbersInText(text.slice(0, MESSAGE_MAX_CHARS));
    this.root.events.send({ type: 'ui-error', kind, message });
  }
}

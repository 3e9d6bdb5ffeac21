import { reaction } from 'mobx';
import {
  JOURNEY_OUTCOMES,
  OUT_OF_SERVICE_SECTIONS,
  UI_HEARTBEAT_SECONDS,
  sectionCode,
  type Journey,
  type JourneyOutcome,
  type UiErrorKind,
} from '@kiosk/shared-types';
import type { RootStore } from '../../stores/RootStore';
import { loadLogMasking, OMITTED } from './NavigationLog';

/** Page errors reported per minute at most: a render loop must not flood the daemon. */
const MAX_ERRORS_PER_MINUTE = 30;
const MESSAGE_MAX_CHARS = 300;

/**
 * Tells the daemon the screen is alive: a heartbeat over the event socket every
 * UI_HEARTBEAT_SECONDS with the section on screen, the page's uncaught errors by kind (message
 * masked and cut short), and how each visitor journey ended (no amounts, no personal data). The
 * daemon turns them into the fleet's metrics; a page that crashed or froze simply stops.
 *
 * A page that serves no visitor says so: the out-of-service screen reports 'out_of_service', the
 * unavailable page its error ('not_configured', 'invalid_page'), at once when it appears, so a
 * kiosk that is alive but stranded is told apart from one at work (the fleet's alert rules).
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
    const stopScreen = reaction(() => this.section, beat);
    const onError = (event: ErrorEvent): void => this.reportError('error', event.error ?? event.message);
    const onRejection = (event: PromiseRejectionEvent): void => this.reportError('unhandled-rejection', event.reason);
    const win = typeof window === 'undefined' ? undefined : window;
    win?.addEventListener('error', onError);
    win?.addEventListener('unhandledrejection', onRejection);
    return () => {
      clearInterval(timer);
      stopConnection();
      stopScreen();
      win?.removeEventListener('error', onError);
      win?.removeEventListener('unhandledrejection', onRejection);
    };
  }

  /** What the screen shows, as a section code: the visitor's section, or why there is none. */
  get section(): string {
    const { shell, config } = this.root;
    if (shell.route.name === 'unavailable') return shell.route.error;
    if (shell.route.name === 'time') return 'time';
    if (config.isOutOfService) return OUT_OF_SERVICE_SECTIONS.unreachable;
    return sectionCode(shell.activeSection);
  }

  /** Only while connected: a heartbeat queued during an outage would claim a moment that is gone. */
  heartbeat(): void {
    if (!this.root.events.connected) return;
    this.root.events.send({ type: 'heartbeat', section: this.section });
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
    const text = (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(
      0,
      MESSAGE_MAX_CHARS,
    );
    // The logs' masking is a chunk of its own, outside the first screen (log-masking.ts, fetched
    // when the navigation log starts): a report waits for it, and goes without its message when it
    // cannot come. Never unmasked.
    void loadLogMasking()
      .then(
        (mask) => mask(text).slice(0, MESSAGE_MAX_CHARS),
        () => OMITTED,
      )
      .then((message) => this.root.events.send({ type: 'ui-error', kind, message }));
  }
}

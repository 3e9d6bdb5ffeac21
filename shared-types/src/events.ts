import type { DeviceStatus, IdScanOutcome, PrintFailureReason, PrinterHealth } from './devices.js';
import { SECTION_CODE, UI_ERROR_KINDS, isJourneyOutcome, type Journey, type UiErrorKind } from './fleet.js';
import type { TerminalPaymentState } from './payment-terminal.js';

/**
 * The events protocol between daemon and UI over the plain WebSocket at GET /events.
 * Each message is one JSON object with a `type`. Defined once here for both sides.
 */

/** The decrypted swipe (DecryptedCardSwipe): the only place a full card number travels to the UI. */
export interface DecryptedCardSwipe {
  name: string;
  card_number: string;
  exp_month: string;
  exp_year: string;
}

export type SwipeErrorReason =
  'reader-down' | 'reader-timeout' | 'reader-garbage' | 'decrypt-failed' | 'cancelled' | 'busy';

export interface SessionSnapshot {
  /** False until the first activity away from home. */
  active: boolean;
  traceId: string | null;
  /** Seconds until the session expires (counts down from 180). */
  secondsLeft: number;
  /** True while the ARE YOU STILL HERE? warning is showing. */
  warning: boolean;
  /** Seconds until an unanswered warning resets the kiosk (counts down from 60). */
  resetSecondsLeft: number | null;
}

export type SessionEndReason = 'idle' | 'logout' | 'finished' | 'expired';

/** Messages the daemon sends. */
export type ServerEvent =
  /**
   * serverTime is epoch milliseconds. contentOrigins: the origins besides the daemon's own the page
   * may load third-party content from (KIOSK_CONTENT_ORIGINS, and the sandbox's), as its CSP allows.
   * sandbox: the kiosk is a demo (KIOSK_SANDBOX=on): the screen wears the DEMO mark.
   */
  | {
      type: 'hello';
      serverTime: number;
      session: SessionSnapshot;
      reader: DeviceStatus;
      version: string;
      contentOrigins: string[];
      sandbox: boolean;
    }
  | { type: 'server-time'; epochSeconds: number }
  | { type: 'reader-status'; status: DeviceStatus; message?: string }
  | { type: 'swipe-started'; swipeId: string; waitSeconds: number }
  | { type: 'swipe-result'; swipeId: string; card: DecryptedCardSwipe }
  | { type: 'swipe-error'; swipeId: string; reason: SwipeErrorReason; message: string }
  /** A terminal payment moved on a stage (shared-types payment-terminal.ts). */
  | { type: 'payment-terminal'; payment: TerminalPaymentState }
  | { type: 'session-state'; session: SessionSnapshot }
  | { type: 'session-warning'; session: SessionSnapshot }
  | { type: 'session-ended'; reason: SessionEndReason }
  | { type: 'home-reload' }
  | { type: 'printer-status'; printer: PrinterHealth }
  | { type: 'print-result'; jobId: string; printed: true }
  | { type: 'print-result'; jobId: string; printed: false; reason: PrintFailureReason; message: string }
  /** A serial scanner read a licence (keyboard-wedge scans are answered by POST /device/id/scan). */
  | { type: 'id-scan'; outcome: IdScanOutcome }
  | { type: 'hold-released'; spaceId: string; reason: 'session-ended' | 'expired' | 'left-screen' | 'replaced' };

/** Messages the UI sends. */
export type ClientEvent =
  /** Throttled visitor activity; also tells the daemon where the visitor is. */
  | { type: 'activity'; section: string; loggedIn: boolean; dossierPolling: boolean }
  /** Context changed without a touch (section change, login, polling started or stopped). */
  | { type: 'context'; section: string; loggedIn: boolean; dossierPolling: boolean }
  /** CONTINUE / I WANT TO CONTINUE on the idle dialog. */
  | { type: 'continue' }
  /** LOGOUT, Finish: end the session now. */
  | { type: 'end-session'; reason: SessionEndReason }
  | { type: 'ping' }
  /** Every UI_HEARTBEAT_SECONDS while the page runs, with the section on screen (a code). */
  | { type: 'heartbeat'; section: string }
  /** An uncaught error in the page; the message is masked by the UI and again by the daemon. */
  | { type: 'ui-error'; kind: UiErrorKind; message?: string }
  /** A visitor's journey ended (fleet.ts lists the journeys and outcomes). */
  | { type: 'journey'; journey: Journey; outcome: string };

export type ServerEventType = ServerEvent['type'];
export type ServerEventOf<T extends ServerEventType> = Extract<ServerEvent, { type: T }>;

const CLIENT_TYPES = new Set<ClientEvent['type']>([
  'activity',
  'context',
  'continue',
  'end-session',
  'ping',
  'heartbeat',
  'ui-error',
  'journey',
]);

/** Parse and check a message from the UI; undefined when it is not a valid ClientEvent. */
export function parseClientEvent(raw: string): ClientEvent | undefined {
  if (raw.length > 4096) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const candidate = value as { type?: unknown };
  if (typeof candidate.type !== 'string' || !CLIENT_TYPES.has(candidate.type as ClientEvent['type'])) return undefined;
  const event = value as ClientEvent;
  if (event.type === 'activity' || event.type === 'context') {
    if (
      typeof event.section !== 'string' ||
      typeof event.loggedIn !== 'boolean' ||
      typeof event.dossierPolling !== 'boolean'
    ) {
      return undefined;
    }
  }
  if (event.type === 'end-session' && !['idle', 'logout', 'finished', 'expired'].includes(event.reason))
    return undefined;
  if (event.type === 'heartbeat' && (typeof event.section !== 'string' || !SECTION_CODE.test(event.section)))
    return undefined;
  if (event.type === 'ui-error') {
    if (!(UI_ERROR_KINDS as readonly string[]).includes(event.kind)) return undefined;
    if (event.message !== undefined && typeof event.message !== 'string') return undefined;
  }
  if (event.type === 'journey' && !isJourneyOutcome(event.journey, event.outcome)) return undefined;
  return event;
}

/**
 * The request header the kiosk's own page sends with every call to the daemon. No other page can
 * send it: a header of its own makes the browser ask the daemon's leave first (a CORS preflight),
 * which the daemon never gives. Without it a state-changing call or a personal read is refused
 * (docs/security.md, "Only the kiosk's page can call").
 */
export const KIOSK_PAGE_HEADER = 'x-kiosk-page';
export const KIOSK_PAGE_HEADER_VALUE = '1';

/** Daemon HTTP endpoints the UI calls besides /api/* (not proxied). */
export const DAEMON_ENDPOINTS = {
  events: '/events',
  log: '/log',
  swipe: '/device/card/swipe',
  cancelSwipe: '/device/card/cancel',
  /** The swipe waiting for a card waits its whole time again ("More time"). */
  moreSwipeTime: '/device/card/more-time',
  /** Sandbox only: the simulator swipes a test card (the demo button). */
  simulateSwipe: '/device/card/simulate',
  readerHealth: '/device/card/health',
  printer: '/device/printer',
  printReceipt: '/device/printer/receipt',
  idScan: '/device/id/scan',
  /** Speech output: GET its status, POST {text, lang} to say (interrupting), /stop to be quiet. */
  speech: '/device/speech',
  stopSpeech: '/device/speech/stop',
  /** Stop the utterance playing and keep the rest; /resume goes on a little before where it stopped. */
  pauseSpeech: '/device/speech/pause',
  resumeSpeech: '/device/speech/resume',
  /** Sandbox only: headphones plugged into the simulated jack, or not. */
  simulateHeadphones: '/device/speech/simulate',
  /** The idle warning's tone. */
  tone: '/device/tone',
  /** Sandbox only: the scan simulator reads a named sample licence. */
  simulateIdScan: '/device/id/simulate',
  holds: '/session/holds',
  time: '/time/',
  /** The display settings of this kiosk's mounting (display.ts). */
  displaySettings: '/display/settings',
  /** The kiosk's own facility: its id and its last known name and phone (display.ts KioskFacility). */
  kioskFacility: '/display/facility',
  /** The follow-ups of a confirmed rental or payment (POST), and one call's progress (GET /outbox/jobs/:key). */
  outbox: '/outbox',
} as const;

/** Body of POST /session/holds: the UI registers each hold so the daemon can release it. */
export interface HoldRegistration {
  facility_id: string;
  space_id: string;
  hold_token: string;
}

import type { DecryptedCardSwipe, ServerEvent, SessionEndReason, SessionSnapshot, SwipeErrorReason } from './events.js';
import {
  isDeviceStatus,
  isIdScanOutcome,
  isOneOf,
  isPrintFailureReason,
  isPrinterHealth,
  isRecord,
} from './device-answers.js';
import { isTerminalPaymentState } from './payment-terminal.js';

/**
 * How the UI reads a message of the daemon's event socket (GET /events): checked against its
 * `type`'s fields like the HTTP answers (device-answers.ts), so a handler acts on a known shape; a
 * message of another shape is dropped, as one that is not JSON is.
 */

type HoldReleasedReason = Extract<ServerEvent, { type: 'hold-released' }>['reason'];

const SWIPE_ERROR_REASONS: Record<SwipeErrorReason, null> = {
  'reader-down': null,
  'reader-timeout': null,
  'reader-garbage': null,
  'decrypt-failed': null,
  cancelled: null,
  busy: null,
};
const SESSION_END_REASONS: Record<SessionEndReason, null> = { idle: null, logout: null, finished: null, expired: null };
const HOLD_RELEASED_REASONS: Record<HoldReleasedReason, null> = {
  'session-ended': null,
  expired: null,
  'left-screen': null,
  replaced: null,
};

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isNumberOrNull = (value: unknown): boolean => value === null || isNumber(value);

export function isSessionSnapshot(value: unknown): value is SessionSnapshot {
  return (
    isRecord(value) &&
    typeof value.active === 'boolean' &&
    (value.traceId === null || typeof value.traceId === 'string') &&
    isNumber(value.secondsLeft) &&
    typeof value.warning === 'boolean' &&
    isNumberOrNull(value.resetSecondsLeft)
  );
}

function isDecryptedCardSwipe(value: unknown): value is DecryptedCardSwipe {
  return (
    isRecord(value) &&
    typeof value.name === 'string' &&
    typeof value.card_number === 'string' &&
    typeof value.exp_month === 'string' &&
    typeof value.exp_year === 'string'
  );
}

/** Each type's fields, by type; a type not listed here is not an event the daemon sends. */
const FIELDS_OF: { [T in ServerEvent['type']]: (event: Record<string, unknown>) => boolean } = {
  hello: (event) =>
    isNumber(event.serverTime) &&
    isSessionSnapshot(event.session) &&
    isDeviceStatus(event.reader) &&
    typeof event.version === 'string' &&
    Array.isArray(event.contentOrigins) &&
    event.contentOrigins.every((origin) => typeof origin === 'string') &&
    typeof event.sandbox === 'boolean',
  'server-time': (event) => isNumber(event.epochSeconds),
  'reader-status': (event) =>
    isDeviceStatus(event.status) && (event.message === undefined || typeof event.message === 'string'),
  'swipe-started': (event) => typeof event.swipeId === 'string' && isNumber(event.waitSeconds),
  'swipe-result': (event) => typeof event.swipeId === 'string' && isDecryptedCardSwipe(event.card),
  'swipe-error': (event) =>
    typeof event.swipeId === 'string' &&
    isOneOf(SWIPE_ERROR_REASONS, event.reason) &&
    typeof event.message === 'string',
  'payment-terminal': (event) => isTerminalPaymentState(event.payment),
  'session-state': (event) => isSessionSnapshot(event.session),
  'session-warning': (event) => isSessionSnapshot(event.session),
  'session-ended': (event) => isOneOf(SESSION_END_REASONS, event.reason),
  'home-reload': () => true,
  'printer-status': (event) => isPrinterHealth(event.printer),
  'print-result': (event) =>
    typeof event.jobId === 'string' &&
    (event.printed === true ||
      (event.printed === false && isPrintFailureReason(event.reason) && typeof event.message === 'string')),
  'id-scan': (event) => isIdScanOutcome(event.outcome),
  'hold-released': (event) => typeof event.spaceId === 'string' && isOneOf(HOLD_RELEASED_REASONS, event.reason),
};

const isServerEventType = (type: unknown): type is ServerEvent['type'] =>
  typeof type === 'string' && Object.hasOwn(FIELDS_OF, type);

/** A message of the event socket, parsed from JSON: one of the daemon's ServerEvents. */
export function isServerEvent(value: unknown): value is ServerEvent {
  return isRecord(value) && isServerEventType(value.type) && FIELDS_OF[value.type](value);
}

import type {
  CardReaderHealth,
  DeviceStatus,
  IdScanFields,
  IdScanOutcome,
  IdScanProblem,
  PrinterHealth,
  PrinterState,
  PrintFailureReason,
  SwipeStarted,
} from './devices.js';
import type { SpeechResumed, SpeechStatus } from './speech.js';

/**
 * How the UI reads the daemon's device answers: each is checked, so a store acts on a known shape
 * and an answer that is not one is "cannot read", never a wrong value cast into place. The daemon
 * sends these shapes (its TypeBox response schemas are tied to the same types); these checks are
 * plain functions rather than a schema library because they sit in the UI's first screen
 * (docs/performance.md, bundle target).
 */

/** Every value, as records so the compiler says when a new one is left out. */
const DEVICE_STATUSES: Record<DeviceStatus, null> = { ok: null, down: null, unknown: null, none: null };
const PRINTER_STATES: Record<PrinterState, null> = {
  ok: null,
  'paper-low': null,
  'paper-out': null,
  'cover-open': null,
  offline: null,
  unreachable: null,
  unknown: null,
};
const PRINT_FAILURE_REASONS: Record<PrintFailureReason, null> = {
  'not-configured': null,
  busy: null,
  'paper-out': null,
  'cover-open': null,
  offline: null,
  unreachable: null,
  timeout: null,
  'connection-lost': null,
};
const ID_SCAN_PROBLEMS: Record<IdScanProblem, null> = {
  expired: null,
  'under-18': null,
  unreadable: null,
  'scanner-down': null,
};
const ID_SCAN_FIELDS: Record<keyof IdScanFields, null> = {
  first_name: null,
  middle_name: null,
  last_name: null,
  address: null,
  city: null,
  state: null,
  zip: null,
  date_of_birth: null,
  licence_number: null,
  issuing_state: null,
  expiry: null,
};

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isOneOf<T extends string>(values: Record<T, null>, value: unknown): value is T {
  return typeof value === 'string' && Object.hasOwn(values, value);
}

const isOptionalString = (value: unknown): boolean => value === undefined || typeof value === 'string';

export const isDeviceStatus = (value: unknown): value is DeviceStatus => isOneOf(DEVICE_STATUSES, value);
export const isPrintFailureReason = (value: unknown): value is PrintFailureReason =>
  isOneOf(PRINT_FAILURE_REASONS, value);
export const isIdScanProblem = (value: unknown): value is IdScanProblem => isOneOf(ID_SCAN_PROBLEMS, value);

export function isSwipeStarted(value: unknown): value is SwipeStarted {
  return isRecord(value) && typeof value.swipeId === 'string';
}

export function isCardReaderHealth(value: unknown): value is CardReaderHealth {
  return isRecord(value) && isDeviceStatus(value.status);
}

export function isPrinterHealth(value: unknown): value is PrinterHealth {
  return (
    isRecord(value) &&
    isDeviceStatus(value.status) &&
    isOptionalString(value.problem) &&
    typeof value.configured === 'boolean' &&
    isOneOf(PRINTER_STATES, value.state) &&
    typeof value.canPrint === 'boolean'
  );
}

export function isSpeechStatus(value: unknown): value is SpeechStatus {
  return (
    isRecord(value) &&
    typeof value.available === 'boolean' &&
    typeof value.muted === 'boolean' &&
    typeof value.tone === 'boolean' &&
    isOptionalString(value.problem) &&
    isRecord(value.volume) &&
    Array.isArray(value.volume.levelsDb) &&
    typeof value.volume.default === 'number' &&
    typeof value.privateListening === 'string'
  );
}

export function isSpeechResumed(value: unknown): value is SpeechResumed {
  return isRecord(value) && typeof value.resumed === 'boolean';
}

function isIdScanFields(value: unknown): value is IdScanFields {
  return isRecord(value) && Object.keys(ID_SCAN_FIELDS).every((name) => typeof value[name] === 'string');
}

/** A licence scan's outcome: the answer of POST /device/id/scan, and the id-scan event's. */
export function isIdScanOutcome(value: unknown): value is IdScanOutcome {
  if (!isRecord(value)) return false;
  if (value.ok === true) return isIdScanFields(value.fields);
  return value.ok === false && isIdScanProblem(value.problem) && typeof value.message === 'string';
}

/** The machine-readable `reason` of a daemon error answer (DaemonError), when it has one. */
export function daemonErrorReason(body: unknown): string | undefined {
  return isRecord(body) && typeof body.reason === 'string' ? body.reason : undefined;
}

import type { DisplaySettings, KioskFacility } from './display.js';
import { isOneOf, isRecord } from './device-answers.js';
import type { OutboxAccepted, OutboxJobOutcome, OutboxJobState } from './outbox.js';

/**
 * How the UI reads the daemon's own answers that are not a device's (the display settings, the
 * kiosk's facility, the outbox): checked like the device answers (device-answers.ts), so a store
 * acts on a known shape and any other is "cannot read", never a value cast into place.
 */

const OUTBOX_JOB_STATES: Record<OutboxJobState, null> = {
  pending: null,
  delivered: null,
  refused: null,
  dropped: null,
  replaced: null,
};

const isStringOrNull = (value: unknown): value is string | null => value === null || typeof value === 'string';

/** GET /display/settings. */
export function isDisplaySettings(value: unknown): value is DisplaySettings {
  return isRecord(value) && typeof value.reach_zone_percent === 'number' && Number.isFinite(value.reach_zone_percent);
}

/** GET /display/facility. */
export function isKioskFacility(value: unknown): value is KioskFacility {
  return (
    isRecord(value) &&
    typeof value.facility_id === 'string' &&
    isStringOrNull(value.name) &&
    isStringOrNull(value.phone)
  );
}

/** POST /outbox: the batch and each call's key. */
export function isOutboxAccepted(value: unknown): value is OutboxAccepted {
  return (
    isRecord(value) &&
    typeof value.batch === 'string' &&
    isRecord(value.keys) &&
    Object.values(value.keys).every((key) => typeof key === 'string')
  );
}

/** GET /outbox/jobs/:key. */
export function isOutboxJobOutcome(value: unknown): value is OutboxJobOutcome {
  return (
    isRecord(value) &&
    typeof value.key === 'string' &&
    isOneOf(OUTBOX_JOB_STATES, value.state) &&
    typeof value.attempts === 'number' &&
    isStringOrNull(value.message)
  );
}

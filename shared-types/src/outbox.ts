import type { ApiRouteName } from './api-routes.js';

/**
 * The daemon's outbox (docs/outbox.md): the calls that follow a confirmed rental, reservation or
 * payment, handed over by the page in one request and delivered by the daemon, durably and at
 * least once, with an idempotency key per call.
 */

/** The operator calls the outbox delivers: follow-ups only, never a payment or a rental. */
export const OUTBOX_ROUTES = [
  'textGateCode',
  'enrolAutopay',
  'processMerchandiseSales',
  'mailRental',
  'mailRentalFailure',
  'mailReservation',
  'mailReservationFailure',
  'mailAutopay',
  'mailPayment',
  'saveFailedRental',
] as const satisfies readonly ApiRouteName[];

export type OutboxRoute = (typeof OUTBOX_ROUTES)[number];

/** The only call that carries a card (autopay enrolment); the card is kept in the daemon's memory only. */
export const OUTBOX_CARD_ROUTE = 'enrolAutopay' satisfies OutboxRoute;

/** The card fields of an autopay enrolment's form, never written to disk. */
export interface OutboxCard {
  card_name: string;
  card_number: string;
  cc_exp_month: string;
  cc_exp_year: string;
  cvv: string;
}

/**
 * A field of the answer of the call this one runs after, put into this call's form: `from` is a
 * dotted path in the answer's `application_data.result`, `into` a form field, or a dotted path
 * inside a form field that holds JSON (e.g. `data.response`).
 */
export interface OutboxTake {
  from: string;
  into: string;
}

/** One operator call, by its API_ROUTES name; form values are already form-encoded text. */
export interface OutboxCallBase {
  route: OutboxRoute;
  params: Record<string, string>;
  form: Record<string, string>;
}

export interface OutboxCall extends OutboxCallBase {
  /** Names this call in its request (letters, digits, _ and -). */
  id: string;
  /**
   * Sent only once the named earlier call of the same request was delivered and the operator
   * accepted it; dropped (logged) when that call was refused.
   */
  after?: { id: string; take?: OutboxTake[] };
  /** enrolAutopay only: its card, added to the form when it is sent. */
  card?: OutboxCard;
  /**
   * With a card: what to send instead when the card is gone (the daemon restarted before the
   * enrolment reached the operator): the operator is told the enrolment did not happen.
   */
  instead?: OutboxCallBase;
}

export type OutboxKind = 'rental' | 'reservation' | 'payment' | 'failed_rental' | 'failed_reservation';

/** Body of POST /outbox. */
export interface OutboxRequest {
  kind: OutboxKind;
  calls: OutboxCall[];
}

/** 202 answer of POST /outbox: written to disk; each call's idempotency key by call id. */
export interface OutboxAccepted {
  batch: string;
  keys: Record<string, string>;
}

/**
 * A call's progress: pending (not yet answered by the operator; `attempts` tells whether one
 * failed), delivered (the operator accepted it), refused (the operator answered an error: ended),
 * dropped (the call it ran after was refused), replaced (its card was lost: `instead` was sent).
 */
export type OutboxJobState = 'pending' | 'delivered' | 'refused' | 'dropped' | 'replaced';

/** GET /outbox/jobs/:key. */
export interface OutboxJobOutcome {
  key: string;
  state: OutboxJobState;
  attempts: number;
  /** The operator's message when it refused the call. */
  message: string | null;
}

function readPath(value: unknown, path: string): unknown {
  let current = value;
  for (const part of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

/**
 * Put fields of an answer's result into a form: `into` is a field (the value as form text, objects
 * as JSON) or a path inside a field holding JSON (the value set there, the field re-encoded).
 */
export function applyTakes(
  form: Record<string, string>,
  result: unknown,
  takes: readonly OutboxTake[],
): Record<string, string> {
  const next = { ...form };
  for (const take of takes) {
    const value = readPath(result, take.from) ?? null;
    const [field = '', ...inside] = take.into.split('.');
    if (inside.length === 0) {
      next[field] = value === null ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
      continue;
    }
    let holder: unknown;
    try {
      holder = JSON.parse(next[field] ?? '{}');
    } catch {
      holder = {};
    }
    if (holder === null || typeof holder !== 'object') holder = {};
    let target = holder as Record<string, unknown>;
    for (const part of inside.slice(0, -1)) {
      const child = target[part];
      target = (target[part] = child !== null && typeof child === 'object' ? child : {}) as Record<string, unknown>;
    }
    target[inside.at(-1)!] = value;
    next[field] = JSON.stringify(holder);
  }
  return next;
}

/** The longest GET /outbox/jobs/:key?wait= the daemon holds, in seconds. */
export const OUTBOX_MAX_WAIT_SECONDS = 25;

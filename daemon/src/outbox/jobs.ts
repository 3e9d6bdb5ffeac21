import {
  API_ROUTES,
  applyTakes,
  findCardData,
  maskCardNumbersInText,
  OUTBOX_CARD_ROUTE,
  outboxCallRefusal,
  PATH_PARAMETER_SHAPES,
  type OutboxCallBase,
  type OutboxJobOutcome,
  type OutboxKind,
  type OutboxRequest,
  type OutboxTake,
} from '@kiosk/shared-types';

/**
 * The outbox's jobs as they are kept on disk, and the rules that need no disk or network: checking
 * a request, taking a field of one answer into the next call, reading an operator answer, the
 * retry delay. The card of an enrolment is never part of a StoredJob (outbox.ts keeps it in memory).
 */

/** A call the daemon makes itself, never handed over by the page (a payment the terminal approved). */
export type OwnRoute = 'recordTerminalPayment';

export interface StoredJob extends Omit<OutboxCallBase, 'route'> {
  route: OutboxCallBase['route'] | OwnRoute;
  /** A JSON body instead of the form (the daemon's own calls: recordTerminalPayment). */
  json?: Record<string, unknown>;
  id: string;
  /** The idempotency key: the same on every attempt and after a restart. */
  key: string;
  after?: { id: string; take?: OutboxTake[] };
  /** A card was given with this call: it lives in the daemon's memory only. */
  card: boolean;
  instead?: OutboxCallBase;
  /** The card was lost before delivery: the job now sends `instead`, under its own key. */
  replaced: boolean;
  state: 'pending' | 'delivered' | 'refused' | 'dropped';
  /** The operator's message when it refused the call (masked). */
  message: string | null;
}

export interface StoredBatch {
  batch: string;
  kind: OutboxKind;
  /** Epoch ms when the page handed it over (the oldest-job age survives restarts). */
  acceptedAt: number;
  /** The trace id of the session the work was done in, sent with every call of the batch. */
  traceId: string;
  jobs: StoredJob[];
}

/**
 * Why a request was refused (the 400's `reason`): `card-data` (a card number, security code or
 * expiry outside the enrolment's card), `payment` (a card sale: the outbox never holds a payment),
 * both by shared-types outbox-contents.ts, the rule the page builds its hand-overs to;
 * `invalid-request` (anything else it cannot deliver).
 */
export type OutboxRefusalReason = 'card-data' | 'payment' | 'invalid-request';

export class OutboxRequestError extends Error {
  constructor(
    message: string,
    readonly reason: OutboxRefusalReason,
  ) {
    super(message);
    this.name = 'OutboxRequestError';
  }
}

export interface RequestProblem {
  message: string;
  reason: OutboxRefusalReason;
}

const ID = /^[A-Za-z0-9_-]{1,40}$/;

function pathProblem(call: OutboxCallBase): string | null {
  const path = API_ROUTES[call.route].path;
  const names = [...path.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1] as keyof typeof PATH_PARAMETER_SHAPES);
  for (const name of names) {
    const value = call.params[name];
    if (value === undefined || !PATH_PARAMETER_SHAPES[name].test(value))
      return `${call.route}: path parameter "${name}" is missing or not valid`;
  }
  const extra = Object.keys(call.params).filter((name) => !names.includes(name as never));
  if (extra.length > 0) return `${call.route}: unknown path parameter "${extra[0]}"`;
  return null;
}

/**
 * The request's problem in words and its reason (400), or null: ids unique, `after` names an
 * earlier call, paths whole, a card only where it belongs, no payment, and no card data anywhere
 * but the enrolment's `card` (which is never written to disk).
 */
export function requestProblem(request: OutboxRequest): RequestProblem | null {
  const seen = new Set<string>();
  const invalid = (message: string): RequestProblem => ({ message, reason: 'invalid-request' });
  for (const call of request.calls) {
    const refusal = outboxCallRefusal(call);
    if (refusal) return { message: `${maskCardNumbersInText(call.id)}: ${refusal.message}`, reason: refusal.reason };
    if (!ID.test(call.id)) return invalid(`call id "${call.id}" must be 1 to 40 letters, digits, _ or -`);
    if (seen.has(call.id)) return invalid(`call id "${call.id}" is used twice`);
    const problem = pathProblem(call) ?? (call.instead ? pathProblem(call.instead) : null);
    if (problem) return invalid(problem);
    if (call.after && !seen.has(call.after.id))
      return invalid(`${call.id}: runs after "${call.after.id}", which is not an earlier call`);
    if (call.card && call.route !== OUTBOX_CARD_ROUTE)
      return { message: `${call.id}: only ${OUTBOX_CARD_ROUTE} carries a card`, reason: 'card-data' };
    if (call.card && !call.instead)
      return invalid(`${call.id}: a call with a card needs the call to send instead if the card is lost`);
    if (call.instead?.route === OUTBOX_CARD_ROUTE)
      return invalid(`${call.id}: the call sent instead cannot need a card`);
    seen.add(call.id);
  }
  return null;
}

/**
 * A job found on disk that the outbox must not send: a card sale or card data, written by a daemon
 * from before these were refused. Null for every job this daemon accepted.
 */
export function storedJobProblem(job: StoredJob): RequestProblem | null {
  if (job.route === 'recordTerminalPayment') {
    const found = findCardData({ json: job.json ?? {}, form: job.form });
    return found ? { message: `${found.path} holds a ${found.kind}`, reason: 'card-data' } : null;
  }
  return outboxCallRefusal({ route: job.route, params: job.params, form: job.form, instead: job.instead });
}

export { applyTakes };

export type AnswerReading =
  { kind: 'accepted'; result: unknown } | { kind: 'refused'; message: string } | { kind: 'retry'; reason: string };

/**
 * What an operator answer means for a job: a 5xx is the operator's trouble (try again); any other
 * HTTP error, or an `application_data.status: 'error'`, is its business answer (the job ends).
 */
export function readAnswer(statusCode: number, body: unknown): AnswerReading {
  if (statusCode >= 500) return { kind: 'retry', reason: `HTTP ${statusCode}` };
  const data = (
    body as { application_data?: { status?: unknown; message?: unknown; code?: unknown; result?: unknown } }
  )?.application_data;
  const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
  if (statusCode >= 400 || data?.status === 'error') {
    const message = text(data?.message) ?? text(data?.code) ?? text((body as { message?: unknown })?.message);
    return { kind: 'refused', message: message ?? `HTTP ${statusCode}` };
  }
  return { kind: 'accepted', result: data?.result ?? body };
}

/** Delay before attempt n+1 after n failed ones: doubling from base, at most max, jittered to [half, whole]. */
export function retryDelayMs(failedAttempts: number, baseMs: number, maxMs: number, random: () => number): number {
  const whole = Math.min(maxMs, baseMs * 2 ** Math.min(Math.max(failedAttempts - 1, 0), 30));
  return Math.round(whole / 2 + (random() * whole) / 2);
}

/** The job's progress as GET /outbox/jobs/:key tells it. */
export function jobOutcome(job: StoredJob, attempts: number): OutboxJobOutcome {
  return {
    key: job.key,
    state: job.replaced && job.state === 'delivered' ? 'replaced' : job.state,
    attempts,
    message: job.message,
  };
}

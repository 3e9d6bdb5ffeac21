import { ATTEMPTS_STOPPED_REASON, isAttemptsRefused, type AppError } from '@kiosk/shared-types';

/**
 * The daemon (or the operator API behind it) answered with HTTP status >= 400 and no operator
 * wrapper: a proxy refusal, a 502/504 when the operator service is down or slow, a validation
 * error of a daemon endpoint. `message` is the body's message, ready to show.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown,
  ) {
    super(message);
  }
}

/** The request never got an answer (daemon not running, connection reset). */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  constructor(cause: unknown) {
    super('network error', { cause });
  }
}

/**
 * The call was aborted: superseded by a newer call with the same `latestKey`, or its signal fired.
 * Spec: "a cancelled call returns the word cancelled" — hence the message.
 */
export class CancelledError extends Error {
  override readonly name = 'CancelledError';
  constructor() {
    super('cancelled');
  }
}

export function isCancelled(error: unknown): error is CancelledError {
  return error instanceof CancelledError;
}

/** The first form-wide message of an operator error (`__all__` first, then `message`). */
export function firstErrorMessage(response: AppError): string | undefined {
  return response.errors?.__all__?.[0] ?? response.message;
}

/**
 * Whether a failed call means the operator could not be reached, as opposed to the operator
 * answering: no answer at all (NetworkError), or the daemon's own 502/503/504 for an operator
 * that is down, slow, failing (5xx) or answering something unreadable (plugins/proxy.ts). A
 * network drop, a router still booting and an operator outage all look like this; each passes,
 * so the kiosk asks again. Any 4xx, or an operator error in its wrapper, is an answer.
 */
export function isOperatorUnreachable(error: unknown): boolean {
  if (error instanceof NetworkError) return true;
  return error instanceof ApiError && (error.status >= 500 || error.status === 408 || error.status === 429);
}

/**
 * The daemon's answer when it stops taking tries of a code or password for a while (a wait) or
 * for the rest of the visit or the hour (docs/security.md "Guessing is bounded"), as the message
 * the visitor reads in their language; null for any other error.
 */
export function attemptsRefusedMessage(
  error: unknown,
): { key: 'common.attempts.wait'; values: { seconds: number } } | { key: 'common.attempts.stopped' } | null {
  if (!(error instanceof ApiError) || error.status !== 429 || !isAttemptsRefused(error.body)) return null;
  const { reason, retry_after_seconds: seconds } = error.body;
  return reason === ATTEMPTS_STOPPED_REASON
    ? { key: 'common.attempts.stopped' }
    : { key: 'common.attempts.wait', values: { seconds } };
}

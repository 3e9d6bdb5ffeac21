import type { AppError } from '@kiosk/shared-types';

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

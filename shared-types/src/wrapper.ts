/**
 * Response shapes of the operator API.
 *
 * Most operator calls answer `{ application_data: AppResponse }`; the UI client unwraps
 * `application_data`. An AppResponse carries `status` and either `result` or `errors`
 * (field name -> messages, with `__all__` for form-wide messages, shown first).
 * A few calls (common data, capabilities, users) are not wrapped: they answer `{ data: ... }`.
 */
export type FieldErrors = Record<string, string[]> & { __all__?: string[] };

export interface AppOk<R> {
  status: 'ok';
  result: R;
}

export interface AppError {
  status: 'error';
  /** A code such as CardDeclined, when the server gives one. */
  code?: string;
  message?: string;
  errors?: FieldErrors;
}

export type AppResponse<R> = AppOk<R> | AppError;

export interface Wrapped<T> {
  application_data: T;
}

/** The daemon's own error body (4xx/5xx it answers itself: proxy refusals, timeouts, validation). */
export interface DaemonError {
  statusCode: number;
  error: string;
  message: string;
  /** A machine-readable cause where one status has several (PrintFailureReason, IdScanProblem…). */
  reason?: string;
}

/** Body of the daemon's 502/504 when the operator API is down or slow. */
export const UPSTREAM_DOWN_MESSAGE =
  'The operator service is not reachable. Please try again or ask the Manager for help.';
export const UPSTREAM_TIMEOUT_MESSAGE =
  'The operator service took too long to answer. Please try again or ask the Manager for help.';
/** Body of the daemon's 502 when the operator API answered 5xx (its own body is logged, masked). */
export const UPSTREAM_FAILED_MESSAGE =
  'The operator service could not complete the request. Please try again or ask the Manager for help.';
/**
 * Body of the daemon's 502 when the operator's answer is not the JSON the call expects (an HTML
 * page, a body cut short); the UI client uses it too when an answer breaks off mid-way.
 */
export const UPSTREAM_UNREADABLE_MESSAGE =
  'The operator service sent an answer the kiosk cannot read. Please try again or ask the Manager for help.';

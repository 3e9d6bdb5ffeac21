import type { ApiRouteName } from './api-routes.js';

/**
 * Guesses of a secret the daemon bounds (docs/security.md "Guessing is bounded"): each kind of
 * secret a visitor types, the calls that try one, and the daemon's answer when it refuses one.
 */
export type CredentialKind = 'password' | 'one_time_code' | 'gate_code' | 'reservation_code' | 'gate_code_check';

export const CREDENTIAL_KINDS: readonly CredentialKind[] = [
  'password',
  'one_time_code',
  'gate_code',
  'reservation_code',
  'gate_code_check',
];

/** The calls that try a secret, by kind. */
export const CREDENTIAL_ROUTES: { readonly [N in ApiRouteName]?: CredentialKind } = {
  login: 'password',
  loginOtp: 'one_time_code',
  // Link a rental: the unit's gate code proves the rental is the visitor's.
  linkRental: 'gate_code',
  findReservation: 'reservation_code',
  // A taken code tells that some unit opens with it.
  validateGatecode: 'gate_code_check',
  validateGatecodeGet: 'gate_code_check',
};

/** `reason` of the daemon's 429 while the visitor must wait before the next try. */
export const ATTEMPTS_WAIT_REASON = 'too-many-attempts';
/** `reason` of the daemon's 429 once no more tries are taken (for this visit or this hour). */
export const ATTEMPTS_STOPPED_REASON = 'attempts-exhausted';

/** The 429 body's extra field: seconds until the next try is taken. */
export interface AttemptsRefused {
  statusCode: 429;
  error: string;
  message: string;
  reason: typeof ATTEMPTS_WAIT_REASON | typeof ATTEMPTS_STOPPED_REASON;
  retry_after_seconds: number;
}

export function isAttemptsRefused(body: unknown): body is AttemptsRefused {
  if (typeof body !== 'object' || body === null) return false;
  const { reason, retry_after_seconds: seconds } = body as Partial<AttemptsRefused>;
  return (reason === ATTEMPTS_WAIT_REASON || reason === ATTEMPTS_STOPPED_REASON) && typeof seconds === 'number';
}

import { maskCardNumbersInText, maskSecrets, removeSecretValues } from '@kiosk/shared-types';
import type { DaemonConfig } from './config.js';

/**
 * The configured secrets whose values must never show in a log line, a spool file or an answer of
 * the support listener: the operator API key and the support token.
 */
export function configuredSecrets(config: Pick<DaemonConfig, 'apiKey' | 'healthToken'>): string[] {
  return [config.apiKey, config.healthToken].filter((value): value is string => value !== null && value !== '');
}

/** Text with the configured secrets removed (see removeSecretValues for the forms it finds). */
export function scrubSecrets(text: string, secrets: readonly string[]): string {
  return secrets.length === 0 ? text : removeSecretValues(text, secrets);
}

/** At most this much of an operator answer is kept in a log line. */
const LOGGED_BODY_MAX_CHARS = 2000;

/**
 * An operator answer as it may be logged: JSON masked like a UI log event (secret fields removed,
 * card numbers masked, secret values removed), anything else as text with card numbers and secret
 * values masked; cut to a readable length.
 */
export function bodyForLog(body: Buffer, secrets: readonly string[]): string {
  const text = body.toString('utf8');
  let masked: string;
  try {
    masked = JSON.stringify(maskSecrets(JSON.parse(text) as unknown, { secretValues: secrets }));
  } catch {
    masked = maskCardNumbersInText(scrubSecrets(text, secrets));
  }
  return masked.length > LOGGED_BODY_MAX_CHARS ? `${masked.slice(0, LOGGED_BODY_MAX_CHARS)}…` : masked;
}

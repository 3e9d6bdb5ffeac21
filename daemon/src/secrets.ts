import { maskSecrets, removeSecretValues } from '@kiosk/shared-types';
import type { DaemonConfig } from './config.js';

/**
 * The configured secrets whose values must never show in a log line, a spool file or an answer of
 * the support listener: the operator API key, the support token and the payment terminal's
 * passphrase (its shared key encrypts every message to the terminal).
 */
export function configuredSecrets(
  config: Pick<DaemonConfig, 'apiKey' | 'healthToken'> & { payment?: Pick<DaemonConfig['payment'], 'terminalKey'> },
): string[] {
  return [config.apiKey, config.healthToken, config.payment?.terminalKey.passphrase].filter(
    (value): value is string => value !== undefined && value !== null && value !== '',
  );
}

/** Text with the configured secrets removed (see removeSecretValues for the forms it finds). */
export function scrubSecrets(text: string, secrets: readonly string[]): string {
  return secrets.length === 0 ? text : removeSecretValues(text, secrets);
}

/**
 * A log line as it may be written: parsed and masked as a whole (maskSecrets: the one rule for
 * fields, card numbers, e-mails and fields written in text, the configured secrets), then written
 * again as JSON, so a masked number becomes a quoted string and the line stays JSON. A line that
 * is not JSON is masked as text. A trailing newline is kept.
 */
export function maskLogLine(line: string, secrets: readonly string[] = []): string {
  const newline = line.endsWith('\n') ? '\n' : '';
  const body = newline === '' ? line : line.slice(0, -1);
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return `${maskSecrets(body, { secretValues: secrets })}${newline}`;
  }
  return `${JSON.stringify(maskSecrets(parsed, { secretValues: secrets }))}${newline}`;
}

const maskingWriters = new WeakSet<object>();

/** A stream-write hook that masks every line (maskLogLine), known as such by what comes after it. */
export function maskingWriter(write: (line: string) => string): (line: string) => string {
  maskingWriters.add(write);
  return write;
}

/** Whether a stream-write hook masks every line already, so a line it wrote needs no second pass. */
export function masksEveryLine(write: ((line: string) => string) | undefined): boolean {
  return write !== undefined && maskingWriters.has(write);
}

/** At most this much of an operator answer is kept in a log line. */
const LOGGED_BODY_MAX_CHARS = 2000;

/**
 * An operator answer as it may be logged: JSON masked like a UI log event (secret and personal
 * fields removed, card numbers masked, secret values removed), anything else as text masked the
 * same way; cut to a readable length.
 */
export function bodyForLog(body: Buffer, secrets: readonly string[]): string {
  const text = body.toString('utf8');
  let masked: string;
  try {
    masked = JSON.stringify(maskSecrets(JSON.parse(text) as unknown, { secretValues: secrets }));
  } catch {
    masked = maskSecrets(text, { secretValues: secrets });
  }
  return masked.length > LOGGED_BODY_MAX_CHARS ? `${masked.slice(0, LOGGED_BODY_MAX_CHARS)}…` : masked;
}

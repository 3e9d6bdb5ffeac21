import type { AppError } from '@kiosk/shared-types';

/**
 * A message an account form shows: the server's own text, or one of the kiosk's catalogue keys
 * (with values). Kept apart so a server sentence is never looked up as a catalogue key.
 */
export type AccountMessage = { text: string } | { key: string; values?: Record<string, string | number> };

export interface AccountFailure {
  ok: false;
  /** Shown at the top of the form: the first `__all__` message, else the given fallback. */
  form: AccountMessage | null;
  /** The first message of each field the server named (shown under the field). */
  fields: Record<string, string>;
  code?: string;
}

export type AccountResult = { ok: true } | AccountFailure;

export const SOMETHING_WENT_WRONG: AccountMessage = { key: 'account.errors.something_went_wrong' };

/**
 * The server's field errors, `__all__` first (shell spec §8): the form-wide message is the first
 * `__all__` entry, else the server's message, else `fallback`; every other field keeps its first
 * message. `preferFallback` shows the kiosk's own message even when the server sent a text
 * (e.g. 'Invalid Code. Please try again.').
 */
export function failureFromResponse(
  response: AppError,
  fallback: AccountMessage | null,
  options: { preferFallback?: boolean } = {},
): AccountFailure {
  const fields: Record<string, string> = {};
  for (const [field, messages] of Object.entries(response.errors ?? {})) {
    if (field === '__all__' || !Array.isArray(messages) || messages.length === 0) continue;
    fields[field] = String(messages[0]);
  }
  const all = response.errors?.__all__?.[0];
  let form: AccountMessage | null;
  if (all) form = { text: all };
  else if (options.preferFallback && fallback) form = fallback;
  else if (response.message && Object.keys(fields).length === 0) form = { text: response.message };
  else form = Object.keys(fields).length > 0 ? null : fallback;
  return { ok: false, form, fields, ...(response.code ? { code: response.code } : {}) };
}

export function failure(form: AccountMessage | null, code?: string): AccountFailure {
  return { ok: false, form, fields: {}, ...(code ? { code } : {}) };
}

/** '2175550147' -> '(217) 555-0147' (the phone mask), for messages that repeat a number. */
export function maskedPhone(digits: string): string {
  return digits.length === 10 ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}` : digits;
}

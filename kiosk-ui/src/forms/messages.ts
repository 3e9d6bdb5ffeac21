import type { TFunction } from 'i18next';
import { en as englishCatalogue } from '../i18n/en';
import type validation from '../i18n/en/validation';

/**
 * Schemas carry catalogue keys, never English. A message is either a plain key
 * ('common.field.required') or, when it has placeholders, a key with its values.
 * yup passes a non-string message through untouched, so a field error's `message`
 * is one of these two shapes at run time; show it with `translateMessage(message, t)`.
 */
export type ValidationKey = keyof typeof validation;
export type CommonFieldKey = keyof (typeof englishCatalogue)['common']['field'];

// A type alias, not an interface, so it fits yup's `Record<PropertyKey, unknown>` message type.
export type KeyedMessage = {
  key: string;
  values: Record<string, string | number>;
};
export type FormMessage = string | KeyedMessage;

/** Key of a message in i18n/en/validation.ts, e.g. 'validation.same_address'. */
export function vkey(key: ValidationKey): string {
  return `validation.${key}`;
}

/** Key of a generic field message in i18n/en/common.ts, e.g. 'common.field.required'. */
export function fieldKey(key: CommonFieldKey): string {
  return `common.field.${key}`;
}

export function keyed(key: ValidationKey, values: KeyedMessage['values']): KeyedMessage {
  return { key: vkey(key), values };
}

export function isKeyedMessage(message: unknown): message is KeyedMessage {
  return (
    typeof message === 'object' &&
    message !== null &&
    typeof (message as KeyedMessage).key === 'string' &&
    typeof (message as KeyedMessage).values === 'object'
  );
}

/** The generic messages (both specs' §8), shared with the rest of the UI through common.field. */
export const MESSAGES = {
  required: fieldKey('required'),
  invalidEmail: fieldKey('invalid_email'),
  alphabeticOnly: fieldKey('alphabetic_only'),
  invalidZip: fieldKey('invalid_zip_code'),
  invalidCellPhone: fieldKey('invalid_cell_phone_number'),
  invalidPhone: fieldKey('invalid_phone_number'),
  invalidCreditCard: fieldKey('invalid_credit_card'),
  invalidCvv: fieldKey('invalid_cvv'),
  /** Rental card form: 'Invalid expiry date'. */
  invalidExpiryDate: fieldKey('invalid_expiry_date'),
  /** Pay My Bill card form: 'invalid expiry date' (the shell spec's lower case). */
  invalidExpiryDatePayBill: fieldKey('invalid_expiry_date_pay_bill'),
  invalidDate: vkey('invalid_date'),
  invalidSsn: vkey('invalid_ssn'),
} as const;

/** A `t` that takes any key: the app's typed i18next `t` or the English lookup below. */
export type TranslateFn = (key: string, values?: Record<string, string | number>) => string;

/** Turns a field error's message (plain key or keyed message) into text with the app's `t`. */
export function translateMessage(message: unknown, t: TranslateFn | TFunction): string {
  // Keys come from schemas at run time, so the typed TFunction is called as a plain lookup.
  const translate = t as TranslateFn;
  if (isKeyedMessage(message)) return translate(message.key, message.values);
  if (typeof message === 'string') return translate(message);
  return '';
}

function englishLookup(key: string, values?: Record<string, string | number>): string {
  let node: unknown = englishCatalogue;
  for (const part of key.split('.')) {
    node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined;
  }
  if (typeof node !== 'string') return key;
  return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values?.[name] ?? ''));
}

/**
 * English text of a message without i18next, straight from the English catalogue: tests use it
 * to assert the spec's exact wording. Unknown keys come back as they are.
 */
export function en(message: unknown): string {
  return translateMessage(message, englishLookup);
}

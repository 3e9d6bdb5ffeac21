import { maskCardNumber, maskPartialCardNumber } from './masking-cards.js';
import { maskEmailAddress, maskLicenceNumber, maskPhoneNumber } from './masking-personal.js';
import { REMOVED } from './masking-secret-values.js';
import {
  fieldSecrecy,
  type FieldSecrecy,
  LICENCE_KEYS,
  namesEmail,
  namesPhone,
  PERSONAL_FIELD_TYPES,
  SECRET_FIELD_TYPES,
} from './secret-fields.js';

/**
 * Fields as logs may show them, by the one rule for fields (`fieldSecrecy`, secret-fields.ts):
 * under their names in an object, declared with a type (`{type: 'ssn', name, value}`), or written
 * out in text (`gatecode=…` in a query string, `"gatecode":"…"` in JSON kept as a string). Part of
 * the log masking (masking.ts, its public entry).
 */

/**
 * What a personal field's value may show in a log: a phone its last four digits, an e-mail its
 * first letter and domain, anything else (an address, a gate code, free text) nothing. Undefined
 * when there is nothing to hide (empty, yes/no, already masked).
 */
function personalValue(key: string, value: unknown): unknown {
  if (value === null || value === undefined || typeof value === 'boolean' || value === '' || value === REMOVED)
    return undefined;
  if (typeof value === 'string' && value.includes('***')) return undefined;
  if (typeof value === 'string' || typeof value === 'number') {
    if (namesPhone(key)) return maskPhoneNumber(String(value));
    if (namesEmail(key)) return maskEmailAddress(String(value));
  }
  return REMOVED;
}

/**
 * A field's value as a log may show it, or undefined when it may show as it is: the one rule
 * (`fieldSecrecy`) applied to a value.
 */
export function maskedField(
  key: string,
  value: unknown,
  personal: boolean,
  secrecy: FieldSecrecy = fieldSecrecy({ name: key }),
): unknown {
  if (secrecy === 'secret') return value === '' || value === REMOVED ? undefined : REMOVED;
  if (secrecy === 'card-number' && (typeof value === 'number' || (typeof value === 'string' && /[0-9]/.test(value)))) {
    const masked = typeof value === 'number' ? maskCardNumber(String(value)) : maskPartialCardNumber(value);
    return masked === value ? undefined : masked;
  }
  if (LICENCE_KEYS.has(key.toLowerCase()) && (typeof value === 'string' || typeof value === 'number'))
    return maskLicenceNumber(String(value));
  if (secrecy === 'personal' && personal) return personalValue(key, value);
  return undefined;
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/** `name=value` in a query string, a form body or a message quoting one. */
const FORM_PAIR = /(^|[?&;,\s])([A-Za-z_][A-Za-z0-9_.[\]-]{0,63})=([^&\s"'#;,<>]*)/g;
/** `"name": value` in JSON text kept as a string (a body quoted in a message, a JSON form value). */
const JSON_PAIR = /"((?:[^"\\]|\\.){1,64})"(\s*:\s*)("(?:[^"\\]|\\.)*"|-?[0-9]+(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?)/g;

/**
 * Fields written out in text, masked by the same rule as fields of an object: `user_token=…`,
 * `gatecode=…`, `email=…` in a URL or a form body, `"gatecode":"…"` in JSON text.
 */
export function maskFieldsInText(text: string, options: { keepPersonalDetails?: boolean } = {}): string {
  const personal = !options.keepPersonalDetails;
  let out = text;
  if (out.includes('='))
    out = out.replace(FORM_PAIR, (whole, lead: string, name: string, value: string) => {
      const shown = maskedField(decoded(name), decoded(value), personal);
      return shown === undefined ? whole : `${lead}${name}=${String(shown)}`;
    });
  if (out.includes('"'))
    out = out.replace(JSON_PAIR, (whole, name: string, colon: string, value: string) => {
      let key: unknown;
      let parsed: unknown;
      try {
        key = JSON.parse(`"${name}"`);
        parsed = JSON.parse(value);
      } catch {
        return whole;
      }
      const shown = maskedField(String(key), parsed, personal);
      return shown === undefined ? whole : `"${name}"${colon}${JSON.stringify(shown)}`;
    });
  return out;
}

/**
 * A copy where every field declared with a secret type (`{type: 'ssn', name, value}`, as the
 * additional-information sections declare them), or with a free-text type when personal details
 * are masked (`{type: 'textarea'}`), has its value removed, and the same name's value anywhere else
 * in the tree too (the sections' `values: {tax_id: ...}`).
 */
export function removeTypedValues(value: unknown, personal: boolean): unknown {
  const hidden = (type: unknown): boolean =>
    typeof type === 'string' &&
    (SECRET_FIELD_TYPES.has(type.toLowerCase()) || (personal && PERSONAL_FIELD_TYPES.has(type.toLowerCase())));
  const names = new Set<string>();
  const collect = (node: unknown, depth: number): void => {
    if (depth > 12 || node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach((item) => collect(item, depth + 1));
    const record = node as Record<string, unknown>;
    if (typeof record.name === 'string' && hidden(record.type)) names.add(record.name);
    Object.values(record).forEach((child) => collect(child, depth + 1));
  };
  collect(value, 0);
  if (names.size === 0) return value;
  const strip = (node: unknown, depth: number): unknown => {
    if (depth > 12 || node === null || typeof node !== 'object') return node;
    if (Array.isArray(node)) return node.map((item) => strip(item, depth + 1));
    const record = node as Record<string, unknown>;
    const typed = hidden(record.type);
    return Object.fromEntries(
      Object.entries(record).map(([key, child]) => [
        key,
        names.has(key) || (typed && key === 'value' && child !== null && child !== '')
          ? REMOVED
          : strip(child, depth + 1),
      ]),
    );
  };
  return strip(value, 0);
}

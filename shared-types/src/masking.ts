import { passesLuhn } from './card.js';
import {
  fieldSecrecy,
  type FieldSecrecy,
  LICENCE_KEYS,
  namesEmail,
  namesPhone,
  PERSONAL_FIELD_TYPES,
  SECRET_FIELD_TYPES,
} from './secret-fields.js';

export * from './secret-fields.js';

/**
 * Masking of card data, secrets and personal details before anything is logged or spooled (spec §7
 * Logging: only the first 4 and last 4 digits of a card number may show; CVV and expiry are
 * replaced). Which field holds what is the one rule in secret-fields.ts (`fieldSecrecy`); this file
 * is what each kind of value may show. Used by the UI before it sends an event, and again by the
 * daemon on everything it logs, spools or ships.
 */

/**
 * Secret values shorter than this are not searched for in text: a short value would shred
 * ordinary words, and no real API key or token is that short.
 */
export const MIN_SECRET_VALUE_LENGTH = 6;

/** A licence number as logs show it: its last four characters, the rest starred. */
export function maskLicenceNumber(value: string): string {
  const kept = value.replace(/[\s-]/g, '');
  return kept.length <= 4 ? '*'.repeat(kept.length) : `${'*'.repeat(kept.length - 4)}${kept.slice(-4)}`;
}

export const REMOVED = '[removed]';

/** The raw licence barcode (AAMVA data), under whatever key it is found. */
// eslint-disable-next-line no-control-regex -- the AAMVA header is made of control characters
const AAMVA_DATA = /^@\n?\x1e?\r?ANSI |\x1e\rANSI /;

// -- Contact details: a tenant's phone and e-mail show only enough to tell them apart ---------------

/** A phone number as logs show it: its last four digits, the rest starred (`***-***-0147`). */
export function maskPhoneNumber(value: string): string {
  const digits = value.replace(/[^0-9]/g, '');
  if (digits.length <= 4) return '*'.repeat(digits.length);
  return `***-***-${digits.slice(-4)}`;
}

/** An e-mail address as logs show it: its first character and the domain (`t***@example.com`). */
export function maskEmailAddress(value: string): string {
  const at = value.lastIndexOf('@');
  if (at <= 0) return value === '' ? '' : '***';
  return `${value[0]}***${value.slice(at)}`;
}

/**
 * Digits in groups split by single spaces or dashes (the styles a card field or a receipt shows:
 * `4111 1111 1111 1111`, `4111-1111-1111-1111`, `4111111111111111`). Each such run is searched for
 * card numbers group by group (isCardNumberCandidate); shorter runs (zip codes, phone numbers,
 * gate codes) never match.
 */
const DIGIT_RUN = /(?<![0-9])[0-9]+(?:[ -][0-9]+)*(?![0-9])/g;
const GROUP = /[0-9]+/g;

/** Card numbers are 13 to 19 digits (ISO/IEC 7812 PANs; 12-digit ones are not issued as cards). */
const CARD_DIGITS_MIN = 13;
const CARD_DIGITS_MAX = 19;

/**
 * Whether a string of digits could be a payment card number: 13 to 19 digits, a first digit a card
 * network issues (2 Mastercard, 3 Amex/Diners/JCB, 4 Visa, 5 Mastercard, 6 Discover/UnionPay) and a
 * valid Luhn check digit, as PCI data-discovery tools narrow their matches. So an epoch-millisecond
 * timestamp (13 digits starting with 1 until May 2033), a 12-digit id or a random long id (9 in 10
 * fail Luhn) stays readable in a log.
 */
export function isCardNumberCandidate(digits: string): boolean {
  return (
    digits.length >= CARD_DIGITS_MIN &&
    digits.length <= CARD_DIGITS_MAX &&
    digits[0]! >= '2' &&
    digits[0]! <= '6' &&
    passesLuhn(digits)
  );
}

/** Already masked: at most 4 digits, at least one '*', at most 4 digits (masking twice keeps it). */
const ALREADY_MASKED = /^[0-9]{0,4}\*+[0-9]{0,4}$/;

/** '4111111111111111' -> '4111********1111'. Non-digits are dropped from the mask. */
export function maskCardNumber(value: string): string {
  if (ALREADY_MASKED.test(value)) return value;
  const digits = value.replace(/[^0-9]/g, '');
  if (digits.length <= 8) return '*'.repeat(digits.length);
  return `${digits.slice(0, 4)}${'*'.repeat(digits.length - 8)}${digits.slice(-4)}`;
}

/**
 * One run of digit groups with every card number in it masked. Any whole groups that together
 * form a card candidate are covered; each stretch of covered groups is masked as one (its first 4
 * and last 4 digits shown), so a card number run together with other digits ('4111 1111 1111 1111
 * 12') never shows more than 4 + 4 of its digits.
 */
function maskRun(run: string): string {
  const groups = [...run.matchAll(GROUP)].map((match) => ({ start: match.index, text: match[0] }));
  const covered = new Array<boolean>(groups.length).fill(false);
  let found = false;
  for (let first = 0; first < groups.length; first += 1) {
    let digits = '';
    for (let last = first; last < groups.length; last += 1) {
      digits += groups[last]!.text;
      if (digits.length > CARD_DIGITS_MAX) break;
      if (isCardNumberCandidate(digits)) {
        covered.fill(true, first, last + 1);
        found = true;
      }
    }
  }
  if (!found) return run;
  let out = '';
  let at = 0;
  for (let index = 0; index < groups.length; index += 1) {
    if (!covered[index]) continue;
    let end = index;
    while (end + 1 < groups.length && covered[end + 1]) end += 1;
    const from = groups[index]!.start;
    const to = groups[end]!.start + groups[end]!.text.length;
    out += run.slice(at, from) + maskCardNumber(run.slice(from, to));
    at = to;
    index = end;
  }
  return out + run.slice(at);
}

/** Mask every card number inside free text (isCardNumberCandidate). */
export function maskCardNumbersInText(text: string): string {
  // Most text logged holds fewer digits than the shortest card: counting is cheaper than the search.
  let digits = 0;
  for (let index = 0; index < text.length && digits < CARD_DIGITS_MIN; index += 1) {
    const code = text.charCodeAt(index);
    if (code >= 48 && code <= 57) digits += 1;
  }
  return digits < CARD_DIGITS_MIN ? text : text.replace(DIGIT_RUN, maskRun);
}

/**
 * A whole number that may be a card number kept as a number. Above 2^53 a number no longer holds
 * its digits exactly, so the Luhn check cannot be trusted: any such number of card length whose
 * first digit a network issues is masked.
 */
function isCardNumberValue(value: number): boolean {
  if (!Number.isInteger(value)) return false;
  const digits = String(Math.abs(value));
  if (!/^[0-9]+$/.test(digits)) return false;
  if (Math.abs(value) <= Number.MAX_SAFE_INTEGER) return isCardNumberCandidate(digits);
  return digits.length <= CARD_DIGITS_MAX && digits[0]! >= '2' && digits[0]! <= '6';
}

/**
 * The forms a secret value takes in text: as is, JSON-escaped (a log line) and URI-encoded (a
 * query string or form body).
 */
function secretForms(secretValues: readonly string[]): string[] {
  const forms = new Set<string>();
  for (const secret of secretValues) {
    if (secret.length < MIN_SECRET_VALUE_LENGTH) continue;
    forms.add(secret);
    forms.add(JSON.stringify(secret).slice(1, -1));
    forms.add(encodeURIComponent(secret));
  }
  // Longest first, so a form that contains another is replaced whole.
  return [...forms].sort((a, b) => b.length - a.length);
}

/** Replace every occurrence of the given secret values in text by `[removed]`. */
export function removeSecretValues(text: string, secretValues: readonly string[]): string {
  return removeForms(text, secretForms(secretValues));
}

function removeForms(text: string, forms: readonly string[]): string {
  let out = text;
  // A replacement can join the text around it into the secret again; a few passes undo that, and
  // text that still holds it after them is dropped whole.
  for (let pass = 0; pass < 4; pass += 1) {
    let changed = false;
    for (const form of forms) {
      if (out.includes(form)) {
        out = out.split(form).join(REMOVED);
        changed = true;
      }
    }
    if (!changed) return out;
  }
  return forms.some((form) => out.includes(form)) ? REMOVED : out;
}

/** An e-mail address in text or in a URL (`@` or `%40`). */
const EMAIL_IN_TEXT = /[A-Za-z0-9._%+-]+(?:@|%40)[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/gi;

/** Every e-mail address in text as maskEmailAddress shows it. */
export function maskEmailsInText(text: string): string {
  return text.replace(EMAIL_IN_TEXT, (address) => maskEmailAddress(address.replace(/%40/i, '@')));
}

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
function maskedField(
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

/** Text as a log may show it: card numbers masked, fields written in it masked, e-mails masked. */
function maskText(text: string, personal: boolean): string {
  let out = maskCardNumbersInText(text);
  if (out.includes('=') || out.includes('"')) out = maskFieldsInText(out, { keepPersonalDetails: !personal });
  if (personal && (out.includes('@') || out.includes('%40'))) out = maskEmailsInText(out);
  return out;
}

function maskValue(
  key: string | undefined,
  value: unknown,
  depth: number,
  forms: readonly string[],
  personal: boolean,
): unknown {
  if (depth > 12) return REMOVED;
  if (typeof value === 'string' && AAMVA_DATA.test(value)) return REMOVED;
  if (key !== undefined) {
    const secrecy = fieldSecrecy({ name: key });
    const shown = maskedField(key, value, personal, secrecy);
    if (shown !== undefined) return typeof shown === 'string' && forms.length > 0 ? removeForms(shown, forms) : shown;
    if (secrecy === 'secret') return value;
  }
  if (typeof value === 'string') {
    const masked = maskText(value, personal);
    return forms.length === 0 ? masked : removeForms(masked, forms);
  }
  // A card number kept as a number is masked too (an epoch-ms time or a numeric id is not).
  if (typeof value === 'number') return isCardNumberValue(value) ? maskCardNumber(String(value)) : value;
  if (Array.isArray(value)) return value.map((item) => maskValue(undefined, item, depth + 1, forms, personal));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [childKey, child] of Object.entries(value as Record<string, unknown>)) {
      const shownKey = forms.length === 0 ? childKey : removeForms(childKey, forms);
      // defineProperty: a key named __proto__ stays a field instead of replacing the prototype.
      Object.defineProperty(out, shownKey, {
        value: maskValue(childKey, child, depth + 1, forms, personal),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return out;
  }
  return value;
}

export interface MaskOptions {
  /**
   * Values that must never show, wherever they appear in text: the daemon passes the configured
   * API key and support token (the UI never knows them).
   */
  secretValues?: readonly string[];
  /**
   * Leave personal details as they are (phones, e-mails, addresses, gate codes, free text): for
   * what the operator itself keeps (the sandbox's record of a failed rental or a mail it sent),
   * never for a log.
   */
  keepContactDetails?: boolean;
}

/**
 * A deep copy of `value` as a log may hold it, by the one rule for fields (`fieldSecrecy`): CVV,
 * expiry, passwords, one-time codes, tokens, keys and the given secret values removed; card
 * numbers masked; personal details (addresses, gate and access codes, free text) removed, phones
 * and e-mails masked (maskPhoneNumber, maskEmailAddress), under their names or written as fields in
 * text.
 */
export function maskSecrets<T>(value: T, options: MaskOptions = {}): T {
  const personal = !options.keepContactDetails;
  const typed = removeTypedValues(value, personal);
  return maskValue(undefined, typed, 0, secretForms(options.secretValues ?? []), personal) as T;
}

/**
 * A card number typed so far (a visitor correcting a typo), as it may show: its last four digits
 * once four exist, the rest starred; a complete number as maskCardNumber shows it.
 */
export function maskPartialCardNumber(value: string): string {
  const digits = value.replace(/[^0-9]/g, '');
  if (digits.length >= 12 || ALREADY_MASKED.test(value)) return maskCardNumber(value);
  if (digits.length <= 4) return '*'.repeat(digits.length);
  return `${'*'.repeat(digits.length - 4)}${digits.slice(-4)}`;
}

/**
 * A copy where every field declared with a secret type (`{type: 'ssn', name, value}`, as the
 * additional-information sections declare them), or with a free-text type when personal details
 * are masked (`{type: 'textarea'}`), has its value removed, and the same name's value anywhere else
 * in the tree too (the sections' `values: {tax_id: ...}`).
 */
function removeTypedValues(value: unknown, personal: boolean): unknown {
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

/**
 * A US phone number in a URL, raw or URI-encoded: an optional +1 or 1, then 10 digits, optionally
 * split as (217) 555-0147, 217-555-0147 or 217.555.0147. Not part of a longer run of digits.
 */
const URL_PHONE =
  /(?<![0-9])(?:(?:%2B|\+)?1(?:%20|[ .-])?)?(?:%28|\()?[2-9][0-9]{2}(?:%29|\))?(?:%20|[ .-])?[0-9]{3}(?:%20|[ .-])?([0-9]{4})(?![0-9])/gi;

/**
 * A request URL as logs may show it: every phone number in its path or query reduced to its last
 * four digits (`users/phone/%2B12175550147/` -> `users/phone/***-***-0147/`), as the tenant area
 * shows where a text went.
 */
export function maskPhonesInUrl(url: string): string {
  return url.replace(URL_PHONE, (_whole, last4: string) => `***-***-${last4}`);
}

/**
 * A request URL as a log may show it: phones in it reduced to their last four digits, e-mails
 * masked, and each query parameter masked by its name like a field (`user_token=[removed]`,
 * `gatecode=[removed]`, `email=t***@example.com`).
 */
export function maskUrlForLog(url: string): string {
  return maskText(maskPhonesInUrl(url), true);
}

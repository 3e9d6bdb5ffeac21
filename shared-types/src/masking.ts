import { passesLuhn } from './card.js';

/**
 * Masking of card data and secrets before anything is logged or spooled (spec §7 Logging: only the
 * first 4 and last 4 digits of a card number may show; CVV and expiry are replaced).
 * Used by the UI before it sends the rental model, and again by the daemon on everything it logs.
 */

/**
 * Field names whose values are secrets and are removed entirely, besides any name holding one of
 * SECRET_NAME_PARTS (normalised: lower case, letters and digits only).
 */
const SECRET_KEYS = new Set([
  'cvv',
  'cvc',
  'cvv2',
  'cc_exp_month',
  'cc_exp_year',
  'exp_month',
  'exp_year',
  'expiry',
  'card_expiry',
  'password',
  'newpassword',
  'newpassword1',
  'password1',
  'new_password',
  'military_ssn',
  'ssn',
  'card_data',
  'otp',
]);

/**
 * A key whose normalised name contains one of these is a secret whatever else it says: `cc_cvv`,
 * `card-CVC`, `securityCode`, `confirm_password`, `client_secret`, `user_token`, `x-api-key`,
 * `Authorization`. Matching parts rather than names, because operators and developers invent
 * new names for the same secrets and a 3-digit CVV is too short for the card-number rule.
 */
const SECRET_NAME_PARTS = [
  'cvv',
  'cvc',
  'securitycode',
  'password',
  'passwd',
  'secret',
  'token',
  'apikey',
  'authorization',
];

/** 'Card-CVV' -> 'cardcvv', 'apiKey' -> 'apikey'. */
export function normaliseKeyName(key: string): string {
  return key.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** Whether a field of this name holds a secret that is removed whole. */
export function isSecretKey(key: string): boolean {
  const lower = key.toLowerCase();
  if (SECRET_KEYS.has(lower)) return true;
  const name = normaliseKeyName(lower);
  return SECRET_NAME_PARTS.some((part) => name.includes(part)) || namesSsn(key);
}

/**
 * Secret values shorter than this are not searched for in text: a short value would shred
 * ordinary words, and no real API key or token is that short.
 */
export const MIN_SECRET_VALUE_LENGTH = 6;

/** Field names that hold a card number: shown as first 4 + last 4 at most. */
const CARD_KEYS = new Set(['cc_number', 'card_number', 'cardnumber', 'number']);

/** Driver licence numbers: only the last four characters are ever logged. */
const LICENCE_KEYS = new Set(['driving_lis_no', 'licence_number', 'license_number', 'dl_number']);

/** The raw licence barcode (AAMVA data) is never logged, under any key. */
const BARCODE_KEYS = new Set(['barcode', 'pdf417', 'id_scan_data']);
// eslint-disable-next-line no-control-regex -- the AAMVA header is made of control characters
const AAMVA_DATA = /^@\n?\x1e?\r?ANSI |\x1e\rANSI /;

/** A licence number as logs show it: its last four characters, the rest starred. */
export function maskLicenceNumber(value: string): string {
  const kept = value.replace(/[\s-]/g, '');
  return kept.length <= 4 ? '*'.repeat(kept.length) : `${'*'.repeat(kept.length - 4)}${kept.slice(-4)}`;
}

export const REMOVED = '[removed]';

// -- Contact details: a tenant's phone and e-mail show only enough to tell them apart ---------------

/** `tenant_phone`, `secondary_contact_phone`, `phone_number`, `resend_phone_number`, `cellPhone`. */
function namesPhone(key: string): boolean {
  return normaliseKeyName(key).includes('phone');
}

/** `tenant_email`, `secondary_contact_email`, `email`, `user_email`, `emailId`; the login's `username` is the e-mail. */
function namesEmail(key: string): boolean {
  const name = normaliseKeyName(key);
  return name.includes('email') || name === 'username';
}

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

/** The masked form of a contact field's text, or undefined when the key names no phone or e-mail. */
function maskContactValue(key: string, value: string): string | undefined {
  if (value.includes('***')) return undefined;
  if (namesPhone(key)) return maskPhoneNumber(value);
  if (namesEmail(key)) return maskEmailAddress(value);
  return undefined;
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
  return text.replace(DIGIT_RUN, maskRun);
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

function maskValue(
  key: string | undefined,
  value: unknown,
  depth: number,
  forms: readonly string[],
  contact = true,
): unknown {
  if (depth > 12) return REMOVED;
  const lowerKey = key?.toLowerCase();
  if (lowerKey !== undefined && (isSecretKey(lowerKey) || BARCODE_KEYS.has(lowerKey))) return REMOVED;
  if (typeof value === 'string' && AAMVA_DATA.test(value)) return REMOVED;
  if (typeof value === 'string' && lowerKey !== undefined && LICENCE_KEYS.has(lowerKey))
    return maskLicenceNumber(value);
  if (typeof value === 'string') {
    const masked = contact && lowerKey !== undefined ? maskContactValue(lowerKey, value) : undefined;
    if (masked !== undefined) return masked;
    const cardMasked =
      lowerKey !== undefined && CARD_KEYS.has(lowerKey) ? maskPartialCardNumber(value) : maskCardNumbersInText(value);
    return forms.length === 0 ? cardMasked : removeForms(cardMasked, forms);
  }
  if (typeof value === 'number') {
    if (lowerKey !== undefined && CARD_KEYS.has(lowerKey)) return maskCardNumber(String(value));
    // A card number kept as a number is masked too (an epoch-ms time or a numeric id is not).
    return isCardNumberValue(value) ? maskCardNumber(String(value)) : value;
  }
  if (Array.isArray(value)) return value.map((item) => maskValue(undefined, item, depth + 1, forms, contact));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [childKey, child] of Object.entries(value as Record<string, unknown>)) {
      const shownKey = forms.length === 0 ? childKey : removeForms(childKey, forms);
      out[shownKey] = maskValue(childKey, child, depth + 1, forms, contact);
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
   * Leave phones and e-mails as they are: for what the operator itself keeps (the sandbox's record
   * of a failed rental or a mail it sent), never for a log.
   */
  keepContactDetails?: boolean;
}

/**
 * A deep copy of `value` with card numbers masked, phones and e-mails under their field names
 * masked (maskPhoneNumber, maskEmailAddress), and CVV, expiry, passwords, tokens, keys and the
 * given secret values removed.
 */
export function maskSecrets<T>(value: T, options: MaskOptions = {}): T {
  const typed = removeSecretTypedValues(value);
  return maskValue(undefined, typed, 0, secretForms(options.secretValues ?? []), !options.keepContactDetails) as T;
}

// -- Secret fields: one list for log masking and for speech (speech.ts, kiosk-ui speech/describe.ts) --

/** Field types whose values are secrets whatever the field is called (an operator's `tax_id` of type ssn). */
const SECRET_FIELD_TYPES = new Set(['ssn', 'password']);

/**
 * An SSN by its name: a word of the name (split at separators and camelCase) that begins or ends
 * with "ssn" — `ssn`, `tenant_ssn`, `tenantSSN`, `ssn_last4`, `tenantssn` — but not the "ssn"
 * that runs across words in `businessname`.
 */
function namesSsn(key: string): boolean {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/);
  return words.some((word) => word.startsWith('ssn') || word.endsWith('ssn'));
}

/** Whether a field of this name holds a card number (masked, never removed). */
export function isCardNumberKey(key: string): boolean {
  return CARD_KEYS.has(key.toLowerCase());
}

/** What a field's value may show: nothing (`secret`), a card number's last four (`card-number`), all (`plain`). */
export type FieldSecrecy = 'secret' | 'card-number' | 'plain';

/**
 * The one rule for a field, by its name and type (and, in a page, its autocomplete token): an
 * SSN, CVV, password, expiry, token or key is `secret`; a card number at any length `card-number`.
 */
export function fieldSecrecy(field: { name?: string; type?: string; autocomplete?: string }): FieldSecrecy {
  const { name = '', type = '', autocomplete = '' } = field;
  if (SECRET_FIELD_TYPES.has(type.toLowerCase()) || isSecretKey(name)) return 'secret';
  if (
    ['cc-csc', 'cc-exp', 'cc-exp-month', 'cc-exp-year', 'current-password', 'new-password', 'one-time-code'].includes(
      autocomplete,
    )
  )
    return 'secret';
  if (isCardNumberKey(name) || autocomplete === 'cc-number') return 'card-number';
  return 'plain';
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
 * additional-information sections declare them) has its value removed, and the same name's value
 * anywhere else in the tree too (the sections' `values: {tax_id: ...}`).
 */
function removeSecretTypedValues(value: unknown): unknown {
  const names = new Set<string>();
  const collect = (node: unknown, depth: number): void => {
    if (depth > 12 || node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach((item) => collect(item, depth + 1));
    const record = node as Record<string, unknown>;
    if (
      typeof record.type === 'string' &&
      typeof record.name === 'string' &&
      SECRET_FIELD_TYPES.has(record.type.toLowerCase())
    )
      names.add(record.name);
    Object.values(record).forEach((child) => collect(child, depth + 1));
  };
  collect(value, 0);
  if (names.size === 0) return value;
  const strip = (node: unknown, depth: number): unknown => {
    if (depth > 12 || node === null || typeof node !== 'object') return node;
    if (Array.isArray(node)) return node.map((item) => strip(item, depth + 1));
    const record = node as Record<string, unknown>;
    const typed = typeof record.type === 'string' && SECRET_FIELD_TYPES.has(record.type.toLowerCase());
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

/**
 * Masking of card data before anything is logged or spooled (spec §7 Logging: only the first 4
 * and last 4 digits of a card number may show; CVV and expiry are replaced).
 * Used by the UI before it sends the rental model, and again by the daemon on everything it logs.
 */

/** Field names whose values are secrets and are removed entirely. */
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

/**
 * A run of 12 to 19 digits, optionally split by single spaces or dashes: long enough to be a card
 * number (PANs are 12-19 digits). Shorter runs (zip codes, phone numbers, gate codes) stay readable.
 */
const CARD_RUN = /(?<![0-9])(?:[0-9][ -]?){11,18}[0-9](?![0-9])/g;

/** Already masked: at most 4 digits, at least one '*', at most 4 digits (masking twice keeps it). */
const ALREADY_MASKED = /^[0-9]{0,4}\*+[0-9]{0,4}$/;

/** '4111111111111111' -> '4111********1111'. Non-digits are dropped from the mask. */
export function maskCardNumber(value: string): string {
  if (ALREADY_MASKED.test(value)) return value;
  const digits = value.replace(/[^0-9]/g, '');
  if (digits.length <= 8) return '*'.repeat(digits.length);
  return `${digits.slice(0, 4)}${'*'.repeat(digits.length - 8)}${digits.slice(-4)}`;
}

/** Mask every card-number-like run inside free text. */
export function maskCardNumbersInText(text: string): string {
  return text.replace(CARD_RUN, (run) => maskCardNumber(run));
}

function maskValue(key: string | undefined, value: unknown, depth: number): unknown {
  if (depth > 12) return REMOVED;
  const lowerKey = key?.toLowerCase();
  if (lowerKey !== undefined && (SECRET_KEYS.has(lowerKey) || BARCODE_KEYS.has(lowerKey))) return REMOVED;
  if (typeof value === 'string' && AAMVA_DATA.test(value)) return REMOVED;
  if (typeof value === 'string' && lowerKey !== undefined && LICENCE_KEYS.has(lowerKey))
    return maskLicenceNumber(value);
  if (typeof value === 'string') {
    return lowerKey !== undefined && CARD_KEYS.has(lowerKey) ? maskCardNumber(value) : maskCardNumbersInText(value);
  }
  if (typeof value === 'number') {
    if (lowerKey !== undefined && CARD_KEYS.has(lowerKey)) return maskCardNumber(String(value));
    // A whole number of 12 or more digits may be a card number kept as a number: mask it too.
    return Number.isInteger(value) && Math.abs(value) >= 1e11 ? maskCardNumber(String(value)) : value;
  }
  if (Array.isArray(value)) return value.map((item) => maskValue(undefined, item, depth + 1));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [childKey, child] of Object.entries(value as Record<string, unknown>)) {
      out[childKey] = maskValue(childKey, child, depth + 1);
    }
    return out;
  }
  return value;
}

/** A deep copy of `value` with card numbers masked and CVV, expiry and passwords removed. */
export function maskSecrets<T>(value: T): T {
  return maskValue(undefined, value, 0) as T;
}

import { isCardNumberValue, maskCardNumber, maskCardNumbersInText } from './masking-cards.js';
import { maskedField, maskFieldsInText, removeTypedValues } from './masking-fields.js';
import { maskEmailsInText, maskPhonesInUrl } from './masking-personal.js';
import { removeForms, REMOVED, secretForms } from './masking-secret-values.js';
import { fieldSecrecy } from './secret-fields.js';

/**
 * What a log may hold: a deep copy of any value with every secret and personal detail masked
 * (maskSecrets), and a request URL as a log shows it (maskUrlForLog), from the rules of the other
 * masking files. Part of the log masking (masking.ts, its public entry).
 */

/** The raw licence barcode (AAMVA data), under whatever key it is found. */
// eslint-disable-next-line no-control-regex -- the AAMVA header is made of control characters
const AAMVA_DATA = /^@\n?\x1e?\r?ANSI |\x1e\rANSI /;

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
 * A request URL as a log may show it: phones in it reduced to their last four digits, e-mails
 * masked, and each query parameter masked by its name like a field (`user_token=[removed]`,
 * `gatecode=[removed]`, `email=t***@example.com`).
 */
export function maskUrlForLog(url: string): string {
  return maskText(maskPhonesInUrl(url), true);
}

/**
 * Which fields hold what, by their names: the one rule (`fieldSecrecy`) that log masking
 * (masking.ts), speech (speech.ts, kiosk-ui speech/describe.ts) and the daemon's outbox (no card
 * data on disk) read. Names are matched after normalising (lower case, letters and digits only) or
 * word by word (split at separators and camelCase), because operators and developers invent new
 * names for the same fields.
 */

/** 'Card-CVV' -> 'cardcvv', 'apiKey' -> 'apikey'. */
export function normaliseKeyName(key: string): string {
  return key.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** 'mailing_address1' -> ['mailing', 'address1'], 'accessCode' -> ['access', 'code']. */
function wordsOf(key: string): string[] {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '');
}

/**
 * Field names whose values are secrets and are removed entirely, besides any name holding one of
 * SECRET_NAME_PARTS.
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
 * `Authorization`. Matching parts rather than names, because a 3-digit CVV is too short for the
 * card-number rule.
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

/**
 * An SSN by its name: a word of the name that begins or ends with "ssn" — `ssn`, `tenant_ssn`,
 * `tenantSSN`, `ssn_last4`, `tenantssn` — but not the "ssn" that runs across words in
 * `businessname`.
 */
function namesSsn(key: string): boolean {
  return wordsOf(key).some((word) => word.startsWith('ssn') || word.endsWith('ssn'));
}

/**
 * A one-time code by its name: `otp`, `otp_code`, `otpCode`, `one_time_code`, `verification_code`,
 * `sms_code`. A word, not a part: "otp" runs across the words of `footprint`.
 */
function namesOneTimeCode(key: string): boolean {
  const name = normaliseKeyName(key);
  if (['onetimecode', 'onetimepasscode', 'verificationcode', 'smscode'].some((part) => name.includes(part)))
    return true;
  return wordsOf(key).some((word) => word === 'otp' || word === 'otps' || /^otp[0-9]*$/.test(word));
}

/** A card's security code by its name: `cvv`, `cc_cvv`, `cvc2`, `securityCode`, `card_code`, `csc`. */
export function namesCardSecurityCode(key: string): boolean {
  const name = normaliseKeyName(key);
  return (
    ['cvv', 'cvc', 'securitycode', 'cardcode', 'cardverification'].some((part) => name.includes(part)) ||
    name === 'csc' ||
    name === 'cccsc'
  );
}

/**
 * A card's expiry by its name: `cc_exp_month`, `exp_year`, `expiry`, `card_expiry`, `expiryDate`,
 * `expiration_month`, `ccExp`. A bare `expiration` or `expires_at` (a hold's, a session's) is not.
 */
export function namesCardExpiry(key: string): boolean {
  const name = normaliseKeyName(key);
  return (
    /^(cc|card|creditcard)(exp|expiry|expiration)(date|month|year|mm|yy|yyyy|mmyy)?$/.test(name) ||
    /^(exp|expiry|expiration)(date|month|year|mm|yy|yyyy|mmyy)$/.test(name) ||
    name === 'expiry'
  );
}

/** Whether a field of this name holds a secret that is removed whole. */
export function isSecretKey(key: string): boolean {
  const lower = key.toLowerCase();
  if (SECRET_KEYS.has(lower) || BARCODE_KEYS.has(lower)) return true;
  const name = normaliseKeyName(lower);
  return (
    SECRET_NAME_PARTS.some((part) => name.includes(part)) ||
    namesSsn(key) ||
    namesOneTimeCode(key) ||
    namesCardSecurityCode(key) ||
    namesCardExpiry(key)
  );
}

/** Field names that hold a card number: shown as first 4 + last 4 at most. */
const CARD_KEYS = new Set(['cc_number', 'card_number', 'cardnumber', 'number']);

/** Whether a field of this name holds a card number (masked, never removed). */
export function isCardNumberKey(key: string): boolean {
  const name = normaliseKeyName(key);
  return CARD_KEYS.has(key.toLowerCase()) || name.endsWith('cardnumber') || name === 'ccnumber' || name === 'pan';
}

/** Driver licence numbers: only the last four characters are ever logged. */
export const LICENCE_KEYS = new Set(['driving_lis_no', 'licence_number', 'license_number', 'dl_number']);

/** The raw licence barcode (AAMVA data) is never logged, under any key. */
const BARCODE_KEYS = new Set(['barcode', 'pdf417', 'id_scan_data']);

/** `tenant_phone`, `secondary_contact_phone`, `phone_number`, `resend_phone_number`, `cellPhone`. */
export function namesPhone(key: string): boolean {
  return normaliseKeyName(key).includes('phone');
}

/** `tenant_email`, `secondary_contact_email`, `email`, `user_email`, `emailId`; the login's `username` is the e-mail. */
export function namesEmail(key: string): boolean {
  const name = normaliseKeyName(key);
  return name.includes('email') || name === 'username';
}

/** Words beside "address" that make it a machine's address, not a person's (`remoteAddress`, `ip_address`). */
const NETWORK_WORDS = new Set(['ip', 'remote', 'local', 'mac', 'server', 'host', 'listen', 'bind', 'socket']);

/**
 * A postal address by its name: a word that begins with "address" — `mailing_address1`,
 * `secondary_contact_address2`, `billing_address1`, `military_address1`, `address`,
 * `facility_address` — but not a network address.
 */
function namesAddress(key: string): boolean {
  const words = wordsOf(key);
  return words.some((word) => word.startsWith('address')) && !words.some((word) => NETWORK_WORDS.has(word));
}

/**
 * A code that opens a door or a gate: `gatecode`, `gate_code`, `accessCode`, `access_code`,
 * `passcode`, `keypad_code`, `noke_pin`, `pin`.
 */
function namesAccessCode(key: string): boolean {
  const name = normaliseKeyName(key);
  if (
    ['gatecode', 'accesscode', 'passcode', 'keypadcode', 'entrycode', 'doorcode', 'lockcode', 'pincode'].some((part) =>
      name.includes(part),
    )
  )
    return true;
  return wordsOf(key).some((word) => word === 'pin');
}

/**
 * Free text a visitor typed: `notes`, `facility_notes`, `comment`, `remarks`, `special_instructions`,
 * `other_vehicle_describe`, `feedback`. By word, so `notEnrolled` is not a note.
 */
function namesFreeText(key: string): boolean {
  if (normaliseKeyName(key).includes('freetext')) return true;
  return wordsOf(key).some((word) =>
    ['note', 'comment', 'remark', 'instruction', 'describe', 'feedback'].some((start) => word.startsWith(start)),
  );
}

/**
 * Whether a field of this name holds a person's details that the visitor sees and speech may say
 * but no log shows: an address, a gate or access code, free text, a phone, an e-mail, a licence
 * number.
 */
export function isPersonalKey(key: string): boolean {
  return (
    namesAddress(key) ||
    namesAccessCode(key) ||
    namesFreeText(key) ||
    namesPhone(key) ||
    namesEmail(key) ||
    LICENCE_KEYS.has(key.toLowerCase())
  );
}

/** Field types whose values are secrets whatever the field is called (an operator's `tax_id` of type ssn). */
export const SECRET_FIELD_TYPES = new Set(['ssn', 'password']);

/** Field types whose values are free text whatever the field is called (an operator's textarea). */
export const PERSONAL_FIELD_TYPES = new Set(['textarea']);

const SECRET_AUTOCOMPLETE = new Set([
  'cc-csc',
  'cc-exp',
  'cc-exp-month',
  'cc-exp-year',
  'current-password',
  'new-password',
  'one-time-code',
]);

const PERSONAL_AUTOCOMPLETE = new Set([
  'street-address',
  'address-line1',
  'address-line2',
  'address-line3',
  'tel',
  'tel-national',
  'email',
]);

/**
 * What a field's value may show: nothing (`secret`: CVV, expiry, password, SSN, one-time code,
 * token, key), a card number's first and last four (`card-number`), what the visitor sees and
 * speech says but a log never shows in full (`personal`: addresses, gate and access codes, free
 * text, phones, e-mails, licence numbers), or all (`plain`).
 */
export type FieldSecrecy = 'secret' | 'card-number' | 'personal' | 'plain';

/**
 * Secrecy by name alone, remembered: logs mask every line by it, and their few hundred field names
 * repeat on every line (the rules above cost microseconds a name). Bounded, for names that keep
 * changing (a key made of an id).
 */
const BY_NAME = new Map<string, FieldSecrecy>();
const BY_NAME_LIMIT = 5000;

function secrecyOf(name: string, type: string, autocomplete: string): FieldSecrecy {
  if (SECRET_FIELD_TYPES.has(type.toLowerCase()) || isSecretKey(name) || SECRET_AUTOCOMPLETE.has(autocomplete))
    return 'secret';
  if (isCardNumberKey(name) || autocomplete === 'cc-number') return 'card-number';
  if (PERSONAL_FIELD_TYPES.has(type.toLowerCase()) || isPersonalKey(name) || PERSONAL_AUTOCOMPLETE.has(autocomplete))
    return 'personal';
  return 'plain';
}

/** The one rule for a field, by its name and type (and, in a page, its autocomplete token). */
export function fieldSecrecy(field: { name?: string; type?: string; autocomplete?: string }): FieldSecrecy {
  const { name = '', type = '', autocomplete = '' } = field;
  if (type !== '' || autocomplete !== '') return secrecyOf(name, type, autocomplete);
  let secrecy = BY_NAME.get(name);
  if (secrecy === undefined) {
    secrecy = secrecyOf(name, '', '');
    if (BY_NAME.size >= BY_NAME_LIMIT) BY_NAME.clear();
    BY_NAME.set(name, secrecy);
  }
  return secrecy;
}

/**
 * A person's name by its field name: `tenant_first_name`, `last_name`, `firstName`, `middle_name`,
 * `full_name`, `name_on_card`, `secondary_contact_name`; by autocomplete `name`, `given-name`,
 * `family-name`, `cc-name`. Not `business_name`, `unit_name` or a document's `display_name`.
 */
export function namesPerson(key: string, autocomplete = ''): boolean {
  if (['name', 'given-name', 'family-name', 'additional-name', 'cc-name'].includes(autocomplete)) return true;
  const words = wordsOf(key);
  const name = normaliseKeyName(key);
  if (name.includes('nameoncard') || name.includes('cardholder')) return true;
  return (
    words.some((word) => ['name', 'firstname', 'lastname', 'fullname'].includes(word)) &&
    (words.some((word) => ['first', 'last', 'middle', 'full', 'firstname', 'lastname', 'fullname'].includes(word)) ||
      words.includes('contact'))
  );
}

/**
 * Whether a field's value is private in speech (docs/accessibility.md, "Private listening"): said
 * through headphones, or through the speaker only once the visitor asks. By the one rule: a
 * `personal` field (address, gate code, phone, e-mail, licence, free text), a card number's digits,
 * or a person's name. A `secret` value is never said at all (its length only).
 */
export function isPrivateToSpeak(field: { name?: string; type?: string; autocomplete?: string }): boolean {
  const secrecy = fieldSecrecy(field);
  return secrecy === 'personal' || secrecy === 'card-number' || namesPerson(field.name ?? '', field.autocomplete);
}

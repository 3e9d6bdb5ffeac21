import { parse, type ParsedLicense } from 'aamva-parser';
import { maskLicenceNumber, type IdScanFields, type IdScanOutcome } from '@kiosk/shared-types';

/**
 * A driver licence barcode (AAMVA DL/ID) read into the fields the kiosk's forms take, with the
 * checks a rental needs: not expired, 18 or older. The raw data stays in this call: it is never
 * logged or kept; a licence number leaves only masked (summary()).
 */
export const ADULT_AGE = 18;

export const ID_SCAN_MESSAGES = {
  expired: 'This driver license has expired. Please use a valid license or enter your details by hand.',
  'under-18': 'You must be 18 or older to rent a storage unit.',
  unreadable: 'The license could not be read. Please scan it again or enter your details by hand.',
  'scanner-down': 'The license scanner is not available. Please enter your details by hand.',
} as const;

/** AAMVA data starts with the compliance indicator '@' and the file type 'ANSI ' (or 'AAMVA' before 2000). */
// eslint-disable-next-line no-control-regex -- the AAMVA header is made of control characters
const HEADER = /^@\n?\x1e?\r?(ANSI |AAMVA)/;
/** A scan is a few hundred bytes; anything far larger is not a licence. */
const MAX_LENGTH = 4096;

function title(value: string): string {
  return value
    .toLowerCase()
    .replace(/(^|[\s'-])(\p{L})/gu, (_match, space: string, letter: string) => space + letter.toUpperCase());
}

function formDate(value: Date): string {
  return `${String(value.getMonth() + 1).padStart(2, '0')}/${String(value.getDate()).padStart(2, '0')}/${value.getFullYear()}`;
}

/** Canadian licences write dates CCYYMMDD; the parser reads every date as MMDDCCYY. */
function canadianDate(data: string, element: string): Date | null {
  const match = new RegExp(`${element}(\\d{4})(\\d{2})(\\d{2})`).exec(data);
  if (!match) return null;
  const value = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(value.getTime()) ? null : value;
}

function ageOn(birth: Date, today: Date): number {
  let age = today.getFullYear() - birth.getFullYear();
  const beforeBirthday =
    today.getMonth() < birth.getMonth() || (today.getMonth() === birth.getMonth() && today.getDate() < birth.getDate());
  if (beforeBirthday) age -= 1;
  return age;
}

function zip(value: string, canadian: boolean): string {
  const trimmed = value.trim();
  return canadian ? trimmed.toUpperCase() : trimmed.replace(/\D/g, '').slice(0, 5);
}

function unreadable(): IdScanOutcome {
  return { ok: false, problem: 'unreadable', message: ID_SCAN_MESSAGES.unreadable };
}

export function readLicence(data: string, today = new Date()): IdScanOutcome {
  if (data.length > MAX_LENGTH || !HEADER.test(data)) return unreadable();
  let licence: ParsedLicense;
  try {
    licence = parse(data);
  } catch {
    return unreadable();
  }
  const canadian = licence.countryCode === 'CAN' || licence.country === 'Canada';
  const birth = canadian ? canadianDate(data, 'DBB') : (licence.dateOfBirth ?? null);
  const expiry = canadian ? canadianDate(data, 'DBA') : (licence.expirationDate ?? null);
  const { firstName, lastName, driversLicenseId, state } = licence;
  if (!firstName || !lastName || !driversLicenseId || !state || !birth || !expiry) return unreadable();
  const startOfToday = new Date(today.getFullYear(), today.getMonth(), today.getDate());
  if (expiry < startOfToday) return { ok: false, problem: 'expired', message: ID_SCAN_MESSAGES.expired };
  if (ageOn(birth, today) < ADULT_AGE) return { ok: false, problem: 'under-18', message: ID_SCAN_MESSAGES['under-18'] };
  const fields: IdScanFields = {
    first_name: title(firstName.trim()),
    middle_name: title((licence.middleName ?? '').trim()),
    last_name: title(lastName.trim()),
    address: title((licence.streetAddress ?? '').trim()),
    city: title((licence.city ?? '').trim()),
    state: state.trim().toUpperCase(),
    zip: zip(licence.postalCode ?? '', canadian),
    date_of_birth: formDate(birth),
    licence_number: driversLicenseId.trim(),
    issuing_state: state.trim().toUpperCase(),
    expiry: formDate(expiry),
  };
  return { ok: true, fields };
}

/** What a log may say about a scan: the outcome, the issuing state and the masked number. */
export function summary(outcome: IdScanOutcome): Record<string, string> {
  if (!outcome.ok) return { outcome: outcome.problem };
  return {
    outcome: 'read',
    issuing_state: outcome.fields.issuing_state,
    licence_number: maskLicenceNumber(outcome.fields.licence_number),
  };
}

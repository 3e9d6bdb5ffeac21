import {
  DATE_FORMAT,
  IDENTITY,
  type DossierVerification,
  type IdentityScore,
  type LicenceScan,
  type VerificationState,
} from '@kiosk/shared-types';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import type { RentalModel } from '../../../models/rental-model';
import { maskPhone } from '../../../shared/phone';

dayjs.extend(customParseFormat);

/**
 * Identity verification as plain functions (rental spec §4 "Identity verification"): the
 * confidence check, the licence scan turned into the info form, the provider token's lifetime.
 */

/** Confidence is 10 times the rounded overall score; an unreadable score counts as 0. */
export function confidenceOf(score: IdentityScore | null | undefined): number {
  const value = Number.parseFloat(score?.overall?.value ?? '');
  return Number.isFinite(value) ? Math.round(value) * IDENTITY.confidenceMultiplier : 0;
}

/** The confidence check (threshold IDENTITY.confidencePassAt: ours, see docs/sandbox.md). */
export function passesConfidence(confidence: number): boolean {
  return confidence >= IDENTITY.confidencePassAt;
}

/** '2030-03-14' (or already '03/14/2030') -> '03/14/2030'; '' when it is neither. */
export function toUsDate(value: string | null | undefined): string {
  if (!value) return '';
  const us = dayjs(value, DATE_FORMAT, true);
  if (us.isValid()) return us.format(DATE_FORMAT);
  const iso = dayjs(value.slice(0, 10), 'YYYY-MM-DD', true);
  return iso.isValid() ? iso.format(DATE_FORMAT) : '';
}

/** Only digits, at most 5 (zip codes are truncated to 5, rental §5). */
function zip5(value: string): string {
  return value.replace(/\D/g, '').slice(0, 5);
}

/** The info form's fields a licence scan fills: names, mailing address, driver licence. */
export function infoFromScan(scan: LicenceScan): Partial<RentalModel> {
  return {
    tenant_first_name: scan.name.firstName,
    tenant_last_name: scan.name.lastName,
    mailing_address1: scan.address.street,
    mailing_city: scan.address.city,
    mailing_state: scan.address.state,
    mailing_zip: zip5(scan.address.postalCode),
    driving_lis_no: scan.number,
    driving_lis_state: scan.state,
    driving_lis_expiry: toUsDate(scan.expiryDate),
  };
}

/** The verification data kept on the dossier (rental §3 "Dossier"). */
export function dossierVerification(
  scan: LicenceScan,
  confidence: number,
  imageFileId: string | null,
): DossierVerification {
  const passed = passesConfidence(confidence);
  const { street, city, state, postalCode } = scan.address;
  return {
    state: passed ? 'verified' : 'failed',
    authenticated: passed,
    probability: confidence,
    name: scan.name.fullName || `${scan.name.firstName} ${scan.name.lastName}`.trim(),
    address: `${street}, ${city}, ${state} ${postalCode}`,
    documentNumber: scan.number,
    dateOfExpiry: scan.expiryDate,
    dateOfBirth: scan.dateOfBirth,
    image: imageFileId,
  };
}

/** What a verification state tells the kiosk (rental §4: "Dossier polling checks a 'received' state"). */
export type ReceivedCheck = 'received' | 'failed' | 'pending';

/**
 * 'received' (the verification service has the submission) or 'verified' goes on; 'failed' stops
 * the attempt; 'created', 'sent' and no state yet mean the service has not got it: read again.
 */
export function receivedCheck(state: VerificationState | null | undefined): ReceivedCheck {
  if (state === 'received' || state === 'verified') return 'received';
  if (state === 'failed') return 'failed';
  return 'pending';
}

/** The identity-provider session as the kiosk keeps it (the token lives 15 minutes). */
export interface ProviderSession {
  token: string;
  /** Epoch ms after which the token is not used again. */
  expiresAt: number;
  interviewId: string;
  clientId: string;
  /** The phone-side onboarding link. */
  url: string;
}

export function isSessionFresh(session: ProviderSession | null, now: number): session is ProviderSession {
  return session !== null && session.expiresAt > now;
}

/** Reads a stored provider session; anything malformed counts as none. */
export function parseProviderSession(text: string | null): ProviderSession | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<ProviderSession>;
    if (
      typeof value.token === 'string' &&
      typeof value.expiresAt === 'number' &&
      typeof value.interviewId === 'string' &&
      typeof value.clientId === 'string' &&
      typeof value.url === 'string'
    ) {
      return value as ProviderSession;
    }
  } catch {
    // not JSON: ignore it
  }
  return null;
}

/** 'data:image/svg+xml;base64,...' -> its bytes and type (for the multipart upload). */
export function dataUrlToBlob(dataUrl: string): Blob | null {
  const match = /^data:([^;,]+)(;base64)?,(.*)$/s.exec(dataUrl);
  if (!match) return null;
  const [, type, base64, payload = ''] = match;
  if (base64) {
    const binary = atob(payload);
    const bytes = new Uint8Array(binary.length);
    for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
    return new Blob([bytes], { type });
  }
  return new Blob([decodeURIComponent(payload)], { type });
}

/** 'image/svg+xml' -> 'svg', 'image/jpeg' -> 'jpeg'. */
export function extensionOf(contentType: string): string {
  const subtype = contentType.split('/')[1] ?? 'bin';
  return subtype.split('+')[0] ?? 'bin';
}

/** A logged-in visitor's saved details as info fields (UserDetails of the account). */
export interface SavedDetails {
  email: string;
  first_name: string;
  last_name: string;
  phone: string;
  address: { address1: string; address2: string; city: string; stateCode: string; postalCode: string };
}

export function infoFromSavedDetails(details: SavedDetails): Partial<RentalModel> {
  return {
    tenant_email: details.email,
    tenant_first_name: details.first_name,
    tenant_last_name: details.last_name,
    tenant_phone: maskPhone(details.phone),
    mailing_address1: details.address?.address1 ?? '',
    mailing_address2: details.address?.address2 ?? '',
    mailing_city: details.address?.city ?? '',
    mailing_state: details.address?.stateCode ?? '',
    mailing_zip: zip5(details.address?.postalCode ?? ''),
  };
}

/** Only the fields of `fill` that are still empty in `model`: what the visitor typed wins. */
export function onlyEmpty(model: Partial<RentalModel>, fill: Partial<RentalModel>): Partial<RentalModel> {
  const patch: Partial<RentalModel> = {};
  for (const [key, value] of Object.entries(fill) as [keyof RentalModel, unknown][]) {
    if (!model[key] && value) Object.assign(patch, { [key]: value });
  }
  return patch;
}

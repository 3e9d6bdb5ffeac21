import { randomBytes, randomUUID } from 'node:crypto';
import {
  IDENTITY,
  type Dossier,
  type DossierVerification,
  type LicenceScan,
  type OnboardingStatus,
  type VerificationState,
  type VerifiedOwnerItem,
} from '@kiosk/shared-types';
import { DEMO_IDENTITY, type DemoLicence } from './demo-facility.js';
import { SandboxError } from './sandbox-error.js';

/**
 * The identity area's part of the sandbox world (rental spec §4 "Identity verification", §7
 * "Identity and documents"): dossiers, identity-provider sessions that the phone-side page
 * finishes, verification requests, uploaded files. Lives in SandboxState.identity and is rebuilt
 * by its reset(). See docs/sandbox.md "Identity".
 */

export type OnboardingOutcome = 'pass' | 'fail';

/** What the verification call can be told to answer (POST /__sandbox/identity/verifications). */
export const SUBMIT_ANSWERS = ['received', 'sent', 'failed'] as const;
export type SubmitAnswer = (typeof SUBMIT_ANSWERS)[number];

/** A dossier's verification before the kiosk writes its own result: only the state is known. */
const UNCHECKED_VERIFICATION: DossierVerification = {
  state: 'created',
  authenticated: false,
  probability: 0,
  name: '',
  address: '',
  documentNumber: '',
  dateOfExpiry: '',
  dateOfBirth: '',
  image: null,
};

export interface IdentitySessionRecord {
  interview_id: string;
  client_id: string;
  token: string;
  /** Epoch ms (sandbox clock); the token is refused after this. */
  token_expires_at: number;
  facility_id: string;
  status: OnboardingStatus;
  outcome: OnboardingOutcome | null;
  /** The phone the link was texted to, once an identity-verification call named this session. */
  phone: string | null;
}

export interface IdvRecord {
  idvId: string;
  owner_id: string;
  facility_id: string;
  dossierId: string | null;
  email: string;
  phone: string;
  device: string;
  link: string;
  state: VerificationState;
  /** What the kiosk submitted to verify (parsed JSON), null until then. */
  payload: unknown;
}

export interface FileRecord {
  file_id: string;
  owner_id: string;
  facility_id: string;
  content_type: string;
  file_name: string;
  file_type: string;
  attributes: unknown;
  /** Must come back in the multipart form (like a signed upload policy). */
  signature: string;
  data: Buffer | null;
}

export function digitsOf(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
}

export function licenceScan(licence: DemoLicence): LicenceScan {
  return {
    name: {
      firstName: licence.first_name,
      lastName: licence.last_name,
      fullName: `${licence.first_name} ${licence.last_name}`,
    },
    address: { street: licence.street, city: licence.city, state: licence.state, postalCode: licence.postal_code },
    state: licence.issuing_state,
    number: licence.number,
    issueDate: licence.issue_date,
    expiryDate: licence.expiry_date,
    dateOfBirth: licence.date_of_birth,
  };
}

/** Relative paths of the pages the sandbox serves for identity (made absolute on the way out). */
export const IDENTITY_PAGES = {
  onboard: (interviewId: string) => `/pages/identity/onboard/${encodeURIComponent(interviewId)}`,
  upload: (fileId: string) => `/pages/identity/uploads/${encodeURIComponent(fileId)}`,
  download: (fileId: string) => `/pages/identity/files/${encodeURIComponent(fileId)}`,
} as const;

export class IdentityWorld {
  dossiers = new Map<string, Dossier>();
  sessions = new Map<string, IdentitySessionRecord>();
  idvs = new Map<string, IdvRecord>();
  files = new Map<string, FileRecord>();
  /** When true every multipart upload is refused (tests of 'IDV FILE UPLOAD FAILURE'). */
  uploadsFail = false;
  /**
   * The state a verification takes when the kiosk submits it, and answers: 'received' (the
   * service has it), 'failed' (refused), or 'sent' (not received yet: the kiosk reads the dossier
   * until POST /__sandbox/identity/verifications/settle moves it on).
   */
  verifyAnswer: SubmitAnswer = 'received';

  constructor(private readonly now: () => number) {}

  reset(): void {
    this.dossiers = new Map();
    this.sessions = new Map();
    this.idvs = new Map();
    this.files = new Map();
    this.uploadsFail = false;
    this.verifyAnswer = 'received';
  }

  // -- DOSSIERS -----------------------------------------------------------------------------------

  createDossier(input: {
    owner_id: string;
    facility_id: string;
    created_time?: string;
    updated_time?: string;
    trace_id?: string;
  }): Dossier {
    const at = new Date(this.now()).toISOString();
    const dossier: Dossier = {
      dossierId: randomUUID(),
      trace_id: input.trace_id || null,
      created_time: input.created_time || at,
      updated_time: input.updated_time || at,
      owner_id: input.owner_id,
      facility_id: input.facility_id,
      rental: null,
      verification: null,
      images: null,
      OTPToken: null,
      idvId: null,
      phone: null,
    };
    this.dossiers.set(dossier.dossierId, dossier);
    return dossier;
  }

  dossier(dossierId: string): Dossier {
    const found = this.dossiers.get(dossierId);
    if (!found) throw new SandboxError(404, 'DossierNotFound', `No dossier with id "${dossierId}".`);
    return found;
  }

  /** Merge the given parts; ids and creation data never change. */
  updateDossier(dossierId: string, patch: Partial<Dossier>): Dossier {
    const dossier = this.dossier(dossierId);
    const { dossierId: _id, owner_id: _owner, facility_id: _facility, created_time: _created, ...rest } = patch;
    Object.assign(dossier, rest, { updated_time: patch.updated_time || new Date(this.now()).toISOString() });
    return dossier;
  }

  // -- IDENTITY-PROVIDER SESSIONS -----------------------------------------------------------------

  createSession(facilityId: string): IdentitySessionRecord {
    const session: IdentitySessionRecord = {
      interview_id: `iv-${randomBytes(6).toString('hex')}`,
      client_id: DEMO_IDENTITY.client_id,
      token: randomBytes(18).toString('base64url'),
      token_expires_at: this.now() + IDENTITY.tokenLifetimeMs,
      facility_id: facilityId,
      status: 'UNKNOWN',
      outcome: null,
      phone: null,
    };
    this.sessions.set(session.interview_id, session);
    return session;
  }

  /** The session a provider token belongs to; refused when missing, unknown or older than 15 minutes. */
  sessionForToken(token: string | undefined): IdentitySessionRecord {
    if (!token) throw new SandboxError(401, 'IdentityTokenMissing', 'The identity-provider token is missing.');
    const session = [...this.sessions.values()].find((candidate) => candidate.token === token);
    if (!session) throw new SandboxError(401, 'IdentityTokenInvalid', 'The identity-provider token is not valid.');
    if (session.token_expires_at <= this.now())
      throw new SandboxError(401, 'IdentityTokenExpired', 'The identity-provider token has expired.');
    return session;
  }

  session(interviewId: string): IdentitySessionRecord | undefined {
    return this.sessions.get(interviewId);
  }

  /** The phone page was completed: the status moves on and the outcome is fixed. */
  completeOnboarding(interviewId: string, outcome: OnboardingOutcome): IdentitySessionRecord | undefined {
    const session = this.sessions.get(interviewId);
    if (!session) return undefined;
    const failsByPhone =
      session.phone !== null && (DEMO_IDENTITY.fail_phones as readonly string[]).includes(session.phone);
    session.outcome = failsByPhone ? 'fail' : outcome;
    session.status = 'ONBOARDING_FINISHED';
    return session;
  }

  /** Opening the phone page counts as the ID step starting. */
  markOpened(interviewId: string): void {
    const session = this.sessions.get(interviewId);
    if (session && session.status === 'UNKNOWN') session.status = 'ID_VALIDATION_FINISHED';
  }

  // -- VERIFICATION REQUESTS ----------------------------------------------------------------------

  createIdv(input: Omit<IdvRecord, 'idvId' | 'state' | 'payload'>): IdvRecord {
    const record: IdvRecord = {
      ...input,
      idvId: `idv-${randomBytes(6).toString('hex')}`,
      state: 'sent',
      payload: null,
    };
    this.idvs.set(record.idvId, record);
    const interviewId = interviewIdInLink(input.link);
    const session = interviewId ? this.sessions.get(interviewId) : undefined;
    if (session) session.phone = digitsOf(input.phone);
    if (input.dossierId && this.dossiers.has(input.dossierId)) {
      this.updateDossier(input.dossierId, { idvId: record.idvId, phone: input.phone });
    }
    return record;
  }

  idv(idvId: string): IdvRecord {
    const found = this.idvs.get(idvId);
    if (!found) throw new SandboxError(404, 'VerificationNotFound', `No identity verification with id "${idvId}".`);
    return found;
  }

  /**
   * The kiosk submitted the scan, score and files: the verification takes the state verifyAnswer
   * says ('received' unless a test chose otherwise), and so does its dossier's verification.
   */
  submit(idvId: string, payload: unknown): IdvRecord {
    const record = this.idv(idvId);
    record.payload = payload;
    this.setState(record, this.verifyAnswer);
    return record;
  }

  /** Every submitted verification still waiting ('sent') takes `state`, on its dossier too. */
  settle(state: 'received' | 'failed'): IdvRecord[] {
    const waiting = [...this.idvs.values()].filter((record) => record.payload !== null && record.state === 'sent');
    for (const record of waiting) this.setState(record, state);
    return waiting;
  }

  private setState(record: IdvRecord, state: VerificationState): void {
    record.state = state;
    const dossier = record.dossierId ? this.dossiers.get(record.dossierId) : undefined;
    if (dossier) {
      dossier.verification = { ...(dossier.verification ?? UNCHECKED_VERIFICATION), state };
      dossier.updated_time = new Date(this.now()).toISOString();
    }
  }

  // -- FILES --------------------------------------------------------------------------------------

  createFile(input: Omit<FileRecord, 'file_id' | 'signature' | 'data'>): FileRecord {
    const record: FileRecord = {
      ...input,
      file_id: `file-${randomBytes(6).toString('hex')}`,
      signature: randomBytes(12).toString('hex'),
      data: null,
    };
    this.files.set(record.file_id, record);
    return record;
  }

  file(fileId: string): FileRecord | undefined {
    return this.files.get(fileId);
  }

  // -- EARLIER VERIFICATIONS ----------------------------------------------------------------------

  ownerItems(email: string): VerifiedOwnerItem[] {
    const wanted = email.trim().toLowerCase();
    return DEMO_IDENTITY.verified_owners
      .filter((owner) => owner.email === wanted)
      .map((owner, index) => ({
        item_id: `verified-${index + 1}`,
        email: owner.email,
        verified: true,
        verified_at: owner.verified_at,
        phone: owner.phone,
        licence: licenceScan(owner.licence),
        dl_front_url: `/pages/identity/licences/${encodeURIComponent(owner.email)}.svg`,
      }));
  }
}

/** The interview id at the end of an onboarding link ('.../onboard/iv-1234'). */
export function interviewIdInLink(link: string): string | null {
  const match = /\/onboard\/([^/?#]+)/.exec(link);
  return match ? decodeURIComponent(match[1]!) : null;
}

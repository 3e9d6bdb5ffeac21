/**
 * Identity verification (rental spec §3 "Dossier", §4 "Identity verification", §7 "Identity and
 * documents"): the dossier, the identity-provider session, the licence scan and the file upload.
 * Where the spec leaves a shape out, see docs/sandbox.md "Identity".
 */

/** Result of POST owners/{owner}/facilities/{facility}/dossiers/. */
export interface DossierCreated {
  dossier_id: string;
}

/** The tenant as the dossier's rental records it (§3 tenantInfo). */
export interface DossierTenantInfo {
  contacts: {
    email: string;
    first_name: string;
    last_name: string;
    move_in_date: string;
    type: 'primary';
    phones: { number: string; type: 'cell' }[];
  }[];
  driversLicense: { number: string; state: string; expiry: string } | null;
}

export interface DossierRental {
  space: string;
  costs: unknown[];
  discountIds: string[];
  unit_no: string;
  moveinDate: string;
  paymentAmount: string;
  insuranceId: number | null;
  is_rental_success: boolean;
  tenantInfo: DossierTenantInfo | null;
}

/**
 * Where a verification stands: created (dossier only), sent (text with the link sent),
 * received (the verification service received the submission), verified or failed.
 */
export type VerificationState = 'created' | 'sent' | 'received' | 'verified' | 'failed';

/** Verification data kept on the dossier (§3). */
export interface DossierVerification {
  state: VerificationState;
  authenticated: boolean;
  /** The confidence, 0-100 (10 x the rounded overall score). */
  probability: number;
  name: string;
  address: string;
  documentNumber: string;
  /** YYYY-MM-DD */
  dateOfExpiry: string;
  /** YYYY-MM-DD */
  dateOfBirth: string;
  /** File id of the licence front. */
  image: string | null;
}

/** File ids of the uploaded images. */
export interface DossierImages {
  dl_front: string | null;
  selfie: string | null;
}

export interface Dossier {
  dossierId: string;
  trace_id: string | null;
  created_time: string;
  updated_time: string;
  owner_id: string;
  facility_id: string;
  rental: DossierRental | null;
  verification: DossierVerification | null;
  images: DossierImages | null;
  OTPToken: string | null;
  idvId: string | null;
  phone: string | null;
}

/** Result of POST .../identity-verification?sendNotification=... */
export interface IdentityVerificationCreated {
  idvId: string;
}

/** Result of POST .../identity-verification/{id}/verify. */
export interface IdentityVerifyResult {
  idvId: string;
  state: VerificationState;
}

/** Result of GET generate-incode-session/. */
export interface IdentitySession {
  /** The phone-side onboarding page the text links to. */
  url: string;
  interview_id: string;
  clientId: string;
  /** Identity-provider token: sent back in IDENTITY_TOKEN_HEADER on the session calls. */
  token: string;
}

/** Result of GET get-existing-onboarding-url/: the session's link, to send it again. */
export interface ExistingOnboarding {
  url: string;
  interview_id: string;
}

/** Provider statuses, in the order a session moves through them. */
export type OnboardingStatus = 'UNKNOWN' | 'ID_VALIDATION_FINISHED' | 'ONBOARDING_FINISHED';

export interface IdentityStatusResult {
  onboardingStatus: OnboardingStatus;
}

/** Result of GET get-score/: `overall.value` is a decimal text on a 0-10 scale. */
export interface IdentityScore {
  overall: { value: string; status: 'OK' | 'FAIL' };
}

/** Licence scan data (§3): name, address, state, number, issue and expiry dates (YYYY-MM-DD). */
export interface LicenceScan {
  name: { firstName: string; lastName: string; fullName: string };
  address: { street: string; city: string; state: string; postalCode: string };
  /** The issuing state. */
  state: string;
  number: string;
  issueDate: string;
  expiryDate: string;
  dateOfBirth: string;
}

/** Result of GET get-ocr-image-data/: the scan and its images as data URLs. */
export interface IdentityOcrImageData {
  ocr: LicenceScan;
  images: { croppedFrontID: string; selfie: string };
}

/** Result of POST owners/{owner}/files/: where to send the multipart upload. */
export interface FileUploadTicket {
  file_id: string;
  upload_url: string;
  /** Form fields to send before the file, as they are. */
  upload_fields: Record<string, string>;
}

/** Result of GET owners/{owner}/files/{fileId}/. */
export interface StoredFile {
  file_id: string;
  file_name: string;
  content_type: string;
  uploaded: boolean;
  download_url: string;
}

/** One previously verified identity of GET owners/{owner}/items?emailId= (a logged-in visitor). */
export interface VerifiedOwnerItem {
  item_id: string;
  email: string;
  verified: boolean;
  /** ISO time of the verification. */
  verified_at: string;
  phone: string;
  licence: LicenceScan;
  /** The licence front, as a URL the kiosk can show. */
  dl_front_url: string | null;
}

/** Header carrying the identity-provider token on the session calls (forwarded by the daemon as an x-* header). */
export const IDENTITY_TOKEN_HEADER = 'x-identity-token';

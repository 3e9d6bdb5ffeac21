/**
 * Rental processing (rental spec §3, §7 "Rental"): gate codes, the additional-information fields
 * and agreements of the signing step, and the answers of the rental and reservation calls. The
 * spec leaves these answers "not shown"; the shapes here are ours (docs/rental-checkout.md).
 */

/** GET/POST validate-gatecode/: `gatecode` echoes the code when it is free, null when it is taken. */
export interface GatecodeValidation {
  gatecode: string | null;
}

/** A field of the additional-information step (rental §3 "Dynamic document field"). */
export interface DynamicDocumentField {
  /** checkbox, textarea, radiobox, phone, ssn, date, email; anything else is a text field. */
  type: string;
  name: string;
  label: string;
  required: boolean;
  value?: string | boolean | null;
  /** Radio fields with the same group form one choice. */
  radiobox_group?: string | null;
}

export interface DynamicDocumentSection {
  title: string;
  description?: string | null;
  fields: DynamicDocumentField[];
}

/**
 * result.dynamic_tokens of POST pandadocs/generate-tokens/: the sections the visitor fills in,
 * and the tokens the documents are generated with. The kiosk sends the object back (with the
 * visitor's `values`) as the model's dynamic_tokens to generate-agreements.
 */
export interface DynamicTokens {
  sections: DynamicDocumentSection[];
  tokens: Record<string, string>;
  /** Filled by the kiosk: field name -> value (radio fields true/false). */
  values?: Record<string, string | boolean>;
}

export interface GenerateTokensResult {
  dynamic_tokens: DynamicTokens;
}

/** Document types the kiosk tells apart (rental §3 "Agreement document"); others are possible. */
export type AgreementDocumentType = 'lease_agreement' | 'insurance-certificate' | 'autopay' | (string & {});

/** One document to sign, shown in an embedded frame (rental §2 "Sign documents"). */
export interface AgreementDocument {
  display_name: string;
  document_type: AgreementDocumentType;
  file_id: string;
  document_id: string;
  key: string;
  /** The signing page; it posts SIGNING_COMPLETED_EVENT to the kiosk when signed. */
  url: string;
  completed: boolean;
  /**
   * The document's text in plain words, when the operator provides it: the kiosk cannot read the
   * signing page (another origin), so speech reads this instead (docs/accessibility.md, "Signing by ear").
   */
  summary?: string;
}

/** POST pandadocs/generate-agreements/ (rental flow and billpay flow alike). */
export interface GenerateAgreementsResult {
  agreements: AgreementDocument[];
}

/**
 * The message a signing page posts to its parent window when the visitor has signed:
 * `{ event: 'session_view.document.completed', data: { id: <document key> } }`. The kiosk only
 * accepts it from the frame it opened, from that frame's origin.
 */
export const SIGNING_COMPLETED_EVENT = 'session_view.document.completed';

/** POST facilities/{facility}/rental/ answered ok. */
export interface RentalResult {
  tenant_id: string;
  /** Rental record id: the key of update-consumer-password/. */
  rrd_id: string;
  gatecode: string;
  /** How to get in (shown under the gate code). */
  access_info: string;
  /** The server does not know the tenant's e-mail yet: the kiosk offers an online account. */
  is_new_user: boolean;
  unit_door_number: string;
  space_id: string;
  /** MM/DD/YYYY. */
  move_in_date: string;
  /** Smart-access (noke) facilities: the access PIN, also sent by e-mail and text. */
  noke_pin: string | null;
}

/** POST facilities/{facility}/space/{space}/reserve/ answered ok. */
export interface ReservationResult {
  reservation_id: string;
  reservation_code: string;
  /** MM/DD/YYYY. */
  move_in_date: string;
  tenant_id: string;
  rrd_id: string;
  is_new_user: boolean;
  unit_door_number: string;
  space_id: string;
}

/** POST text-gate-code/. */
export interface TextGateCodeResult {
  sent: boolean;
  phone_number: string;
}

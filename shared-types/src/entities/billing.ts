import type { TenantDetail } from './account.js';

/**
 * Pay My Bill and autopay (shell spec §3 "Space details", "Charge line", "Pre-pay details";
 * §7 "Billing"). Shapes the spec leaves out are documented in docs/sandbox.md.
 */

/** A charge line. A due balance sums total (else amount) and subtracts discounts. */
export interface ChargeLine {
  /** 'rent', 'Monthly Rent', 'fee', 'discount', 'tax', ... */
  costType: string;
  description: string;
  amount: number;
  total?: number | null;
  /** MM/DD/YYYY */
  start_date?: string | null;
  end_date?: string | null;
}

export interface AutoPayInfo {
  enabled: boolean;
  /** The card autopay charges; its number is masked (last four digits only). */
  paymentInstrument: { card: { number: string } } | null;
}

export interface LeaseDocument {
  name: string;
  type: string;
  location: string;
}

/** One space of result.space_details. */
export interface SpaceDetails {
  unit_number: string;
  is_parking: boolean;
  actual_length: number;
  actual_width: number;
  unit_standard: string;
  unit_description: string;
  city: string;
  state: string;
  zipcode: string;
  facility_name: string;
  address: string;
  phone_number: string;
  /**
   * The gate code, in the operator's answer only: the daemon withholds it from the page
   * (ANSWER_FIELDS, answer-fields.ts), which texts it by text-gate-code/ and never shows it.
   */
  accessCode?: string;
  /** The facility id in the management system. */
  gds_id: string;
  facility_id: string;
  spaceId: string;
  unit_id: string;
  /** A rented space has a lease; a space without one is not payable here. */
  leaseId: string | null;
  /** Set on a reservation: skipped in lists. */
  res_id?: string | null;
  balance: ChargeLine[];
  /** Epoch seconds (midnight UTC of the paid-through date). */
  paidThrough: number | null;
  /** Epoch seconds of the next billing date. */
  billingDate: number | null;
  autoPay: AutoPayInfo;
  documents: LeaseDocument[];
  /** Whether the tenant can get in (docs/api-paths.md "Access after a payment"); absent = 'ok'. */
  access_status?: UnitAccessStatus;
}

/**
 * A unit's access as the management system holds it: 'ok', 'gate_suspended' (delinquent: the gate
 * code is switched off) or 'overlocked' (the facility's own lock is on the unit's door).
 */
export type UnitAccessStatus = 'ok' | 'gate_suspended' | 'overlocked';

/**
 * What a payment did to the unit's access: 'restored' (the gate code works again now), 'manager'
 * (paid, but the Facility Manager still has to remove the overlock or switch access back on) or
 * 'unchanged' (the unit was not locked out).
 */
export interface PaymentAccess {
  status: 'restored' | 'manager' | 'unchanged';
}

/** Result of GET user/items/facilities/{facility}/tenant/{tenant}/. */
export interface UserItemDetails {
  tenant_details: TenantDetail[];
  space_details: SpaceDetails[];
}

/** What the payment and autopay mails carry about the payment (mail_request_data). */
export interface MailRequestData {
  current: {
    unit_no: string;
    amount: number;
    period: number;
    paid_through: string;
    transaction_id: string;
    card: string;
  };
  balance: number;
  prepay: number;
}

/** Result of GET tenant/{t}/space/{s}/pre-pay/?period=N (0 = the balance due only). */
export interface PrePayDetails {
  movein_cost: ChargeLine[];
  balance: ChargeLine[];
  tax: number;
  total_amt: number;
}

/** Result of POST tenant/{t}/space/{s}/pre-pay/ (pay the bill). */
export interface PayBillResult {
  transaction_id: string;
  amount: number;
  mail_request_data: MailRequestData;
  /** What the payment did to the unit's access; an operator without it is read as 'unchanged'. */
  access?: PaymentAccess;
}

/** Result of POST tenant/{t}/space/{s}/autopay/ (enrol, or re-enrol with a new card). */
export interface AutopayEnrolResult {
  documents: LeaseDocument[];
  response: AutoPayInfo;
}

/** Result of DELETE tenant/{t}/space/{s}/autopay/. */
export interface AutopayCancelResult {
  response: AutoPayInfo;
}

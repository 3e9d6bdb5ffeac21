import type { TerminalPaymentPurpose } from '@kiosk/shared-types';

/**
 * The operator's side of terminal payments in the sandbox world (docs/api-paths.md "Terminal
 * payments"): the payments the daemon recorded after the terminal approved them, by the kiosk's
 * transaction id, and whether a rental, bill, sale or autopay enrolment already used one. Lives in
 * SandboxState.terminalPayments and is rebuilt by its reset().
 *
 * A record holds the terminal's reference and receipt fields only: the card never reached the
 * kiosk, so there is none to keep. The recurring token (card-on-file) is kept for the autopay
 * enrolment but never shown by the control route.
 */
export interface TerminalPaymentRecord {
  payment_id: string;
  facility_id: string;
  transaction_id: string;
  purpose: TerminalPaymentPurpose;
  /** In cents, from the record's "59.00". */
  amount_cents: number;
  currency: string;
  tenant_id: string | null;
  space_id: string | null;
  psp_reference: string;
  auth_code: string;
  masked_pan: string;
  brand: string;
  application_label: string;
  aid: string;
  entry_mode: string;
  terminal_id: string;
  approved_at: string;
  recurring_token: string | null;
  recorded_at: string;
  /** The purpose call (rental, bill, sale, enrolment) that used this payment, once one did. */
  used_by: string | null;
  /** The autopay enrolment that used this payment's recurring token, once one did. */
  token_used_by: string | null;
}

/** Why a purpose call's terminal reference is not one it may use. */
export type TerminalReferenceRefusal =
  'unknown' | 'other-purpose' | 'other-amount' | 'other-tenant' | 'used' | 'no-token';

export class TerminalPaymentsWorld {
  private records = new Map<string, TerminalPaymentRecord>();
  private sequence = 5000;
  /** Whether the operator enrols autopay from a terminal's recurring token (POST /__sandbox/terminal-payments/tokens). */
  takesTokens = true;

  constructor(private readonly now: () => number) {
    this.reset();
  }

  reset(): void {
    this.records = new Map();
    this.sequence = 5000;
    this.takesTokens = true;
  }

  find(transactionId: string): TerminalPaymentRecord | undefined {
    return this.records.get(transactionId);
  }

  /** Every record, oldest first. */
  all(): TerminalPaymentRecord[] {
    return [...this.records.values()];
  }

  /** Keep a new record; answers it with its payment id. The caller has checked it is new. */
  add(
    record: Omit<TerminalPaymentRecord, 'payment_id' | 'recorded_at' | 'used_by' | 'token_used_by'>,
  ): TerminalPaymentRecord {
    this.sequence += 1;
    const kept: TerminalPaymentRecord = {
      ...record,
      payment_id: `TP-${this.sequence}`,
      recorded_at: new Date(this.now()).toISOString(),
      used_by: null,
      token_used_by: null,
    };
    this.records.set(kept.transaction_id, kept);
    return kept;
  }

  /**
   * The record a purpose call may pay with: the one with this transaction id, recorded for this
   * purpose, this amount and (when the call names them) this tenant and unit, not used yet.
   */
  usable(
    transactionId: string,
    wanted: {
      facilityId: string;
      purpose: TerminalPaymentPurpose;
      amountCents: number;
      tenantId?: string;
      spaceId?: string;
    },
  ): { ok: true; record: TerminalPaymentRecord } | { ok: false; refusal: TerminalReferenceRefusal } {
    const record = this.records.get(transactionId);
    if (!record || record.facility_id !== wanted.facilityId) return { ok: false, refusal: 'unknown' };
    if (record.used_by !== null) return { ok: false, refusal: 'used' };
    if (record.purpose !== wanted.purpose) return { ok: false, refusal: 'other-purpose' };
    if (record.amount_cents !== wanted.amountCents) return { ok: false, refusal: 'other-amount' };
    if (
      (wanted.tenantId !== undefined && record.tenant_id !== null && record.tenant_id !== wanted.tenantId) ||
      (wanted.spaceId !== undefined && record.space_id !== null && record.space_id !== wanted.spaceId)
    ) {
      return { ok: false, refusal: 'other-tenant' };
    }
    return { ok: true, record };
  }

  /**
   * The record an autopay enrolment may take the card on file from: the autopay card check or the
   * rental or bill payment of this tenant's unit, with a recurring token not used by an enrolment yet.
   */
  enrollable(
    transactionId: string,
    wanted: { facilityId: string; tenantId: string; spaceId: string },
  ): { ok: true; record: TerminalPaymentRecord } | { ok: false; refusal: TerminalReferenceRefusal } {
    const record = this.records.get(transactionId);
    if (!record || record.facility_id !== wanted.facilityId) return { ok: false, refusal: 'unknown' };
    if (record.purpose === 'merchandise') return { ok: false, refusal: 'other-purpose' };
    if (record.tenant_id !== wanted.tenantId || (record.space_id !== null && record.space_id !== wanted.spaceId))
      return { ok: false, refusal: 'other-tenant' };
    if (record.token_used_by !== null || (record.purpose === 'autopay' && record.used_by !== null))
      return { ok: false, refusal: 'used' };
    if (record.recurring_token === null) return { ok: false, refusal: 'no-token' };
    return { ok: true, record };
  }

  /** A purpose call went through with this payment: no other call can use it again. */
  markUsed(record: TerminalPaymentRecord, by: string): void {
    record.used_by = by;
  }

  /** An autopay enrolment took this payment's card on file. */
  markTokenUsed(record: TerminalPaymentRecord, by: string): void {
    record.token_used_by = by;
    if (record.purpose === 'autopay') record.used_by = by;
  }

  /** The rental this payment paid made its tenant: the payment is now that tenant's, for the autopay that follows. */
  bindToTenant(record: TerminalPaymentRecord, tenantId: string, spaceId: string): void {
    record.tenant_id = tenantId;
    record.space_id = spaceId;
  }
}

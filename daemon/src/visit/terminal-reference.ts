import {
  TERMINAL_AMOUNT_FIELD,
  TERMINAL_PURPOSE_ROUTES,
  TERMINAL_TRANSACTION_FIELD,
  amountInCents,
  cardFieldsOf,
  isTerminalPurposeRoute,
  type ApiRouteName,
  type TerminalPaymentPurpose,
} from '@kiosk/shared-types';
import type { CallFields } from './visit.js';

/**
 * A purpose call paid on the payment terminal (docs/api-paths.md "Terminal payments"): the rental,
 * the bill, the supplies sale or the autopay enrolment names the payment the terminal approved
 * (`terminal_transaction_id`) instead of a card. The page holds only that id, so the daemon lets the
 * call go to the operator only for a payment its terminal approved at this kiosk, for that purpose,
 * amount, tenant and unit, and not used by another call: a page (or anything else on the PC) cannot
 * pay a rental with the id of a $4.99 sale, or one payment twice.
 *
 * Pure: the payment-terminal device answers for its payments through TerminalPaymentLookup.
 */

/** What the visit needs of an approved terminal payment. */
export interface ApprovedTerminalPayment {
  purpose: TerminalPaymentPurpose;
  amountCents: number;
  tenant?: string;
  spaceId?: string;
  /** A purpose call already went through with it. */
  used: boolean;
}

/** The payment-terminal device's payments, as the visit reads them (its `app.paymentTerminal`). */
export interface TerminalPaymentLookup {
  /** The approved payment with this transaction id; undefined when the terminal approved none. */
  approvedPayment(transactionId: string): ApprovedTerminalPayment | undefined;
  /** A purpose call went through with this payment: it cannot pay another. */
  markUsed(transactionId: string): void;
}

export type TerminalReferenceRefusal = 'card-and-terminal' | 'not-this-payment';

export type TerminalReferenceDecision =
  { allowed: true } | { allowed: false; status: 400 | 403; reason: TerminalReferenceRefusal; message: string };

export const TERMINAL_REFERENCE_MESSAGES: Record<TerminalReferenceRefusal, string> = {
  'card-and-terminal': 'A call paid on the payment terminal carries no card fields.',
  'not-this-payment': 'This call is not paid by a payment the terminal approved for it at this kiosk.',
};

const refuse = (reason: TerminalReferenceRefusal): TerminalReferenceDecision => ({
  allowed: false,
  status: reason === 'card-and-terminal' ? 400 : 403,
  reason,
  message: TERMINAL_REFERENCE_MESSAGES[reason],
});

/** The id a call names, or undefined when it names none (a card payment, or a call that pays nothing). */
export function terminalReferenceOf(fields: CallFields): string | undefined {
  const id = fields.form[TERMINAL_TRANSACTION_FIELD]?.trim();
  return id === undefined || id === '' ? undefined : id;
}

/** The tenant and unit a purpose call names (where each call carries them). */
function scopeOf(route: ApiRouteName, fields: CallFields): { tenant?: string; spaceId?: string } {
  const pathOrForm = (path: string | undefined, form: string | undefined) => {
    const value = (path ?? form ?? '').trim();
    return value === '' ? undefined : value;
  };
  if (route === 'payBill' || route === 'enrolAutopay')
    return {
      tenant: pathOrForm(fields.params.tenant, undefined),
      spaceId: pathOrForm(fields.params.spaceId, undefined),
    };
  return { tenant: pathOrForm(undefined, fields.form.tenant_id), spaceId: pathOrForm(undefined, fields.form.space_id) };
}

/** A payment named for a tenant or unit pays only a call for that same tenant or unit. */
function sameScope(payment: ApprovedTerminalPayment, call: { tenant?: string; spaceId?: string }): boolean {
  if (payment.tenant !== undefined && payment.tenant !== call.tenant) return false;
  if (payment.spaceId !== undefined && payment.spaceId !== call.spaceId) return false;
  return true;
}

export class TerminalReferences {
  /** Payments a call is on its way to the operator with: no second call may take them meanwhile. */
  private readonly inFlight = new Set<string>();
  /**
   * Rental and bill payments whose card on file an autopay enrolment took (the payment itself is
   * used by its rental or bill). Kept for the daemon's life; after a restart the operator refuses a
   * second enrolment from the same payment.
   */
  private readonly enrolledFrom = new Set<string>();

  /**
   * Whether the call may go to the operator. A call the page makes through the proxy holds its
   * payment until ended() is told how the operator answered (`hold`); a follow-up handed to the
   * outbox is checked only (the outbox delivers it once, with its idempotency key).
   */
  check(
    route: ApiRouteName,
    fields: CallFields,
    lookup: TerminalPaymentLookup | undefined,
    options: { hold: boolean } = { hold: true },
  ): TerminalReferenceDecision {
    if (!isTerminalPurposeRoute(route)) return { allowed: true };
    const id = terminalReferenceOf(fields);
    if (id === undefined) return { allowed: true };
    if (cardFieldsOf(fields.form).length > 0) return refuse('card-and-terminal');
    // No terminal configured: no payment of this kiosk can have this id.
    const payment = lookup?.approvedPayment(id);
    if (payment === undefined || this.inFlight.has(id)) return refuse('not-this-payment');
    const scope = scopeOf(route, fields);
    if (!sameScope(payment, scope)) return refuse('not-this-payment');
    if (route === 'enrolAutopay') {
      // The enrolment charges nothing: it takes the card the terminal kept on file, from the autopay
      // card check or from the rental or bill payment of this unit.
      const fromPayment = payment.purpose === 'rental' || payment.purpose === 'bill';
      if (payment.purpose !== 'autopay' && !fromPayment) return refuse('not-this-payment');
      if (payment.purpose === 'autopay' && payment.used) return refuse('not-this-payment');
      if (fromPayment && this.enrolledFrom.has(id)) return refuse('not-this-payment');
    } else {
      if (payment.purpose !== TERMINAL_PURPOSE_ROUTES[route] || payment.used) return refuse('not-this-payment');
      if (amountInCents(fields.form[TERMINAL_AMOUNT_FIELD]) !== payment.amountCents) return refuse('not-this-payment');
    }
    if (options.hold) this.inFlight.add(id);
    return { allowed: true };
  }

  /**
   * A call that passed check() ended: with the operator's answer, or undefined when none came (the
   * operator could not be reached). Accepted (status ok): its payment is used. Otherwise it is free
   * again for the visitor's next try.
   */
  ended(route: ApiRouteName, fields: CallFields, answer: unknown, lookup: TerminalPaymentLookup | undefined): void {
    if (!isTerminalPurposeRoute(route)) return;
    const id = terminalReferenceOf(fields);
    if (id === undefined || !this.inFlight.delete(id) || !accepted(answer)) return;
    const payment = lookup?.approvedPayment(id);
    if (route === 'enrolAutopay' && payment !== undefined && payment.purpose !== 'autopay') this.enrolledFrom.add(id);
    else lookup?.markUsed(id);
  }
}

function accepted(answer: unknown): boolean {
  const wrapped = (answer as { application_data?: { status?: unknown } } | null | undefined)?.application_data;
  return wrapped?.status === 'ok';
}

import {
  TERMINAL_AUTOPAY_REFUSAL_MESSAGES,
  TERMINAL_TRANSACTION_FIELD,
  cardFieldsOf,
  type TerminalPaymentPurpose,
} from '@kiosk/shared-types';
import { fail } from './respond.js';
import { SandboxError } from './sandbox-error.js';
import type { SandboxState } from './state.js';
import type { TerminalPaymentRecord, TerminalReferenceRefusal } from './terminal-payments-state.js';

/**
 * A purpose call (rental, bill, supplies sale, autopay enrolment) paid on the payment terminal
 * names the payment the daemon recorded (`terminal_transaction_id`) instead of a card
 * (docs/api-paths.md "Terminal payments"). The operator takes it only for the payment recorded at
 * its facility, for that purpose and amount and (when the call names them) that tenant and unit,
 * and only once.
 */

/** The operator's words for each refusal (business answers: HTTP 200, status 'error'). */
const REFUSALS: Record<TerminalReferenceRefusal, { code: string; message: string }> = {
  unknown: { code: 'TerminalPaymentNotFound', message: 'No terminal payment is recorded with this transaction id.' },
  'other-purpose': {
    code: 'TerminalPaymentMismatch',
    message: 'This terminal payment was recorded for another purpose.',
  },
  'other-amount': { code: 'TerminalPaymentMismatch', message: 'This terminal payment was for another amount.' },
  'other-tenant': {
    code: 'TerminalPaymentMismatch',
    message: 'This terminal payment was recorded for another tenant or unit.',
  },
  used: { code: 'TerminalPaymentUsed', message: 'This terminal payment has already been used.' },
  'no-token': { code: 'TerminalTokenMissing', message: TERMINAL_AUTOPAY_REFUSAL_MESSAGES.TerminalTokenMissing },
};

export type TerminalPaid =
  | { paid: false }
  | { paid: true; refused: ReturnType<typeof fail> }
  | { paid: true; refused?: undefined; record: TerminalPaymentRecord; last4: string };

/** The last four digits a record's masked number shows ('' when it shows none). */
export function recordLast4(record: TerminalPaymentRecord): string {
  return record.masked_pan.replace(/[^0-9]/g, '').slice(-4);
}

/**
 * Whether this form pays by a terminal reference, and with which record. A form that names a
 * terminal payment and carries card fields too is a malformed call (400 CardAndTerminal): which of
 * the two would be charged?
 */
export function terminalPayment(
  state: SandboxState,
  form: Readonly<Record<string, string | undefined>>,
  wanted: {
    facilityId: string;
    purpose: TerminalPaymentPurpose;
    amountCents: number | null;
    tenantId?: string;
    spaceId?: string;
  },
): TerminalPaid {
  const transactionId = terminalReference(form);
  if (transactionId === '') return { paid: false };
  const found = state.terminalPayments.usable(transactionId, {
    ...wanted,
    amountCents: wanted.amountCents ?? Number.NaN,
  });
  if (!found.ok) return { paid: true, refused: fail(REFUSALS[found.refusal]) };
  return { paid: true, record: found.record, last4: recordLast4(found.record) };
}

/** The call's terminal transaction id ('' when it names none); refused (400) beside card fields. */
function terminalReference(form: Readonly<Record<string, string | undefined>>): string {
  const transactionId = (form[TERMINAL_TRANSACTION_FIELD] ?? '').trim();
  const cardFields = cardFieldsOf(form);
  if (transactionId !== '' && cardFields.length > 0) {
    throw new SandboxError(
      400,
      'CardAndTerminal',
      'A call paid on the terminal carries no card fields.',
      Object.fromEntries(cardFields.map((field) => [field, ['Not accepted with terminal_transaction_id.']])),
    );
  }
  return transactionId;
}

/**
 * An autopay enrolment from the terminal's recurring token: the autopay card check (purpose
 * autopay), or the rental or bill payment of the same unit whose card the terminal kept on file.
 * The enrolment charges nothing, so no amount is compared; each payment's token enrols once.
 */
export function terminalEnrolment(
  state: SandboxState,
  form: Readonly<Record<string, string | undefined>>,
  wanted: { facilityId: string; tenantId: string; spaceId: string },
): TerminalPaid {
  const transactionId = terminalReference(form);
  if (transactionId === '') return { paid: false };
  const found = state.terminalPayments.enrollable(transactionId, wanted);
  if (!found.ok) return { paid: true, refused: fail(REFUSALS[found.refusal]) };
  return { paid: true, record: found.record, last4: recordLast4(found.record) };
}

import type { TerminalEntryMode, TerminalProblem, TerminalReceipt } from '@kiosk/shared-types';

/**
 * What the terminal's answers mean, without the network: a PaymentResponse (directly, or repeated
 * by TransactionStatus) read into approved with its receipt, declined, cancelled or failed; a
 * TransactionStatusResponse into found, not found or still running. The field names are nexo's as
 * Adyen's Terminal API writes them (docs/payment-terminal.md, "Messages").
 */

export type PaymentReading =
  | { kind: 'approved'; receipt: Omit<TerminalReceipt, 'transactionId' | 'amountCents' | 'currency'>; token?: string }
  | { kind: 'declined'; reason: string }
  | { kind: 'cancelled' }
  | { kind: 'failed'; problem: TerminalProblem; reason: string };

export class AnswerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AnswerError';
  }
}

const ENTRY_MODES: Record<string, TerminalEntryMode> = {
  ICC: 'chip',
  SynchronousICC: 'chip',
  Contactless: 'contactless',
  Tapped: 'contactless',
  RFID: 'contactless',
  MagStripe: 'swipe',
  Mobile: 'wallet',
  Keyed: 'manual',
  Manual: 'manual',
};

/** The last four digits of a masked PAN ("411111 **** 1111" → "•••• 1111"): a receipt shows no more. */
export function lastFour(maskedPan: string): string {
  const digits = maskedPan.replace(/\D/g, '');
  if (digits.length < 4) throw new AnswerError('masked PAN without its last four digits');
  return `•••• ${digits.slice(-4)}`;
}

/** AdditionalResponse: form-encoded (or base64 JSON, which Adyen sends when asked; not asked here). */
function additional(response: object | undefined): URLSearchParams {
  return new URLSearchParams(
    String((response as { AdditionalResponse?: unknown } | undefined)?.AdditionalResponse ?? ''),
  );
}

const object = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;

/** A PaymentResponse read; an approval without the fields a receipt needs is an AnswerError. */
export function readPaymentResponse(payment: unknown, weAborted: boolean): PaymentReading {
  const answer = object(payment);
  const response = object(answer?.Response) as { Result?: string; ErrorCondition?: string } | undefined;
  if (response?.Result === undefined) throw new AnswerError('PaymentResponse without a Result');
  const extra = additional(response);
  if (response.Result === 'Success') {
    const result = object(answer?.PaymentResult);
    const card = object(object(result?.PaymentInstrumentData)?.CardData);
    const acquirer = object(result?.PaymentAcquirerData);
    const poiTransaction = object(object(answer?.POIData)?.POITransactionID);
    const entry = Array.isArray(card?.EntryMode) ? String(card.EntryMode[0]) : '';
    const reference =
      extra.get('pspReference') ??
      String(poiTransaction?.TransactionID ?? '')
        .split('.')
        .at(-1) ??
      '';
    const fields = {
      applicationLabel: extra.get('applicationLabel') ?? extra.get('applicationPreferredName') ?? '',
      aid: extra.get('AID') ?? '',
      maskedPan: lastFour(String(card?.MaskedPan ?? '')),
      brand: String(card?.PaymentBrand ?? ''),
      entryMode: ENTRY_MODES[entry],
      authCode: String(acquirer?.ApprovalCode ?? extra.get('authCode') ?? ''),
      terminalId: String(acquirer?.AcquirerPOIID ?? ''),
      reference,
      approvedAt: String(poiTransaction?.TimeStamp ?? ''),
    };
    const missing = Object.entries(fields).find(([, value]) => value === undefined || value === '');
    if (missing) throw new AnswerError(`approval without ${missing[0]}`);
    const token = extra.get('recurring.recurringDetailReference') ?? undefined;
    return {
      kind: 'approved',
      receipt: fields as Omit<TerminalReceipt, 'transactionId' | 'amountCents' | 'currency'>,
      ...(token ? { token } : {}),
    };
  }
  const reason = extra.get('refusalReason') ?? extra.get('message') ?? response.ErrorCondition ?? 'Failure';
  switch (response.ErrorCondition) {
    case 'Refusal':
    case 'WrongPIN':
    case 'WrongPin':
    case 'InvalidCard':
    case 'PaymentRestriction':
      return { kind: 'declined', reason };
    case 'Cancel':
      return { kind: 'cancelled' };
    case 'Aborted':
      if (/CARD_REMOVED|card removed/i.test(reason)) return { kind: 'failed', problem: 'card-removed', reason };
      return weAborted ? { kind: 'cancelled' } : { kind: 'failed', problem: 'bad-answer', reason };
    case 'Busy':
    case 'DeviceOut':
    case 'UnavailableDevice':
    case 'UnavailableService':
    case 'UnreachableHost':
      return { kind: 'failed', problem: 'offline', reason };
    default:
      return { kind: 'declined', reason };
  }
}

export type StatusReading =
  { kind: 'found'; payment: PaymentReading } | { kind: 'not-found' } | { kind: 'in-progress' };

/** A TransactionStatusResponse read: the payment it repeats, or that there is none (yet). */
export function readTransactionStatus(status: unknown, weAborted: boolean): StatusReading {
  const answer = object(status);
  const response = object(answer?.Response) as { Result?: string; ErrorCondition?: string } | undefined;
  if (response?.Result === 'Success') {
    const repeated = object(object(answer?.RepeatedMessageResponse)?.RepeatedResponseMessageBody)?.PaymentResponse;
    if (repeated === undefined) throw new AnswerError('TransactionStatus without the payment it repeats');
    return { kind: 'found', payment: readPaymentResponse(repeated, weAborted) };
  }
  if (response?.ErrorCondition === 'InProgress') return { kind: 'in-progress' };
  if (response?.ErrorCondition === 'NotFound') return { kind: 'not-found' };
  throw new AnswerError(`TransactionStatus answered ${String(response?.ErrorCondition ?? response?.Result)}`);
}

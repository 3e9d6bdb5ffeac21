import type { TerminalPaymentState, TerminalReceipt } from '@kiosk/shared-types';

/** A terminal payment as the daemon tells it, for the payment step's tests. */
export function terminalState(
  transactionId: string,
  stage: TerminalPaymentState['stage'],
  extra: Partial<TerminalPaymentState> = {},
): TerminalPaymentState {
  return { transactionId, purpose: 'merchandise', amountCents: 1284, stage, ...extra };
}

/** What an approved payment's receipt shows (no card number: the last four digits only). */
export function terminalReceipt(transactionId: string, amountCents = 1284): TerminalReceipt {
  return {
    applicationLabel: 'VISA CREDIT',
    aid: 'A0000000031010',
    maskedPan: '•••• 0119',
    brand: 'visa',
    entryMode: 'contactless',
    authCode: '123456',
    terminalId: 'P400-805',
    reference: 'PSP-8816',
    transactionId,
    amountCents,
    currency: 'USD',
    approvedAt: '2026-11-28T07:30:00Z',
  };
}

export const TERMINAL_METHODS = { terminal: true, reader: false, typed: false, terminalAutopay: false };
export const BOTH_METHODS = { terminal: true, reader: true, typed: true, terminalAutopay: false };

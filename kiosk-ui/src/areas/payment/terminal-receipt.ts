import type { ReceiptTerminalPayment, TerminalReceipt } from '@kiosk/shared-types';

/** A terminal payment's receipt fields as the printer takes them (shared-types devices.ts). */
export function receiptTerminalPayment(receipt: TerminalReceipt): ReceiptTerminalPayment {
  return {
    application_label: receipt.applicationLabel,
    aid: receipt.aid,
    masked_pan: receipt.maskedPan,
    entry_mode: receipt.entryMode,
    auth_code: receipt.authCode,
    terminal_id: receipt.terminalId,
    reference: receipt.reference,
  };
}

/** The card as the screens' "Paid with … ending in" lines name it: brand and last four only. */
export function terminalCard(receipt: TerminalReceipt): { brand: string; last4: string } {
  return { brand: receipt.applicationLabel || receipt.brand, last4: receipt.maskedPan.replace(/\D/g, '').slice(-4) };
}

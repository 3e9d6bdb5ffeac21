import type { FacilitySettings, ReceiptFacility, ReceiptTerminalPayment, TerminalReceipt } from '@kiosk/shared-types';

/**
 * What every receipt the kiosk asks the daemon to print shares (each area builds its own: the
 * rental's, the payment's, the supplies'). A card appears only as its brand and last four digits.
 */
export function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return 'Visa';
  if (/^3[47]/.test(digits)) return 'Amex';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return 'Mastercard';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'Discover';
  return '';
}

/** The facility as a receipt's head shows it. */
export function receiptFacility(settings: FacilitySettings | null | undefined): ReceiptFacility {
  if (!settings) return { name: '', address: '', phone: '' };
  const street = [settings.address1, settings.address2].filter(Boolean).join(', ');
  const place = [settings.city, [settings.state, settings.postal].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return {
    name: settings.dba_name || settings.name,
    address: [street, place].filter(Boolean).join(', '),
    phone: settings.phone,
  };
}
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

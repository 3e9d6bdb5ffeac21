/**
 * Every text printed on a receipt, one catalogue per language, keyed. A receipt in a language not
 * here is printed in English. Money and dates are formatted by the catalogue's locale.
 */
export interface ReceiptTexts {
  locale: string;
  currency: string;
  rental_title: string;
  reservation_title: string;
  payment_title: string;
  printed: (date: string) => string;
  unit: (unit: string) => string;
  move_in_date: string;
  charges: string;
  total_paid: string;
  paid_with: (brand: string, last4: string) => string;
  insurance: string;
  lock: string;
  none: string;
  autopay: string;
  autopay_on: string;
  autopay_off: string;
  gatecode: string;
  reservation_code: string;
  period: (months: number) => string;
  amount: string;
  autopay_change: Record<'enrolled' | 'card-updated' | 'cancelled', string>;
  thanks: string;
}

const en: ReceiptTexts = {
  locale: 'en-US',
  currency: 'USD',
  rental_title: 'Rental receipt',
  reservation_title: 'Reservation receipt',
  payment_title: 'Payment receipt',
  printed: (date) => `Printed ${date}`,
  unit: (unit) => `Unit ${unit}`,
  move_in_date: 'Move-in date',
  charges: 'Move-in charges',
  total_paid: 'Total paid',
  paid_with: (brand, last4) => `Paid with ${brand ? `${brand} ` : 'card '}ending in ${last4}`,
  insurance: 'Insurance',
  lock: 'Lock',
  none: 'None',
  autopay: 'Autopay',
  autopay_on: 'On',
  autopay_off: 'Off',
  gatecode: 'Gate code',
  reservation_code: 'Reservation code',
  period: (months) => (months === 1 ? 'Period: 1 month' : `Period: ${months} months`),
  amount: 'Amount',
  autopay_change: {
    enrolled: 'Autopay: enrolled',
    'card-updated': 'Autopay: card updated',
    cancelled: 'Autopay: cancelled',
  },
  thanks: 'Thank you!',
};

export const RECEIPT_TEXTS: Record<string, ReceiptTexts> = { en };

/** The catalogue for a session language ('en', 'en-US', 'es'...), English when there is none. */
export function receiptTexts(language: string): ReceiptTexts {
  return RECEIPT_TEXTS[language] ?? RECEIPT_TEXTS[language.split('-')[0] ?? ''] ?? en;
}

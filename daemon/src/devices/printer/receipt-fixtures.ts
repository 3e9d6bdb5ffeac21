import type { MerchandiseReceipt, PaymentReceipt, RentalReceipt, ReservationReceipt } from '@kiosk/shared-types';

/** Receipts as the kiosk sends them after a demo rental, reservation and bill payment, and a supplies purchase (tests). */
const facility = {
  name: 'Demo Self Storage',
  address: '100 Main Street, Springfield, IL 62701',
  phone: '(217) 555-0100',
};

export const RENTAL_RECEIPT: RentalReceipt = {
  kind: 'rental',
  facility,
  unit: 'A-104',
  move_in_date: '11/25/2026',
  charges: [
    { name: 'Rent (first month)', amount: 89 },
    { name: 'Administration fee', amount: 25 },
    { name: 'Insurance', amount: 12 },
  ],
  total_paid: 126,
  card_brand: 'Visa',
  card_last4: '1111',
  insurance: 'Protection plan $2,000',
  lock: 'Disc lock',
  autopay: true,
};

export const RESERVATION_RECEIPT: ReservationReceipt = {
  kind: 'reservation',
  facility,
  unit: 'B-210',
  reservation_code: 'RSV-48213',
  move_in_date: '12/01/2026',
};

export const PAYMENT_RECEIPT: PaymentReceipt = {
  kind: 'payment',
  facility,
  units: [
    { unit: 'A-104', period: 1, amount: 89, outcome: ['Payment successful'], autopay: 'enrolled' },
    { unit: 'C-007', period: 3, amount: 240, outcome: ['Payment failed'], autopay: 'unchanged' },
  ],
  card_brand: 'Visa',
  card_last4: '1111',
};

export const MERCHANDISE_RECEIPT: MerchandiseReceipt = {
  kind: 'merchandise',
  facility,
  sale_id: 'MS-1001',
  lines: [
    { name: 'Medium Moving Box', quantity: 2, total: 6.98 },
    { name: 'Packing Tape', quantity: 1, total: 4.49 },
  ],
  subtotal: 11.47,
  tax: 0.95,
  total: 12.42,
  card_brand: 'Visa',
  card_last4: '1111',
};

/** The same basket paid on the terminal: its EMV fields under the card line. */
export const TERMINAL_MERCHANDISE_RECEIPT: MerchandiseReceipt = {
  ...MERCHANDISE_RECEIPT,
  card_last4: '0119',
  terminal: {
    application_label: 'VISA CREDIT',
    aid: 'A0000000031010',
    masked_pan: '•••• 0119',
    entry_mode: 'contactless',
    auth_code: '123456',
    terminal_id: 'P400-805',
    reference: 'PSP-8816',
  },
};

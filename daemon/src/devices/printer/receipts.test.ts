import type { PaymentReceipt } from '@kiosk/shared-types';
import { describe, expect, it } from 'vitest';
import { escposToText } from './escpos-text.js';
import {
  MERCHANDISE_RECEIPT,
  PAYMENT_RECEIPT,
  RENTAL_RECEIPT,
  RESERVATION_RECEIPT,
  TERMINAL_MERCHANDISE_RECEIPT,
} from './receipt-fixtures.js';
import { COLUMNS, encodeReceipt } from './receipts.js';
import { holdsCardNumber } from './schemas.js';

const now = new Date(2026, 10, 25, 14, 30);
const printed = (receipt: Parameters<typeof encodeReceipt>[0], width: 80 | 58 = 80) =>
  escposToText(encodeReceipt(receipt, { language: 'en', width, now }));
/** Lines with their runs of spaces collapsed, so assertions read like the receipt. */
const lines = (text: string) => text.split('\n').map((line) => line.trim().replace(/ {2,}/g, ' | '));

describe('receipts read back from the printer bytes', () => {
  it('a rental: facility, unit, move-in date, each charge, total, card brand and last four, choices', () => {
    const text = lines(printed(RENTAL_RECEIPT));
    expect(text.slice(0, 5)).toEqual([
      'Demo Self Storage',
      '100 Main Street, Springfield, IL 62701',
      '(217) 555-0100',
      '',
      'Rental receipt',
    ]);
    expect(text).toContain('Printed 11/25/26, 2:30 PM');
    expect(text).toEqual(
      expect.arrayContaining([
        'Unit A-104',
        'Move-in date | 11/25/2026',
        'Rent (first month) | $89.00',
        'Administration fee | $25.00',
        'Insurance | $12.00',
        'Total paid | $126.00',
        'Paid with Visa ending in 1111',
        'Insurance | Protection plan $2,000',
        'Lock | Disc lock',
        'Autopay | On',
        'Thank you!',
      ]),
    );
    expect(text.join('\n')).not.toContain('Gate code');
  });

  it('a rental prints the gate code only when the visitor asked for it', () => {
    const text = lines(printed({ ...RENTAL_RECEIPT, gatecode: '482913', autopay: false, lock: '' }));
    expect(text).toEqual(expect.arrayContaining(['Gate code | 482913', 'Autopay | Off', 'Lock | None']));
  });

  it('a reservation: unit, reservation code, move-in date', () => {
    const text = lines(printed(RESERVATION_RECEIPT));
    expect(text).toEqual(
      expect.arrayContaining([
        'Reservation receipt',
        'Unit B-210',
        'Reservation code | RSV-48213',
        'Move-in date | 12/01/2026',
      ]),
    );
    expect(text.join('\n')).not.toMatch(/Total paid|ending in/);
  });

  it('a bill payment: each unit with its period, amount, outcome and autopay change', () => {
    const text = lines(printed(PAYMENT_RECEIPT));
    expect(text).toEqual(
      expect.arrayContaining([
        'Payment receipt',
        'Unit A-104',
        'Period: 1 month',
        'Amount | $89.00',
        'Payment successful',
      ]),
    );
    expect(text).toEqual(
      expect.arrayContaining([
        'Autopay: enrolled',
        'Unit C-007',
        'Period: 3 months',
        'Amount | $240.00',
        'Payment failed',
      ]),
    );
    expect(text.filter((line) => line.startsWith('Autopay'))).toEqual(['Autopay: enrolled']);
    expect(text).toContain('Card: Visa ending in 1111');
  });

  it('a payment receipt names the card by brand and last four, in Spanish too; none without a card', () => {
    expect(lines(escposToText(encodeReceipt(PAYMENT_RECEIPT, { language: 'es', width: 80, now })))).toContain(
      'Tarjeta: Visa terminada en 1111',
    );
    const { card_brand: _brand, card_last4: _last4, ...cancelOnly } = PAYMENT_RECEIPT;
    expect(printed(cancelOnly)).not.toMatch(/Card|ending in/);
  });

  it("a locked-out unit's receipt carries what the payment did to access, wrapped to the paper", () => {
    const manager =
      'Your payment is in. The lock on your unit is removed by the Facility Manager; the office opens at 9:00 AM on Monday.';
    const receipt: PaymentReceipt = {
      ...PAYMENT_RECEIPT,
      units: [
        { ...PAYMENT_RECEIPT.units[0]!, access: 'Your gate access is restored. Your code works now.' },
        { unit: 'C-30', period: 0, amount: 473, outcome: ['Payment Success'], autopay: 'unchanged', access: manager },
      ],
    };
    for (const width of [80, 58] as const) {
      const text = printed(receipt, width);
      const words = text.replace(/\s+/g, ' ');
      expect(words).toContain('Unit A-104 Period: 1 month');
      expect(words).toContain('Your gate access is restored. Your code works now.');
      expect(words).toContain(`Unit C-30 Amount $473.00 Payment Success ${manager}`);
      for (const line of text.split('\n')) expect(line.length).toBeLessThanOrEqual(COLUMNS[width]);
    }
    expect(printed(PAYMENT_RECEIPT)).not.toMatch(/gate access|Facility Manager/);
  });

  it('supplies: each line with its quantity and total, subtotal, tax, total paid and the card', () => {
    const text = lines(printed(MERCHANDISE_RECEIPT));
    expect(text).toEqual(
      expect.arrayContaining([
        'Supplies receipt',
        'Sale MS-1001',
        '2 x Medium Moving Box | $6.98',
        '1 x Packing Tape | $4.49',
        'Subtotal | $11.47',
        'Tax | $0.95',
        'Total paid | $12.42',
        'Paid with Visa ending in 1111',
      ]),
    );
    const spanish = lines(escposToText(encodeReceipt(MERCHANDISE_RECEIPT, { language: 'es', width: 58, now })));
    expect(spanish).toEqual(expect.arrayContaining(['Recibo de suministros', 'Impuesto | $0.95']));
  });

  it('a payment on the terminal carries the EMV fields, in Spanish too, and fits 58 mm paper', () => {
    const text = lines(printed(TERMINAL_MERCHANDISE_RECEIPT));
    expect(text).toEqual(
      expect.arrayContaining([
        'Paid with Visa ending in 0119',
        'Card | VISA CREDIT',
        'Card number | **** 0119',
        'Entry | Contactless',
        'Auth code | 123456',
        'AID | A0000000031010',
        'Terminal | P400-805',
        'Reference | PSP-8816',
      ]),
    );
    const spanish = escposToText(encodeReceipt(TERMINAL_MERCHANDISE_RECEIPT, { language: 'es', width: 58, now }));
    expect(lines(spanish)).toEqual(expect.arrayContaining(['Lectura | Sin contacto', 'Referencia | PSP-8816']));
    for (const line of spanish.split('\n')) expect(line.length).toBeLessThanOrEqual(32);
    // The AID is a long run of digits, not a card number: the receipt may be printed.
    expect(holdsCardNumber(TERMINAL_MERCHANDISE_RECEIPT)).toBe(false);
    // A PSP reference is 16 digits too; any other field of the terminal's still may not hold a number.
    expect(
      holdsCardNumber({
        ...TERMINAL_MERCHANDISE_RECEIPT,
        terminal: { ...TERMINAL_MERCHANDISE_RECEIPT.terminal!, reference: '8816123456789012' },
      }),
    ).toBe(false);
    expect(
      holdsCardNumber({
        ...TERMINAL_MERCHANDISE_RECEIPT,
        terminal: { ...TERMINAL_MERCHANDISE_RECEIPT.terminal!, auth_code: '4111111111111111' },
      }),
    ).toBe(true);
  });

  it('58 mm paper: no line is wider than 32 columns; 80 mm: 48', () => {
    for (const receipt of [RENTAL_RECEIPT, RESERVATION_RECEIPT, PAYMENT_RECEIPT, MERCHANDISE_RECEIPT]) {
      expect(
        Math.max(
          ...printed(receipt, 58)
            .split('\n')
            .map((line) => line.length),
        ),
      ).toBeLessThanOrEqual(32);
      expect(
        Math.max(
          ...printed(receipt, 80)
            .split('\n')
            .map((line) => line.length),
        ),
      ).toBeLessThanOrEqual(48);
    }
    expect(
      printed(RENTAL_RECEIPT, 80)
        .split('\n')
        .some((line) => line.length > 32),
    ).toBe(true);
  });

  it('no receipt holds a full card number', () => {
    for (const receipt of [RENTAL_RECEIPT, RESERVATION_RECEIPT, PAYMENT_RECEIPT, MERCHANDISE_RECEIPT]) {
      const text = printed(receipt);
      expect(text).not.toMatch(/\d(?:[ -]?\d){12,18}/);
      expect(holdsCardNumber(receipt)).toBe(false);
    }
    expect(holdsCardNumber({ ...RENTAL_RECEIPT, card_brand: 'Visa 4111 1111 1111 1111' })).toBe(true);
    expect(holdsCardNumber({ ...RENTAL_RECEIPT, lock: '4111-1111-1111-1111' })).toBe(true);
  });

  it("a Spanish visitor's receipt is printed in Spanish, accents and all, with es-US money and dates", () => {
    const text = lines(escposToText(encodeReceipt(RENTAL_RECEIPT, { language: 'es', width: 80, now })));
    expect(text).toEqual(
      expect.arrayContaining([
        'Recibo de alquiler',
        'Impreso el 25/11/2026, 2:30 p.m.',
        'Unidad A-104',
        'Total pagado | $126.00',
        'Pagado con Visa terminada en 1111',
        'Candado | Disc lock',
        'Pago automático | Activado',
        '¡Gracias!',
      ]),
    );
    const payment = lines(escposToText(encodeReceipt(PAYMENT_RECEIPT, { language: 'es', width: 58, now })));
    expect(payment).toContain('Recibo de pago');
    expect(payment.join('\n')).toMatch(/Período: \d+ mes/);
    for (const line of escposToText(encodeReceipt(PAYMENT_RECEIPT, { language: 'es', width: 58, now })).split('\n'))
      expect(line.length).toBeLessThanOrEqual(32);
  });

  it('a language without a catalogue prints in English', () => {
    const text = escposToText(encodeReceipt(RESERVATION_RECEIPT, { language: 'fr', width: 80, now }));
    expect(text).toContain('Reservation code');
  });
});

import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import type {
  MerchandiseReceipt,
  PaymentReceipt,
  Receipt,
  ReceiptFacility,
  ReceiptTerminalPayment,
  RentalReceipt,
  ReservationReceipt,
} from '@kiosk/shared-types';
import { receiptTexts, type ReceiptTexts } from './receipt-texts.js';

/**
 * A receipt as ESC/POS bytes, laid out by the encoder for the paper width (48 columns on 80 mm
 * paper, 32 on 58 mm). Nothing here writes command bytes by hand.
 */
export type PaperWidth = 80 | 58;

export const COLUMNS: Record<PaperWidth, number> = { 80: 48, 58: 32 };

export interface ReceiptOptions {
  language: string;
  width: PaperWidth;
  /** When the receipt is printed. */
  now: Date;
}

type Encoder = InstanceType<typeof ReceiptPrinterEncoder>;

function money(texts: ReceiptTexts, amount: number): string {
  return new Intl.NumberFormat(texts.locale, { style: 'currency', currency: texts.currency }).format(amount);
}

/** A label on the left and its value on the right of one line (wrapped by the encoder when long). */
function pair(encoder: Encoder, columns: number, label: string, value: string): void {
  const right = Math.min(Math.max(value.length, 8), Math.floor(columns / 2));
  encoder.table(
    [
      { width: columns - right - 1, marginRight: 1, align: 'left' },
      { width: right, align: 'right' },
    ],
    [[label, value]],
  );
}

function header(encoder: Encoder, texts: ReceiptTexts, facility: ReceiptFacility, title: string, now: Date): void {
  encoder.align('center').bold(true).line(facility.name).bold(false);
  if (facility.address) encoder.line(facility.address);
  if (facility.phone) encoder.line(facility.phone);
  encoder.newline().bold(true).line(title).bold(false);
  const printed = new Intl.DateTimeFormat(texts.locale, { dateStyle: 'short', timeStyle: 'short' }).format(now);
  encoder.line(texts.printed(printed)).align('left').rule();
}

/** A payment approved on the terminal: the EMV fields, under the card line. */
function terminalPayment(encoder: Encoder, texts: ReceiptTexts, columns: number, paid?: ReceiptTerminalPayment): void {
  if (!paid) return;
  const labels = texts.terminal;
  pair(encoder, columns, labels.application_label, paid.application_label);
  // The screen's bullets are in no printer code page: the paper masks with asterisks.
  pair(encoder, columns, labels.masked_pan, paid.masked_pan.replace(/\u2022/g, '*'));
  pair(encoder, columns, labels.entry_mode, labels.entry_modes[paid.entry_mode]);
  pair(encoder, columns, labels.auth_code, paid.auth_code);
  pair(encoder, columns, labels.aid, paid.aid);
  pair(encoder, columns, labels.terminal_id, paid.terminal_id);
  pair(encoder, columns, labels.reference, paid.reference);
}

function rental(encoder: Encoder, texts: ReceiptTexts, columns: number, receipt: RentalReceipt): void {
  encoder.bold(true).line(texts.unit(receipt.unit)).bold(false);
  pair(encoder, columns, texts.move_in_date, receipt.move_in_date);
  encoder.newline().line(texts.charges);
  for (const charge of receipt.charges) pair(encoder, columns, charge.name, money(texts, charge.amount));
  encoder.rule();
  encoder.bold(true);
  pair(encoder, columns, texts.total_paid, money(texts, receipt.total_paid));
  encoder.bold(false).line(texts.paid_with(receipt.card_brand, receipt.card_last4));
  terminalPayment(encoder, texts, columns, receipt.terminal);
  encoder.newline();
  pair(encoder, columns, texts.insurance, receipt.insurance || texts.none);
  pair(encoder, columns, texts.lock, receipt.lock || texts.none);
  pair(encoder, columns, texts.autopay, receipt.autopay ? texts.autopay_on : texts.autopay_off);
  if (receipt.gatecode) {
    encoder.newline();
    pair(encoder, columns, texts.gatecode, receipt.gatecode);
  }
}

function reservation(encoder: Encoder, texts: ReceiptTexts, columns: number, receipt: ReservationReceipt): void {
  encoder.bold(true).line(texts.unit(receipt.unit)).bold(false);
  pair(encoder, columns, texts.reservation_code, receipt.reservation_code);
  pair(encoder, columns, texts.move_in_date, receipt.move_in_date);
}

function payment(encoder: Encoder, texts: ReceiptTexts, columns: number, receipt: PaymentReceipt): void {
  receipt.units.forEach((unit, index) => {
    if (index > 0) encoder.rule({ style: 'single' });
    encoder.bold(true).line(texts.unit(unit.unit)).bold(false);
    if (unit.period > 0) encoder.line(texts.period(unit.period));
    if (unit.amount > 0) pair(encoder, columns, texts.amount, money(texts, unit.amount));
    for (const outcome of unit.outcome) encoder.line(outcome);
    if (unit.autopay !== 'unchanged') encoder.line(texts.autopay_change[unit.autopay]);
    // A locked-out unit: what the payment did to access, in the visitor's words from the screen.
    if (unit.access) encoder.line(unit.access);
  });
  if (receipt.card_last4) {
    encoder.rule({ style: 'single' }).line(texts.card_used(receipt.card_brand ?? '', receipt.card_last4));
    terminalPayment(encoder, texts, columns, receipt.terminal);
  }
}

function merchandise(encoder: Encoder, texts: ReceiptTexts, columns: number, receipt: MerchandiseReceipt): void {
  encoder.line(texts.sale(receipt.sale_id));
  for (const line of receipt.lines) pair(encoder, columns, `${line.quantity} x ${line.name}`, money(texts, line.total));
  encoder.rule({ style: 'single' });
  pair(encoder, columns, texts.subtotal, money(texts, receipt.subtotal));
  pair(encoder, columns, texts.tax, money(texts, receipt.tax));
  encoder.bold(true);
  pair(encoder, columns, texts.total_paid, money(texts, receipt.total));
  encoder.bold(false).line(texts.paid_with(receipt.card_brand, receipt.card_last4));
  terminalPayment(encoder, texts, columns, receipt.terminal);
}

export function encodeReceipt(receipt: Receipt, options: ReceiptOptions): Uint8Array {
  const texts = receiptTexts(options.language);
  const columns = COLUMNS[options.width];
  const encoder = new ReceiptPrinterEncoder({ language: 'esc-pos', columns, feedBeforeCut: 4 });
  encoder.initialize().codepage('auto');
  switch (receipt.kind) {
    case 'rental':
      header(encoder, texts, receipt.facility, texts.rental_title, options.now);
      rental(encoder, texts, columns, receipt);
      break;
    case 'reservation':
      header(encoder, texts, receipt.facility, texts.reservation_title, options.now);
      reservation(encoder, texts, columns, receipt);
      break;
    case 'payment':
      header(encoder, texts, receipt.facility, texts.payment_title, options.now);
      payment(encoder, texts, columns, receipt);
      break;
    case 'merchandise':
      header(encoder, texts, receipt.facility, texts.merchandise_title, options.now);
      merchandise(encoder, texts, columns, receipt);
      break;
  }
  encoder.rule().align('center').line(texts.thanks).align('left').cut();
  return encoder.encode();
}

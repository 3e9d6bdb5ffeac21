/**
 * The receipt printer and the driver-licence scanner as the daemon and the UI share them: the
 * printer's state, the receipts the UI asks for, and a licence scan's fields. The receipts carry
 * only what a receipt shows: a card is its brand and last four digits, never more.
 */

/**
 * One word for the state of any device (card reader, printer, licence scanner, speech output), as
 * each device's status answer, the hello event, /health/ready and the support bundle say it:
 * ok (it works), down (configured but not working: unplugged, not answering, out of paper, a
 * missing program), unknown (not checked yet), none (not configured on this kiosk).
 */
export type DeviceStatus = 'ok' | 'down' | 'unknown' | 'none';

/** A device's health: its status and, when it is not ok, why in words for support staff. */
export interface DeviceHealth {
  status: DeviceStatus;
  problem?: string;
}

/** GET /device/card/health: the card reader checked now. */
export interface CardReaderHealth {
  status: DeviceStatus;
}

/** POST /device/card/swipe (202): the swipe's id; how it ends comes as an event. */
export interface SwipeStarted {
  swipeId: string;
}

/** POST /device/card/cancel: whether a swipe was running. */
export interface SwipeCancelled {
  cancelled: boolean;
}

/**
 * POST /device/card/more-time: whether a swipe was waiting for a card; it now waits
 * CARD_READER.waitTime seconds from now (swipe-started says so again).
 */
export interface SwipeMoreTime {
  extended: boolean;
}

/**
 * What the printer's real-time status said at the last check (docs/printer.md):
 * ok, paper-low (still prints), paper-out, cover-open, offline (another fault the printer
 * reports), unreachable (no connection or no answer), unknown (not checked yet).
 */
export type PrinterState = 'ok' | 'paper-low' | 'paper-out' | 'cover-open' | 'offline' | 'unreachable' | 'unknown';

/** The printer's health (GET /device/printer, the printer-status event): its status and state. */
export interface PrinterHealth extends DeviceHealth {
  /** False when no printer is configured: the UI shows no Print button. */
  configured: boolean;
  state: PrinterState;
  /** The printer can take a receipt now (ok or paper-low). */
  canPrint: boolean;
}

/** Why a receipt was not printed. */
export type PrintFailureReason =
  'not-configured' | 'busy' | 'paper-out' | 'cover-open' | 'offline' | 'unreachable' | 'timeout' | 'connection-lost';

export function printerCanPrint(state: PrinterState): boolean {
  return state === 'ok' || state === 'paper-low';
}

/** The printer's state in the devices' common word. */
export function printerDeviceStatus(configured: boolean, state: PrinterState): DeviceStatus {
  if (!configured) return 'none';
  if (state === 'unknown') return 'unknown';
  return printerCanPrint(state) ? 'ok' : 'down';
}

export interface ReceiptFacility {
  name: string;
  address: string;
  phone: string;
}

/** One line of the move-in cost. */
export interface ReceiptChargeLine {
  name: string;
  amount: number;
}

/**
 * A payment approved on the chip and contactless terminal, as an EMV receipt shows it (docs/
 * payment.md): application label, AID, the masked card number (last four digits only), how the
 * card was read, the authorisation code, the terminal and the acquirer's reference. A receipt paid
 * by a typed or swiped card has none.
 */
export interface ReceiptTerminalPayment {
  application_label: string;
  aid: string;
  masked_pan: string;
  entry_mode: 'chip' | 'contactless' | 'swipe' | 'wallet' | 'manual';
  auth_code: string;
  terminal_id: string;
  reference: string;
}

export interface RentalReceipt {
  kind: 'rental';
  facility: ReceiptFacility;
  unit: string;
  move_in_date: string;
  charges: ReceiptChargeLine[];
  total_paid: number;
  /** 'Visa', 'Amex', ...; empty when unknown. */
  card_brand: string;
  /** The card's last four digits. */
  card_last4: string;
  /** The chosen plan's name, or empty for none / own insurance. */
  insurance: string;
  /** The lock bought with the unit, or empty. */
  lock: string;
  autopay: boolean;
  /** Only when the visitor ticked 'Print my gate code'. */
  gatecode?: string;
  /** Paid on the terminal: its EMV fields. */
  terminal?: ReceiptTerminalPayment;
}

export interface ReservationReceipt {
  kind: 'reservation';
  facility: ReceiptFacility;
  unit: string;
  reservation_code: string;
  move_in_date: string;
}

export interface PaymentReceiptUnit {
  unit: string;
  /** Months paid for; 0 for the balance due, or when the unit was not paid (only autopay changed). */
  period: number;
  /** What the unit paid or tried to pay; 0 when it was not paid. */
  amount: number;
  /** The unit's outcome as the result screen shows it ('Payment successful', ...). */
  outcome: string[];
  /** What changed about autopay: enrolled, card updated, cancelled, or none. */
  autopay: 'enrolled' | 'card-updated' | 'cancelled' | 'unchanged';
  /** A locked-out unit's access after the payment, as the result screen says it. */
  access?: string;
}

export interface PaymentReceipt {
  kind: 'payment';
  facility: ReceiptFacility;
  units: PaymentReceiptUnit[];
  /** The card used ('Visa', ...; empty when unknown); absent when no card was given (autopay cancelled). */
  card_brand?: string;
  /** The card's last four digits, with card_brand. */
  card_last4?: string;
  /** Paid on the terminal: its EMV fields. */
  terminal?: ReceiptTerminalPayment;
}

/** A basket bought at /merchandise: each line, the tax and the total, and the card's brand and last four. */
export interface MerchandiseReceipt {
  kind: 'merchandise';
  facility: ReceiptFacility;
  sale_id: string;
  lines: { name: string; quantity: number; total: number }[];
  subtotal: number;
  tax: number;
  total: number;
  card_brand: string;
  card_last4: string;
  /** Paid on the terminal: its EMV fields. */
  terminal?: ReceiptTerminalPayment;
}

export type Receipt = RentalReceipt | ReservationReceipt | PaymentReceipt | MerchandiseReceipt;

/** POST /device/printer/receipt (200): it printed; when it did not, a daemon error with the reason. */
export interface ReceiptPrinted {
  jobId: string;
  printed: true;
}

/** Body of POST /device/printer/receipt. */
export interface PrintRequest {
  /** The session's language; receipts fall back to English for a language they do not have. */
  language: string;
  receipt: Receipt;
}

/** The fields a driver licence scan fills (dates MM/DD/YYYY, as the forms take them). */
export interface IdScanFields {
  first_name: string;
  middle_name: string;
  last_name: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  date_of_birth: string;
  licence_number: string;
  issuing_state: string;
  expiry: string;
}

/** Why a scan filled nothing: the form stays as it was. */
export type IdScanProblem = 'expired' | 'under-18' | 'unreadable' | 'scanner-down';

/** Body of POST /device/id/scan: a keyboard-wedge scan the UI caught, for the daemon to parse. */
export interface IdScanRequest {
  data: string;
}

/** The answer to POST /device/id/scan (the same as the id-scan event of a serial scanner). */
export type IdScanOutcome = { ok: true; fields: IdScanFields } | { ok: false; problem: IdScanProblem; message: string };

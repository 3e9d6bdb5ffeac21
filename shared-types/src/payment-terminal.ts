/**
 * The payment terminal as the daemon and the UI share it (docs/payment-terminal.md): a
 * semi-integrated chip and contactless terminal on the facility LAN that reads the card itself.
 * The page asks for an amount and a purpose; the daemon sends the nexo Payment request, follows
 * it, records the approved payment with the operator, and tells the page each stage. The page
 * never sees a card number, an expiry or a token: only what a receipt shows.
 */

/** KIOSK_PAYMENT: which ways to pay the facility offers (typed entry has its own switch). */
export type PaymentMode = 'terminal' | 'reader' | 'both';

/** GET /device/payment/methods: the ways to pay this kiosk offers now. */
export interface PaymentMethods {
  /** A payment terminal is configured (KIOSK_PAYMENT terminal or both). */
  terminal: boolean;
  /** The seeds' card reader (swipe) is offered. */
  reader: boolean;
  /** Typed card entry on screen is offered (KIOSK_PAYMENT reader or both, and not switched off). */
  typed: boolean;
  /** The operator takes the terminal's card-on-file token for autopay. */
  terminalAutopay: boolean;
}

/** What a payment pays for; the operator's record carries it. */
export type TerminalPaymentPurpose = 'rental' | 'bill' | 'merchandise' | 'autopay';

/** POST /device/payment/terminal: a payment to start on the terminal. */
export interface TerminalPaymentStart {
  purpose: TerminalPaymentPurpose;
  /** In cents, > 0 (0 for an autopay card change: the card is only verified). */
  amountCents: number;
  /** Bill and autopay: the tenant and unit of this visit. */
  tenant?: string;
  spaceId?: string;
}

/**
 * Where a terminal payment is: sending (the request is on its way), present-card (the terminal
 * waits for a card), reading (a card is being read, or the acquirer is asked), remove-card (the
 * chip card may be taken out), approved, declined, cancelled (on the terminal or on the screen),
 * failed (no answer, offline, a bad answer: see `problem`).
 */
export type TerminalStage =
  'sending' | 'present-card' | 'reading' | 'remove-card' | 'approved' | 'declined' | 'cancelled' | 'failed';

/** The stages after which nothing more happens to a payment. */
export const TERMINAL_FINAL_STAGES: readonly TerminalStage[] = ['approved', 'declined', 'cancelled', 'failed'];

/** Why a terminal payment failed, for the log and support (the visitor reads "Please see the Facility Manager"). */
export type TerminalProblem =
  | 'offline'
  | 'no-answer'
  | 'card-removed'
  | 'bad-answer'
  | 'unknown-transaction'
  | 'certificate'
  | 'foreign-terminal'
  | 'not-recorded';

/** How the card was read, as EMV receipts name it. */
export type TerminalEntryMode = 'chip' | 'contactless' | 'swipe' | 'wallet' | 'manual';

/**
 * What an EMV receipt and the screen show of an approved payment. `maskedPan` shows at most the
 * last four digits (`•••• 0119`); nothing here can charge a card again.
 */
export interface TerminalReceipt {
  applicationLabel: string;
  aid: string;
  maskedPan: string;
  brand: string;
  entryMode: TerminalEntryMode;
  authCode: string;
  terminalId: string;
  /** The acquirer's reference (PSP reference). */
  reference: string;
  /** The kiosk's transaction id, the operator's key for the payment. */
  transactionId: string;
  amountCents: number;
  currency: string;
  /** ISO time of the approval, as the terminal gave it. */
  approvedAt: string;
}

/** A terminal payment as the page follows it (POST and GET answers, the payment-terminal event). */
export interface TerminalPaymentState {
  transactionId: string;
  purpose: TerminalPaymentPurpose;
  amountCents: number;
  stage: TerminalStage;
  /** Approved: what the receipt shows. */
  receipt?: TerminalReceipt;
  /** Declined: the terminal's words for support (never shown as is). */
  declineReason?: string;
  /** Failed: why. */
  problem?: TerminalProblem;
  /** Approved for autopay: whether the operator took the card on file. */
  autopayEnrolled?: boolean;
}

export function terminalStageIsFinal(stage: TerminalStage): boolean {
  return TERMINAL_FINAL_STAGES.includes(stage);
}

const STAGES: Record<TerminalStage, null> = {
  sending: null,
  'present-card': null,
  reading: null,
  'remove-card': null,
  approved: null,
  declined: null,
  cancelled: null,
  failed: null,
};
const PURPOSES: Record<TerminalPaymentPurpose, null> = { rental: null, bill: null, merchandise: null, autopay: null };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function isTerminalReceipt(value: unknown): value is TerminalReceipt {
  if (!isObject(value)) return false;
  const texts = ['applicationLabel', 'aid', 'maskedPan', 'brand', 'entryMode', 'authCode', 'terminalId', 'reference'];
  return (
    texts.every((key) => typeof value[key] === 'string') &&
    typeof value.transactionId === 'string' &&
    typeof value.amountCents === 'number' &&
    typeof value.currency === 'string' &&
    typeof value.approvedAt === 'string'
  );
}

/** A terminal payment's state as the daemon sends it (an answer or the payment-terminal event). */
export function isTerminalPaymentState(value: unknown): value is TerminalPaymentState {
  return (
    isObject(value) &&
    typeof value.transactionId === 'string' &&
    typeof value.purpose === 'string' &&
    Object.hasOwn(PURPOSES, value.purpose) &&
    typeof value.amountCents === 'number' &&
    typeof value.stage === 'string' &&
    Object.hasOwn(STAGES, value.stage) &&
    (value.receipt === undefined || isTerminalReceipt(value.receipt))
  );
}

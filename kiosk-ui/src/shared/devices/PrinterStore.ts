import {
  daemonErrorReason,
  isPrintFailureReason,
  printerCanPrint,
  type PrintFailureReason,
  type PrinterHealth,
  type Receipt,
  type ReceiptTerminalPayment,
  type TerminalReceipt,
  type ServerEventOf,
} from '@kiosk/shared-types';
import { makeAutoObservable, runInAction } from 'mobx';
import { ApiError } from '../../api/errors';
import { cardBrand, receiptTerminalPayment, terminalCard } from './receipts';
import type { RootStore } from '../../stores/RootStore';

/** Where the receipt of the screen being shown is. */
export type PrintPhase = 'idle' | 'printing' | 'printed' | 'failed';

export type PrintFailure = PrintFailureReason | 'request-failed';

/**
 * The receipt printer as the UI sees it: its status (asked when a screen with a Print button opens,
 * then followed through printer-status events) and the receipt being printed. Printing never
 * blocks the flow: the visitor may leave the screen while it prints.
 *
 * The card of a rental is kept here only as brand and last four digits, for its receipt.
 */
export class PrinterStore {
  status: PrinterHealth | null = null;
  phase: PrintPhase = 'idle';
  failure: PrintFailure | null = null;
  /** 'Print my gate code' on the rental receipt (off unless the visitor ticks it). */
  printGatecode = false;
  paidCard: { brand: string; last4: string } | null = null;
  /** The rental paid on the terminal: its EMV fields for the receipt; null for a typed or swiped card. */
  paidTerminal: ReceiptTerminalPayment | null = null;

  constructor(readonly root: RootStore) {
    makeAutoObservable(this, { root: false }, { autoBind: true });
    root.events.on('printer-status', this.onPrinterStatus);
  }

  /** A printer is configured: the Print button exists. */
  get available(): boolean {
    return this.status?.configured === true;
  }

  get canPrint(): boolean {
    return this.status !== null && this.status.configured && printerCanPrint(this.status.state);
  }

  /** A screen with a Print button opened: a fresh outcome and the printer's current status. */
  async open(): Promise<void> {
    this.phase = 'idle';
    this.failure = null;
    try {
      const status = await this.root.api.printerStatus();
      runInAction(() => (this.status = status));
    } catch {
      // No answer: keep what the events said; the button stays as it was.
    }
  }

  async print(receipt: Receipt, language: string): Promise<void> {
    if (this.phase === 'printing') return;
    this.phase = 'printing';
    this.failure = null;
    try {
      await this.root.api.printReceipt({ language, receipt });
      runInAction(() => (this.phase = 'printed'));
    } catch (error) {
      const reason = error instanceof ApiError ? daemonErrorReason(error.body) : undefined;
      runInAction(() => {
        this.phase = 'failed';
        this.failure = isPrintFailureReason(reason) ? reason : 'request-failed';
      });
    }
  }

  setPrintGatecode(on: boolean): void {
    this.printGatecode = on;
  }

  /** The rental was paid with this card: only its brand and last four digits are kept. */
  rememberCard(cardNumber: string | null | undefined): void {
    const digits = (cardNumber ?? '').replace(/\D/g, '');
    this.paidCard = digits.length >= 12 ? { brand: cardBrand(digits), last4: digits.slice(-4) } : null;
    this.paidTerminal = null;
  }

  /** Paid on the terminal: its receipt's card (brand label and last four) and EMV fields. */
  rememberTerminalCard(receipt: TerminalReceipt): void {
    this.paidCard = terminalCard(receipt);
    this.paidTerminal = receiptTerminalPayment(receipt);
  }

  onPrinterStatus(event: ServerEventOf<'printer-status'>): void {
    this.status = event.printer;
  }

  reset(): void {
    this.phase = 'idle';
    this.failure = null;
    this.printGatecode = false;
    this.paidCard = null;
    this.paidTerminal = null;
  }
}

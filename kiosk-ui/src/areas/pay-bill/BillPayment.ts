import type {
  PaymentAccess,
  TenantDetail,
  TerminalPaymentStart,
  TerminalPaymentState,
  TerminalReceipt,
} from '@kiosk/shared-types';
import { makeAutoObservable, runInAction } from 'mobx';
import type { PayCard } from '../payment/CardStep';
import { accessOutcome } from './payment-access';
import {
  needsSigning,
  paymentResult,
  paymentSteps,
  wantsAutopay,
  type PaymentStep,
  type StepsResult,
  type UnitOutcome,
} from './payment-plan';
import { unitStatusMessageKeys } from './status-messages';
import { cardBrand, terminalCard } from '../../shared/devices/receipts';
import { SigningWatch } from '../../shared/signing/signing-watch';
import { failureLogger, type LogFailure } from '../../shared/failure-log';
import type { RootStore } from '../../stores/RootStore';
import { autopayAgreements, type UnitAgreement } from './autopay-agreements';
import type { PayUnit } from './PayUnit';
import { payUnit, unitPaymentModel } from './unit-payment';

/** What a payment needs of Pay My Bill: which screen shows, the account and its listed units. */
export interface PayList {
  readonly stage: string;
  readonly account: TenantDetail | null;
  unit(key: string | null): PayUnit | null;
}

/**
 * One payment of Pay My Bill, from Submit to every unit's answer (shell spec §2 states 5 to 7, §4
 * "Submit", "Payment logic"): the card, the autopay agreements signed in the embedded frame
 * (signing/signing-watch.ts: only the registered frame's completion counts), each unit's steps
 * and their outcomes for the result screen.
 *
 * The card is held in a private field, never observable, only while the payment runs, and is
 * dropped once every unit has answered (or the visit ends).
 */
export class BillPayment {
  /** Units processed by the last payment (or cancel), and their outcomes as they arrive. */
  processingKeys: string[] = [];
  outcomes: UnitOutcome[] = [];
  agreements: UnitAgreement[] = [];
  signingIndex = 0;

  /**
   * The kiosk's clock and time zone, which are the facility's (the kiosk PC stands there): the
   * office's next opening is counted on them. Tests fix both.
   */
  clock = { now: () => Date.now(), timeZone: () => Intl.DateTimeFormat().resolvedOptions().timeZone };

  /** The card of the last payment as its receipt names it: brand and last four digits, nothing more. */
  paidCard: { brand: string; last4: string } | null = null;

  /** Paid on the terminal: the units still to pay there, one terminal payment each, in order. */
  terminalQueue: string[] = [];
  /** The last payment approved on the terminal, as the result screen and the receipt show it. */
  terminalReceipt: TerminalReceipt | null = null;
  /** The last payment was made on the terminal. */
  onTerminal = false;

  private card: PayCard | null = null;
  private readonly watch: SigningWatch;
  /** Units of the running payment whose steps have started (a unit is paid or enrolled once). */
  private readonly startedKeys = new Set<string>();

  private readonly log: LogFailure;

  constructor(
    private readonly root: RootStore,
    private readonly list: PayList,
  ) {
    this.log = failureLogger(root.api, 'Billing', () => root.shell.section);
    this.watch = new SigningWatch(
      () => this.currentAgreement?.agreement ?? null,
      (key, signedId) => this.documentSigned(key, signedId),
    );
    makeAutoObservable<this, 'root' | 'list' | 'card' | 'watch' | 'startedKeys' | 'log'>(
      this,
      { root: false, list: false, card: false, watch: false, startedKeys: false, log: false, clock: false },
      { autoBind: true },
    );
  }

  get processing(): boolean {
    return this.list.stage === 'result' && paymentResult(this.processingKeys.length, this.outcomes).processing;
  }

  get succeeded(): boolean {
    return paymentResult(this.processingKeys.length, this.outcomes).success;
  }

  get processedUnits(): PayUnit[] {
    return this.processingKeys.map((key) => this.list.unit(key)).filter((unit): unit is PayUnit => unit !== null);
  }

  /** A payment step failed (as opposed to only an autopay enrolment, update or cancel). */
  get paymentFailed(): boolean {
    return this.processedUnits.some((unit) => unit.statusKeys.includes('pay_bill.status.payment_failed'));
  }

  /** At least one payment went through. */
  get paymentMade(): boolean {
    return this.processedUnits.some((unit) => unit.statusKeys.includes('pay_bill.status.payment_success'));
  }

  get signing(): boolean {
    return this.list.stage === 'result' && this.signingIndex < this.agreements.length;
  }

  get currentAgreement(): UnitAgreement | null {
    return this.signing ? (this.agreements[this.signingIndex] ?? null) : null;
  }

  /**
   * Submit (shell §4) with the validated card (CardStep.submit gave it the calls' form): units
   * enrolling in autopay sign first, the others (a card update of a unit already enrolled too) go
   * at once.
   */
  async start(selected: readonly PayUnit[], card: PayCard): Promise<void> {
    this.onTerminal = false;
    this.terminalReceipt = null;
    this.card = { ...card };
    const digits = card.card_number;
    this.paidCard = digits.length >= 12 ? { brand: cardBrand(digits), last4: digits.slice(-4) } : null;
    this.processingKeys = selected.map((unit) => unit.key);
    this.outcomes = [];
    this.agreements = [];
    this.signingIndex = 0;
    this.startedKeys.clear();
    for (const unit of selected.filter((candidate) => !needsSigning(candidate.choice))) this.startUnit(unit);
    const toSign = selected.filter((unit) => needsSigning(unit.choice));
    if (toSign.length > 0) await this.prepareSigning(toSign);
  }

  // -- on the terminal (docs/payment.md) ----------------------------------------------------------------

  /**
   * Submit on the terminal: each selected unit is paid by its own terminal payment (the operator
   * records each against its unit), one after the other. A unit that only changes autopay and
   * whose operator takes no terminal card is processed at once (the office sets autopay up).
   */
  startOnTerminal(selected: readonly PayUnit[]): void {
    this.onTerminal = true;
    this.card = null;
    this.paidCard = null;
    this.terminalReceipt = null;
    this.processingKeys = selected.map((unit) => unit.key);
    this.outcomes = [];
    this.agreements = [];
    this.signingIndex = 0;
    this.startedKeys.clear();
    this.terminalQueue = [];
    for (const unit of selected) {
      if (this.terminalStart(unit)) this.terminalQueue.push(unit.key);
      else this.startUnit(unit, {}, { transactionId: '', autopay: false });
    }
  }

  /** The unit the terminal is charging now; null when none is left. */
  get terminalUnit(): PayUnit | null {
    return this.list.unit(this.terminalQueue[0] ?? null);
  }

  /**
   * What the terminal charges for a unit: its payment (purpose bill), or, for an autopay change
   * alone where the operator takes the card on file, a card check (purpose autopay, 0); null when
   * the terminal has nothing to do for it.
   */
  terminalStart(unit: PayUnit): TerminalPaymentStart | null {
    const steps = paymentSteps(unit.flags, this.root.config.capabilities);
    const place = { tenant: unit.space.tenant_id, spaceId: unit.space.spaceId };
    if (steps.includes('pay')) return { purpose: 'bill', amountCents: Math.round(unit.resolved.total * 100), ...place };
    if (steps.includes('enrolAutopay') && this.terminalAutopay) return { purpose: 'autopay', amountCents: 0, ...place };
    return null;
  }

  private get terminalAutopay(): boolean {
    return this.root.ifLoaded('payment')?.offered.terminalAutopay ?? false;
  }

  /** The terminal approved the current unit's payment: its steps run with it, and the next unit's turn comes. */
  terminalApproved(payment: TerminalPaymentState & { receipt: TerminalReceipt }): void {
    const unit = this.terminalUnit;
    if (!unit) return;
    this.root.ifLoaded('payment')?.markUsed(payment.transactionId);
    this.terminalQueue = this.terminalQueue.slice(1);
    this.paidCard = terminalCard(payment.receipt);
    this.terminalReceipt = payment.receipt;
    this.startUnit(unit, {}, { transactionId: payment.transactionId, autopay: this.terminalAutopay });
  }

  /**
   * Autopay was asked on the terminal where the operator takes no terminal card on file: the
   * result says the office sets it up (the payment mail told the facility).
   */
  get autopayByOffice(): boolean {
    return this.onTerminal && !this.terminalAutopay && this.processedUnits.some((unit) => wantsAutopay(unit.choice));
  }

  /** Back on the terminal step: the units not paid yet are left out of this payment. */
  stopTerminal(): void {
    const left = this.terminalQueue;
    this.terminalQueue = [];
    this.processingKeys = this.processingKeys.filter((key) => !left.includes(key));
  }

  /** Cancel autopay (shell §4): this unit's steps alone, without a card or a document to sign. */
  processAlone(unit: PayUnit): void {
    this.paidCard = null;
    this.processingKeys = [unit.key];
    this.outcomes = [];
    void this.processUnit(unit);
  }

  /** The agreements of every unit enrolling; a unit whose documents fail is marked failed. */
  private async prepareSigning(units: PayUnit[]): Promise<void> {
    const card = this.card;
    if (!card) return;
    const email = this.root.account.email ?? '';
    const prepared = await Promise.all(
      units.map((unit) =>
        autopayAgreements(this.root.api, unit, this.modelFor(unit), card, email).catch(() => {
          this.finishUnit(unit, ['enrolAutopay'], { outcome: 'error', failedStep: 'enrolAutopay', done: [] });
          return [];
        }),
      ),
    );
    runInAction(() => {
      this.agreements = prepared.flat();
      this.signingIndex = 0;
    });
  }

  /** The embedded frame showing the current agreement (only its messages count: signing/signing-watch.ts). */
  setSigningFrame(frame: MessageEventSource | null): void {
    this.watch.setFrame(frame);
  }

  /** A window message: completes the current agreement when its own frame says it was signed. */
  onSigningMessage(event: Pick<MessageEvent, 'origin' | 'source' | 'data'>): void {
    this.watch.receive(event);
  }

  /**
   * A document was signed (shell §4 Submit): its completion triggers the payment or enrolment of
   * its unit as it arrives, the enrolment carrying the id the completion message gave, and the
   * next agreement shows; after the last the signing screen closes. A unit with several
   * documents is paid and enrolled once, on the first one signed.
   */
  documentSigned(key: string, signedId: string = key): void {
    const current = this.currentAgreement;
    if (!current || current.agreement.key !== key) return;
    current.completed = true;
    this.signingIndex += 1;
    const unit = this.list.unit(current.unitKey);
    if (unit) this.startUnit(unit, { document_id: signedId });
    if (!this.signing) this.closeSigning();
  }

  /**
   * The visitor stops signing: every unit that has not signed yet is not enrolled (its payment,
   * which comes after the signature, never ran), and the result shows.
   */
  cancelSigning(): void {
    const waiting = this.agreements.slice(this.signingIndex).map((entry) => entry.unitKey);
    this.closeSigning();
    for (const key of new Set(waiting)) {
      const unit = this.list.unit(key);
      if (unit && !this.startedKeys.has(unit.key))
        this.finishUnit(unit, ['enrolAutopay'], { outcome: 'error', failedStep: 'enrolAutopay', done: [] });
    }
  }

  /** Runs a unit's steps, once per payment. */
  private startUnit(
    unit: PayUnit,
    extra: { document_id?: string } = {},
    terminal?: { transactionId: string; autopay: boolean },
  ): void {
    if (this.startedKeys.has(unit.key)) return;
    this.startedKeys.add(unit.key);
    void this.processUnit(unit, extra, terminal);
  }

  /** Leaving the result or the list: no agreement stays on screen. */
  closeSigning(): void {
    this.watch.stop();
    this.agreements = [];
    this.signingIndex = 0;
  }

  private modelFor(unit: PayUnit) {
    return unitPaymentModel(unit, this.list.account, this.root.account.email ?? '');
  }

  /** Runs the unit's steps (unit-payment.ts) and records its outcome. */
  async processUnit(
    unit: PayUnit,
    extra: { document_id?: string } = {},
    terminal?: { transactionId: string; autopay: boolean },
  ): Promise<void> {
    const { api, config } = this.root;
    const { steps, result, access } = await payUnit(unit, {
      api,
      capabilities: config.capabilities,
      ownerId: config.ownerId,
      account: this.list.account,
      username: this.root.account.email ?? '',
      card: this.card,
      documentId: extra.document_id,
      ...(terminal ? { terminal } : {}),
      log: this.log,
    });
    this.finishUnit(unit, steps, result, access);
  }

  private finishUnit(unit: PayUnit, steps: readonly PaymentStep[], result: StepsResult, access?: PaymentAccess): void {
    if (!this.processingKeys.includes(unit.key) || unit.outcome !== null) return;
    const timings = this.root.config.facility?.timings?.kiosk_time ?? [];
    unit.setResult(
      result.outcome,
      unitStatusMessageKeys(steps, result, unit.choice.updateCardDetails),
      accessOutcome(access, timings, this.clock.now(), this.clock.timeZone()),
    );
    this.outcomes.push(result.outcome);
    this.root.screenHealth.journey('bill_payment', result.outcome === 'success' ? 'succeeded' : 'failed');
    if (!this.processing) {
      // Every unit answered: the card is no longer needed. Documents still to sign (a unit's later
      // ones, its payment already made on the first) stay on screen until signed or stopped.
      this.card = null;
      if (!this.signing) this.closeSigning();
    }
  }

  /** A new list is loading: the last payment's units and outcomes are forgotten. */
  clearResults(): void {
    this.processingKeys = [];
    this.outcomes = [];
  }

  reset(): void {
    this.closeSigning();
    this.startedKeys.clear();
    this.card = null;
    this.paidCard = null;
    this.terminalQueue = [];
    this.terminalReceipt = null;
    this.onTerminal = false;
    this.clearResults();
  }
}

import {
  terminalStageIsFinal,
  type PaymentMethods,
  type TerminalPaymentStart,
  type TerminalPaymentState,
  type TerminalReceipt,
} from '@kiosk/shared-types';
import { makeAutoObservable, runInAction } from 'mobx';
import { ApiError } from '../../api/errors';
import { FAILED, IDLE, LOADING, ready, type Loadable } from '../../models/loadable';
import { failureLogger, type LogFailure } from '../../shared/failure-log';
import type { RootStore } from '../../stores/RootStore';
import { cancelTerminalPayment, paymentMethods, startTerminalPayment, terminalPayment } from './terminal-api';

/**
 * The ways to pay when the daemon cannot say (an older daemon, no answer): the seeds' reader and
 * typed entry, as the kiosk always offered them. Never the terminal: a payment the page cannot
 * follow must not start.
 */
export const READER_ONLY: PaymentMethods = { terminal: false, reader: true, typed: true, terminalAutopay: false };

/**
 * Where the visitor is with the terminal, beyond the daemon's stages: `starting` while the start
 * request is on its way, `refused` when the daemon would not start it (busy, not this visit).
 */
export type TerminalStep = 'idle' | 'starting' | 'following' | 'refused';

/**
 * One payment step for every payment (docs/payment.md): which ways to pay the kiosk offers
 * (GET /device/payment/methods: the terminal, the seeds' reader, typed entry), and a payment on the
 * terminal from start to its end: started with the amount and purpose, followed through the
 * daemon's payment-terminal events (present card, reading, remove card, approved, declined,
 * cancelled, failed), cancelled by the visitor (the daemon sends the terminal an Abort), retried
 * after a decline as a new payment. The rental checkout, Pay My Bill, Boxes & Supplies and the
 * autopay card change all pay through it; the seeds' swipe and card form are its CardStep
 * (CardStep.ts), their screens components/card.
 *
 * Exactly once: the page never starts a second payment while one it started may still be charged.
 * After the event socket reconnects (the daemon may have restarted) it asks the daemon for the
 * payment it follows and goes on from the answer; only a payment that ended declined or
 * cancelled can be tried again.
 *
 * No card data ever reaches this store: the daemon sends only what a receipt shows.
 */
export class PaymentStore {
  methods: Loadable<PaymentMethods> = IDLE;
  step: TerminalStep = 'idle';
  /** The payment followed, as the daemon last told it. */
  payment: TerminalPaymentState | null = null;
  /** The daemon's reason when it refused to start (busy, not-this-visit...). */
  refusal: string | null = null;
  /** The payment the visitor asked for, kept to try again after a decline. */
  private request: TerminalPaymentStart | null = null;
  /** Approved payments already carried by a purpose call (a rental, a sale): never offered again. */
  private readonly used = new Set<string>();
  /** Stages that came while the start request was on its way, by transaction id. */
  private readonly early = new Map<string, TerminalPaymentState>();
  /** The methods' question on its way (every caller waits for the same answer). */
  private asking: Promise<void> | null = null;
  /** Bumped when the visit ends: a start answered after it belongs to no one and is cancelled. */
  private generation = 0;
  private readonly log: LogFailure;

  constructor(readonly root: RootStore) {
    this.log = failureLogger(root.api, 'Payment', () => root.shell.section);
    makeAutoObservable<this, 'request' | 'used' | 'early' | 'generation' | 'asking' | 'log'>(
      this,
      { root: false, request: false, used: false, early: false, generation: false, asking: false, log: false },
      { autoBind: true },
    );
    // The events client only registers handlers here; it connects in RootStore.start().
    root.events.on('payment-terminal', (event) => this.onStage(event.payment));
    root.events.onReconnect(() => void this.resync());
    // The kiosk's settings, not the visitor's: asked once, as soon as a payment screen's code is here.
    void this.loadMethods();
  }

  // -- what the kiosk offers ---------------------------------------------------------------------

  /**
   * Ask the daemon once (the ways to pay are the kiosk's settings; a change restarts the daemon and
   * reloads the page); no answer: the reader and typed entry, as always, and asked again next time.
   */
  loadMethods(): Promise<void> {
    if (this.methods.state === 'ready') return Promise.resolve();
    this.asking ??= this.askMethods().finally(() => (this.asking = null));
    return this.asking;
  }

  private async askMethods(): Promise<void> {
    this.methods = LOADING;
    try {
      const methods = await paymentMethods(this.root.api);
      runInAction(() => (this.methods = ready(methods)));
    } catch (error) {
      // A daemon without the payment device (404) offers what the kiosk always had: nothing to report.
      if (!(error instanceof ApiError && error.status === 404)) this.log('payment methods', error);
      runInAction(() => (this.methods = FAILED));
    }
  }

  /** What the kiosk offers now (the reader and typed entry until the daemon has answered). */
  get offered(): PaymentMethods {
    return this.methods.state === 'ready' ? this.methods.value : READER_ONLY;
  }

  /** The daemon has answered (or could not): the payment screens know what to show. */
  get methodsKnown(): boolean {
    return this.methods.state === 'ready' || this.methods.state === 'failed';
  }

  get terminalOffered(): boolean {
    return this.offered.terminal;
  }

  /** The seeds' swipe (or typed entry) is offered besides, or instead of, the terminal. */
  get cardOffered(): boolean {
    return this.offered.reader || this.offered.typed;
  }

  // -- a payment on the terminal -----------------------------------------------------------------

  get stage() {
    return this.payment?.stage ?? null;
  }

  /** The payment may still be charged: nothing else may start until it ends. */
  get inProgress(): boolean {
    return this.step === 'starting' || (this.payment !== null && !terminalStageIsFinal(this.payment.stage));
  }

  /** The approved payment not yet used by a purpose call, with its receipt. */
  get approved(): (TerminalPaymentState & { receipt: TerminalReceipt }) | null {
    const payment = this.payment;
    if (payment?.stage !== 'approved' || !payment.receipt || this.used.has(payment.transactionId)) return null;
    return payment as TerminalPaymentState & { receipt: TerminalReceipt };
  }

  /** The visitor may try again: the last payment ended without a charge, or was never started. */
  get canRetry(): boolean {
    return this.step === 'refused' || (this.payment !== null && ['declined', 'cancelled'].includes(this.payment.stage));
  }

  /**
   * Start a payment on the terminal for this amount and purpose. Nothing happens while one may
   * still be charged, or while an approved one waits for its purpose call.
   */
  async start(request: TerminalPaymentStart): Promise<void> {
    if (this.inProgress || this.approved) return;
    this.request = { ...request };
    this.step = 'starting';
    this.payment = null;
    this.refusal = null;
    const generation = this.generation;
    try {
      const state = await startTerminalPayment(this.root.api, request);
      if (generation !== this.generation) {
        // The visit ended while the terminal was being woken: nobody is there to pay.
        void cancelTerminalPayment(this.root.api, state.transactionId).catch(() => undefined);
        return;
      }
      runInAction(() => {
        this.step = 'following';
        // A stage event may already have come (the daemon is quick): it is the later one.
        this.payment = this.early.get(state.transactionId) ?? state;
        this.early.clear();
      });
    } catch (error) {
      this.log('terminal start', error);
      if (generation !== this.generation) return;
      runInAction(() => {
        this.early.clear();
        this.step = 'refused';
        this.refusal = refusalReason(error);
      });
    }
  }

  /** After a decline, a cancel or a refused start: the same payment again, as a new transaction. */
  async retry(): Promise<void> {
    const request = this.request;
    if (!request || !this.canRetry) return;
    this.payment = null;
    this.step = 'idle';
    await this.start(request);
  }

  /** Cancel on the screen: the daemon sends the Abort; the final stage comes as an event. */
  async cancel(): Promise<void> {
    const payment = this.payment;
    if (!payment || terminalStageIsFinal(payment.stage)) return;
    try {
      await cancelTerminalPayment(this.root.api, payment.transactionId);
    } catch (error) {
      // The terminal still decides: its answer arrives as an event, or the resync asks for it.
      this.log('terminal cancel', error);
    }
  }

  /** A stage of the payment this page follows (other kiosks' or older payments are not ours). */
  onStage(state: TerminalPaymentState): void {
    if (this.step === 'starting') {
      // Which payment is ours is known when the start is answered.
      this.early.set(state.transactionId, state);
      return;
    }
    const current = this.payment;
    if (current?.transactionId !== state.transactionId) return;
    // A final stage stays final: a late event of an earlier stage must not bring a payment back.
    if (terminalStageIsFinal(current.stage) && !terminalStageIsFinal(state.stage)) return;
    this.payment = state;
  }

  /**
   * The event socket is back (the daemon may have restarted and missed telling us): ask for the
   * payment followed, and go on from what the daemon says. An unknown transaction ends as failed
   * (the visitor is sent to the manager), never with a new payment.
   */
  async resync(): Promise<void> {
    const payment = this.payment;
    if (!payment || this.step !== 'following') return;
    if (terminalStageIsFinal(payment.stage) && payment.stage !== 'approved') return;
    try {
      const state = await terminalPayment(this.root.api, payment.transactionId);
      runInAction(() => this.onStage(state));
    } catch (error) {
      this.log('terminal status', error);
      const reason = error instanceof ApiError ? refusalReason(error) : null;
      if (reason === 'unknown-transaction') {
        runInAction(() => {
          if (this.payment?.transactionId === payment.transactionId && !terminalStageIsFinal(this.payment.stage))
            this.payment = { ...this.payment, stage: 'failed', problem: 'unknown-transaction' };
        });
      }
    }
  }

  /**
   * The purpose call (rental, pre-pay, sale, autopay) carried this approved payment: it is not
   * offered again. The receipt stays until the step is left.
   */
  markUsed(transactionId: string): void {
    this.used.add(transactionId);
  }

  /** Leaving the payment step: forget a payment that ended (an unfinished one is cancelled). */
  leave(): void {
    if (this.inProgress) void this.cancel();
    if (this.inProgress) return;
    this.payment = null;
    this.request = null;
    this.refusal = null;
    this.step = 'idle';
  }

  reset(): void {
    if (this.inProgress) void this.cancel();
    this.generation += 1;
    this.early.clear();
    // What the kiosk offers is no visitor's: it stays, unless the daemon could not say.
    if (this.methods.state === 'failed') this.methods = IDLE;
    this.payment = null;
    this.request = null;
    this.refusal = null;
    this.step = 'idle';
    this.used.clear();
  }
}

/** The daemon's `reason` of a refused request, else a generic one. */
function refusalReason(error: unknown): string {
  if (error instanceof ApiError) {
    const body = error.body as { reason?: unknown } | null;
    if (typeof body?.reason === 'string') return body.reason;
  }
  return 'failed';
}

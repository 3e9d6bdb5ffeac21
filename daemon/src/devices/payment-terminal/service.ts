import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { request } from 'undici';
import {
  terminalStageIsFinal,
  type DeviceStatus,
  type PaymentMethods,
  type ServerEvent,
  type TerminalPaymentPurpose,
  type TerminalPaymentStart,
  type TerminalPaymentState,
  type TerminalProblem,
  type TerminalStage,
} from '@kiosk/shared-types';
import type { PaymentSettings } from '../../config.js';
import type { OwnCall } from '../../outbox/outbox.js';
import { AnswerError, readPaymentResponse, readTransactionStatus, type PaymentReading } from './answers.js';
import { TerminalJournal, type JournalEntry } from './journal.js';
import { LinkError, TerminalLink } from './link.js';
import type { PaymentTerminalMetrics } from './metrics.js';

/**
 * The payment terminal (docs/payment-terminal.md): one payment at a time, sent as a nexo Payment
 * request and followed to its end, every step in the journal before it matters, so that a payment
 * is charged once and recorded with the operator once whatever stops the daemon. The page follows
 * the stages through the `payment-terminal` event; the operator is told by the daemon (through the
 * outbox), never by the page, and the page hears `approved` only once that record is kept.
 *
 * Long because the steps of one payment (send, answer, ask, record, recover) read best together.
 */

export interface PaymentTerminalOptions {
  settings: PaymentSettings;
  stateDir: string;
  facilityId: string;
  log: FastifyBaseLogger;
  broadcast: (event: ServerEvent) => void;
  metrics: PaymentTerminalMetrics;
  /** Hand the operator's record to the outbox (durably stored when it resolves). */
  record: (call: OwnCall) => Promise<void>;
  /** Between two TransactionStatus questions about a payment not yet known. */
  statusRetryMs?: number;
  /** How long a payment the terminal still reads is asked about before it is left to the background. */
  statusTries?: number;
  /** Between two attempts to resolve what is left unresolved (terminal unreachable, outbox full). */
  unresolvedRetryMs?: number;
}

export type StartRefusal = 'busy' | 'no-terminal';

export interface TerminalHealthFields {
  status: DeviceStatus;
  problem?: string;
  make: string;
  model: string;
  serial: string;
  poiId: string;
  /** ISO time of the terminal's last answer to anything, null when it never answered. */
  lastAnswerAt: string | null;
}

const CURRENCY = 'USD';
const STATUS_TIMEOUT_MS = 10_000;
const ABORT_TIMEOUT_MS = 10_000;

/** Dollars with cents as the operator writes amounts: 5900 → "59.00". */
export const dollars = (cents: number): string => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

export class PaymentTerminalService {
  private readonly journal: TerminalJournal;
  private readonly link: TerminalLink | null;
  /** The payment being taken now, and its stage as the page sees it. */
  private current: { entry: JournalEntry; stage: TerminalStage; aborted: boolean } | null = null;
  /** Stages of payments in flight that the journal's step does not tell (present-card, reading). */
  private readonly liveStages = new Map<string, TerminalStage>();
  private health: { status: DeviceStatus; problem?: string } = { status: 'unknown' };
  private lastAnswerAt: number | null = null;
  /** Each open payment's next attempt to resolve it. */
  private readonly retryTimers = new Map<string, NodeJS.Timeout>();
  private resolving: Promise<void> = Promise.resolve();
  private closed = false;
  /** Card-on-file tokens between the approval and the operator's record: memory only. */
  private readonly tokens = new Map<string, string>();

  constructor(private readonly options: PaymentTerminalOptions) {
    this.journal = new TerminalJournal(join(options.stateDir, 'payment-terminal'));
    const { settings } = options;
    this.link =
      settings.mode !== 'reader' && settings.terminalUrl !== null && settings.terminalCaFile !== null
        ? new TerminalLink({
            url: settings.terminalUrl,
            poiId: settings.terminalPoiId,
            ca: readFileSync(settings.terminalCaFile, 'utf8'),
            key: settings.terminalKey,
            saleId: `kiosk-${options.facilityId}`.slice(0, 32),
          })
        : null;
    if (this.link === null) this.health = { status: 'none' };
  }

  get configured(): boolean {
    return this.link !== null;
  }

  methods(): PaymentMethods {
    const { mode, typedEntry, terminalAutopay } = this.options.settings;
    return {
      terminal: this.link !== null,
      reader: mode !== 'terminal',
      typed: mode !== 'terminal' && typedEntry,
      terminalAutopay: this.link !== null && terminalAutopay,
    };
  }

  /** Read the journal and resolve what a stop left open (in the background: the terminal may be away). */
  async open(): Promise<void> {
    const entries = await this.journal.open((file) =>
      this.options.log.error({ file }, 'payment terminal: journal file damaged, left aside'),
    );
    const open = entries.filter((entry) => entry.step !== 'final');
    if (open.length > 0)
      this.options.log.warn(
        { payments: open.map((entry) => entry.transactionId) },
        'payment terminal: resolving payments left open by a stop',
      );
    for (const entry of open) this.resolveLater(entry);
  }

  /** Start a payment: its journal entry is on disk before this returns, the request goes out after. */
  async start(wanted: TerminalPaymentStart): Promise<TerminalPaymentState | StartRefusal> {
    if (this.link === null) return 'no-terminal';
    if (this.current !== null) return 'busy';
    const entry: JournalEntry = {
      transactionId: randomBytes(5).toString('hex'),
      purpose: wanted.purpose,
      amountCents: wanted.amountCents,
      currency: CURRENCY,
      ...(wanted.tenant ? { tenant: wanted.tenant } : {}),
      ...(wanted.spaceId ? { spaceId: wanted.spaceId } : {}),
      step: 'prepared',
      steps: [],
      used: false,
    };
    this.current = { entry, stage: 'sending', aborted: false };
    try {
      await this.journal.write(entry, 'prepared');
    } catch (error) {
      this.current = null;
      throw error;
    }
    this.options.log.info(
      { transactionId: entry.transactionId, purpose: entry.purpose, amountCents: entry.amountCents },
      'payment terminal: payment started',
    );
    const state = this.stateOf(entry);
    void this.take(entry);
    return state;
  }

  /** A payment as the page follows it; undefined when this kiosk has no such transaction. */
  payment(transactionId: string): TerminalPaymentState | undefined {
    const entry = this.journal.get(transactionId);
    return entry === undefined ? undefined : this.stateOf(entry);
  }

  /** The visitor cancels on the screen: the nexo Abort; the payment's end comes as an event. */
  async cancel(transactionId: string): Promise<boolean> {
    const current = this.current;
    if (current === null || current.entry.transactionId !== transactionId || this.link === null) return false;
    if (current.entry.step !== 'sent') return false;
    current.aborted = true;
    try {
      await this.abort(transactionId);
      this.options.log.info({ transactionId }, 'payment terminal: cancelled on the screen, Abort sent');
      return true;
    } catch (error) {
      this.options.log.warn(
        { transactionId, reason: (error as Error).message },
        'payment terminal: Abort not delivered',
      );
      return false;
    }
  }

  /** For the visit's check of a purpose call that names a terminal payment. */
  approvedPayment(
    transactionId: string,
  ):
    | { purpose: TerminalPaymentPurpose; amountCents: number; tenant?: string; spaceId?: string; used: boolean }
    | undefined {
    const entry = this.journal.get(transactionId);
    if (entry === undefined || entry.outcome !== 'approved') return undefined;
    return {
      purpose: entry.purpose,
      amountCents: entry.amountCents,
      ...(entry.tenant ? { tenant: entry.tenant } : {}),
      ...(entry.spaceId ? { spaceId: entry.spaceId } : {}),
      used: entry.used,
    };
  }

  /**
   * A purpose call used the payment: it pays for nothing else. Marked at once (the next check in
   * the same moment sees it), then kept on disk; a failed write is logged, the mark stays.
   */
  markUsed(transactionId: string): void {
    const entry = this.journal.get(transactionId);
    if (entry === undefined || entry.used) return;
    entry.used = true;
    this.journal
      .write(entry, entry.step, { used: true })
      .catch((error: unknown) =>
        this.options.log.error(
          { transactionId, reason: (error as Error).message },
          'payment terminal: used mark not written',
        ),
      );
  }

  /** The terminal asked now (nexo Diagnosis): ok when it answers as itself. */
  async checkHealth(): Promise<DeviceStatus> {
    if (this.link === null) return 'none';
    if (this.current !== null) return this.health.status;
    try {
      const answer = await this.link.send(
        {
          header: { category: 'Diagnosis', serviceId: this.serviceId() },
          DiagnosisRequest: { HostDiagnosisFlag: false },
        },
        STATUS_TIMEOUT_MS,
      );
      this.answered();
      const result = (answer?.DiagnosisResponse as { Response?: { Result?: string } } | undefined)?.Response?.Result;
      this.health = result === 'Success' ? { status: 'ok' } : { status: 'down', problem: 'diagnosis-failed' };
    } catch (error) {
      const problem = error instanceof LinkError ? error.problem : 'bad-answer';
      if (this.health.status !== 'down')
        this.options.log.warn({ problem, reason: (error as Error).message }, 'payment terminal: health check failed');
      this.health = { status: 'down', problem };
    }
    this.options.metrics.terminalUp.set(this.health.status === 'ok' ? 1 : 0);
    return this.health.status;
  }

  status(): DeviceStatus {
    return this.health.status;
  }

  /** What support reads (PCI DSS 9.5.1 device list): make, model, serial from the POIID, last answer. */
  healthFields(): TerminalHealthFields {
    const poiId = this.options.settings.terminalPoiId;
    const [model = '', serial = ''] = poiId.split('-');
    return {
      ...this.health,
      make: this.link === null ? '' : 'Adyen',
      model: this.link === null ? '' : model,
      serial: this.link === null ? '' : serial,
      poiId: this.link === null ? '' : poiId,
      lastAnswerAt: this.lastAnswerAt === null ? null : new Date(this.lastAnswerAt).toISOString(),
    };
  }

  /** The simulator's next outcome (sandbox demo and tests), passed on to its control call. */
  async simulateNext(body: { outcome: string; entryMode?: string }): Promise<{ statusCode: number; body: unknown }> {
    const url = new URL('/__simulator/next', this.options.settings.terminalUrl ?? 'https://127.0.0.1');
    const answer = await request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      dispatcher: this.link?.dispatcherForControl(),
      headersTimeout: 5000,
      bodyTimeout: 5000,
    });
    return { statusCode: answer.statusCode, body: (await answer.body.json()) as unknown };
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.retryTimers.values()) clearTimeout(timer);
    await this.link?.close().catch(() => {});
    await this.journal.idle();
  }

  // ---- one payment --------------------------------------------------------------------------

  private async take(entry: JournalEntry): Promise<void> {
    const link = this.link!;
    const { transactionId } = entry;
    try {
      // Written before the request goes out: from here on the terminal may have it.
      await this.journal.write(entry, 'sent');
      // The local Terminal API answers once, at the end: the terminal shows "present card" as soon
      // as it has the request, so the screen says so while the answer is awaited.
      this.setStage(entry, 'present-card');
      let reading: PaymentReading;
      try {
        const answer = await link.send(
          {
            header: { category: 'Payment', serviceId: transactionId },
            PaymentRequest: this.paymentRequest(entry) as never,
          },
          this.options.settings.terminalTimeoutMs,
        );
        this.answered();
        reading = readPaymentResponse(answer?.PaymentResponse, this.current?.aborted ?? false);
      } catch (error) {
        const problem = this.problemOf(error);
        this.options.log.warn(
          { transactionId, problem, reason: (error as Error).message },
          'payment terminal: no usable answer to the payment',
        );
        if (error instanceof LinkError && !error.maybeReceived) {
          await this.finish(entry, { kind: 'failed', problem, reason: error.message });
          return;
        }
        if (problem === 'no-answer') await this.abort(transactionId).catch(() => {});
        const settled = await this.askStatus(entry, problem);
        if (!settled) {
          // Not known yet whether the card was charged: the visitor is sent to the manager, and
          // the terminal is asked again until it says (a charge found then is recorded).
          await this.journal.write(entry, 'sent', { problem });
          this.resolveLater(entry);
          this.current = null;
          this.publish(entry, {});
        }
        return;
      }
      await this.settle(entry, reading);
    } catch (error) {
      // The journal or the outbox could not be written: the payment's state is what the disk says.
      this.options.log.error(
        { transactionId, reason: (error as Error).message },
        'payment terminal: payment step failed',
      );
      const problem: TerminalProblem = entry.step === 'approved' ? 'not-recorded' : 'no-answer';
      // Kept with the entry so the page reads it too; in memory only if the disk refuses this as well.
      await this.journal.write(entry, entry.step, { problem }).catch(() => Object.assign(entry, { problem }));
      if (this.current?.entry === entry) this.current = null;
      this.publish(entry, {});
      this.resolveLater(entry);
    } finally {
      if (this.current?.entry === entry) this.current = null;
      this.liveStages.delete(transactionId);
    }
  }

  /**
   * Ask the terminal what became of a payment it may have had. True when the question settled it
   * (approved and recorded, or known not to be charged); false when it must be asked again later.
   */
  private async askStatus(entry: JournalEntry, problem: TerminalProblem): Promise<boolean> {
    const tries = this.options.statusTries ?? 5;
    for (let attempt = 0; attempt < tries && !this.closed; attempt += 1) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, this.options.statusRetryMs ?? 2000));
      try {
        const answer = await this.link!.send(
          {
            header: { category: 'TransactionStatus', serviceId: this.serviceId() },
            TransactionStatusRequest: {
              ReceiptReprintFlag: true,
              DocumentQualifier: ['CashierReceipt', 'CustomerReceipt'],
              MessageReference: {
                MessageCategory: 'Payment',
                SaleID: this.link!.saleId,
                ServiceID: entry.transactionId,
              },
            } as never,
          },
          STATUS_TIMEOUT_MS,
        );
        this.answered();
        // Aborted by the visitor is a cancel; aborted by the kiosk after no answer is the problem.
        const status = readTransactionStatus(
          answer?.TransactionStatusResponse,
          this.current?.entry === entry && this.current.aborted,
        );
        if (status.kind === 'in-progress') continue;
        if (status.kind === 'not-found') {
          await this.finish(entry, {
            kind: 'failed',
            problem,
            reason: 'terminal has no such transaction: not charged',
          });
          return true;
        }
        await this.settle(entry, status.payment.kind === 'failed' ? { ...status.payment, problem } : status.payment);
        return true;
      } catch (error) {
        this.options.log.warn(
          { transactionId: entry.transactionId, problem: this.problemOf(error), reason: (error as Error).message },
          'payment terminal: TransactionStatus not answered',
        );
      }
    }
    return false;
  }

  /** The terminal's final word: approved is recorded with the operator before anyone hears it. */
  private async settle(entry: JournalEntry, reading: PaymentReading): Promise<void> {
    if (reading.kind !== 'approved') {
      await this.finish(entry, reading);
      return;
    }
    const receipt = {
      ...reading.receipt,
      transactionId: entry.transactionId,
      amountCents: entry.amountCents,
      currency: entry.currency,
    };
    if (reading.token) this.tokens.set(entry.transactionId, reading.token);
    await this.journal.write(entry, 'approved', { receipt });
    // A chip card stays in the terminal until the approval: it says "remove card" while the
    // operator's record is kept; other cards are long gone.
    this.setStage(entry, receipt.entryMode === 'chip' ? 'remove-card' : 'reading');
    await this.recordWithOperator(entry);
  }

  /** Hand the approved payment's record to the outbox; the page hears `approved` after. */
  private async recordWithOperator(entry: JournalEntry): Promise<void> {
    const receipt = entry.receipt!;
    const token = this.tokens.get(entry.transactionId);
    const sendToken = entry.purpose === 'autopay' && this.options.settings.terminalAutopay && token !== undefined;
    await this.options.record({
      route: 'recordTerminalPayment',
      params: { facility: this.options.facilityId },
      key: entry.transactionId,
      json: {
        transaction_id: entry.transactionId,
        purpose: entry.purpose,
        amount: dollars(entry.amountCents),
        currency: entry.currency,
        ...(entry.tenant ? { tenant_id: entry.tenant } : {}),
        ...(entry.spaceId ? { space_id: entry.spaceId } : {}),
        psp_reference: receipt.reference,
        auth_code: receipt.authCode,
        masked_pan: receipt.maskedPan,
        brand: receipt.brand,
        application_label: receipt.applicationLabel,
        aid: receipt.aid,
        entry_mode: receipt.entryMode,
        terminal_id: receipt.terminalId,
        approved_at: receipt.approvedAt,
      },
      // The token goes to the operator from memory only: never in the outbox's file.
      ...(sendToken ? { inMemory: { recurring_token: token } } : {}),
    });
    this.tokens.delete(entry.transactionId);
    await this.journal.write(entry, 'recorded');
    await this.finish(entry, { kind: 'approved', receipt, autopayEnrolled: sendToken });
  }

  private async finish(
    entry: JournalEntry,
    reading:
      | Exclude<PaymentReading, { kind: 'approved' }>
      | { kind: 'approved'; receipt: NonNullable<JournalEntry['receipt']>; autopayEnrolled: boolean },
  ): Promise<void> {
    const fields: Partial<JournalEntry> =
      reading.kind === 'approved'
        ? { outcome: 'approved', ...(entry.purpose === 'autopay' ? { autopayEnrolled: reading.autopayEnrolled } : {}) }
        : reading.kind === 'declined'
          ? { outcome: 'declined', declineReason: reading.reason.slice(0, 100) }
          : reading.kind === 'cancelled'
            ? { outcome: 'cancelled' }
            : { outcome: 'failed', problem: reading.problem };
    await this.journal.write(entry, 'final', fields);
    // The terminal is free for the next payment before the page hears this one ended.
    if (this.current?.entry === entry) this.current = null;
    this.options.metrics.payments.inc({ outcome: fields.outcome! });
    this.options.log.info(
      {
        transactionId: entry.transactionId,
        outcome: fields.outcome,
        ...(fields.problem ? { problem: fields.problem } : {}),
        ...(entry.receipt ? { maskedPan: entry.receipt.maskedPan, reference: entry.receipt.reference } : {}),
      },
      'payment terminal: payment ended',
    );
    this.publish(entry, {});
  }

  // ---- what stops left open ------------------------------------------------------------------

  /** Resolve an open entry now, and again on a timer until it is (one at a time). */
  private resolveLater(entry: JournalEntry): void {
    this.resolving = this.resolving.then(() => this.resolve(entry)).catch(() => {});
  }

  private async resolve(entry: JournalEntry): Promise<void> {
    if (this.closed || entry.step === 'final') return;
    let settled = true;
    try {
      if (entry.step === 'prepared') {
        // The request never left: nothing was charged.
        await this.finish(entry, {
          kind: 'failed',
          problem: 'no-answer',
          reason: 'stopped before the request was sent',
        });
      } else if (entry.step === 'sent') {
        settled = await this.askStatus(entry, entry.problem ?? 'no-answer');
      } else if (entry.step === 'approved') {
        await this.recordWithOperator(entry);
      } else if (entry.step === 'recorded') {
        await this.finish(entry, {
          kind: 'approved',
          receipt: entry.receipt!,
          autopayEnrolled: entry.autopayEnrolled ?? false,
        });
      }
    } catch (error) {
      settled = false;
      this.options.log.error(
        { transactionId: entry.transactionId, reason: (error as Error).message },
        'payment terminal: could not resolve',
      );
    }
    if (!settled && !this.closed) {
      clearTimeout(this.retryTimers.get(entry.transactionId));
      const timer = setTimeout(() => {
        this.retryTimers.delete(entry.transactionId);
        this.resolveLater(entry);
      }, this.options.unresolvedRetryMs ?? 30_000);
      timer.unref();
      this.retryTimers.set(entry.transactionId, timer);
    }
  }

  /** Settled: every open resolution done (tests). */
  settled(): Promise<void> {
    return this.resolving;
  }

  // ---- small parts ---------------------------------------------------------------------------

  private paymentRequest(entry: JournalEntry): Record<string, unknown> {
    const cardOnFile = entry.purpose === 'autopay' && this.options.settings.terminalAutopay;
    return {
      SaleData: {
        SaleTransactionID: { TransactionID: entry.transactionId, TimeStamp: new Date().toISOString() },
        ...(cardOnFile
          ? {
              SaleToAcquirerData: `recurringProcessingModel=CardOnFile&shopperReference=${encodeURIComponent(
                entry.tenant ?? entry.transactionId,
              )}`,
              TokenRequestedType: 'Customer',
            }
          : {}),
      },
      PaymentTransaction: { AmountsReq: { Currency: entry.currency, RequestedAmount: entry.amountCents / 100 } },
    };
  }

  private async abort(transactionId: string): Promise<void> {
    await this.link!.send(
      {
        header: { category: 'Abort', serviceId: this.serviceId() },
        AbortRequest: {
          AbortReason: 'MerchantAbort',
          MessageReference: { MessageCategory: 'Payment', SaleID: this.link!.saleId, ServiceID: transactionId },
        } as never,
      },
      ABORT_TIMEOUT_MS,
    );
  }

  private problemOf(error: unknown): TerminalProblem {
    if (error instanceof LinkError) return error.problem;
    if (error instanceof AnswerError) return 'bad-answer';
    return 'bad-answer';
  }

  private answered(): void {
    this.lastAnswerAt = Date.now();
    this.options.metrics.lastAnswer.set(this.lastAnswerAt / 1000);
  }

  /** A nexo ServiceID (at most 10 characters) for a message that is not a payment. */
  private serviceId(): string {
    return randomBytes(5).toString('hex');
  }

  private setStage(entry: JournalEntry, stage: TerminalStage): void {
    this.liveStages.set(entry.transactionId, stage);
    if (this.current?.entry === entry) this.current.stage = stage;
    this.publish(entry, {});
  }

  private publish(entry: JournalEntry, override: Partial<TerminalPaymentState>): void {
    this.options.broadcast({ type: 'payment-terminal', payment: { ...this.stateOf(entry), ...override } });
  }

  private stateOf(entry: JournalEntry): TerminalPaymentState {
    const inFlight = this.current?.entry === entry;
    const stage: TerminalStage =
      entry.outcome ??
      (inFlight ? this.liveStages.get(entry.transactionId) : undefined) ??
      (entry.problem !== undefined && !inFlight
        ? 'failed'
        : entry.step === 'prepared'
          ? 'sending'
          : entry.step === 'sent'
            ? 'present-card'
            : 'reading');
    return {
      transactionId: entry.transactionId,
      purpose: entry.purpose,
      amountCents: entry.amountCents,
      stage,
      ...(stage === 'approved' && entry.receipt ? { receipt: entry.receipt } : {}),
      ...(stage === 'declined' && entry.declineReason ? { declineReason: entry.declineReason } : {}),
      ...(stage === 'failed' && entry.problem ? { problem: entry.problem } : {}),
      ...(stage === 'approved' && entry.autopayEnrolled !== undefined
        ? { autopayEnrolled: entry.autopayEnrolled }
        : {}),
    };
  }
}

export { terminalStageIsFinal };

import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  printerCanPrint,
  printerDeviceStatus,
  type PrintFailureReason,
  type PrinterState,
  type PrinterHealth,
  type Receipt,
  type ServerEvent,
} from '@kiosk/shared-types';
import { openLink, PrinterFault, type PrinterLink } from './link.js';
import { encodeReceipt, type PaperWidth } from './receipts.js';
import { readStatus } from './status.js';

/**
 * The receipt printer: its state from the real-time status (every poll, before and after each
 * job), one job at a time, each ending printed or with a reason. Receipt contents are never logged:
 * only job ids, kinds, outcomes and sizes.
 */
export type PrintOutcome =
  { jobId: string; printed: true } | { jobId: string; printed: false; reason: PrintFailureReason; message: string };

export interface PrinterServiceOptions {
  url: string | null;
  width: PaperWidth;
  timeoutMs: number;
  log: FastifyBaseLogger;
  broadcast(event: ServerEvent): void;
  /** Called on every state change and job end (metrics). */
  onState?(state: PrinterState): void;
  /** Called when a job ends: 'printed' or the failure reason (metrics). */
  onJob?(outcome: 'printed' | PrintFailureReason): void;
  now?: () => Date;
}

/** The message for a printer that cannot take a job in this state. */
const STATE_FAULTS: Partial<Record<PrinterState, { reason: PrintFailureReason; message: string }>> = {
  'paper-out': { reason: 'paper-out', message: 'The printer is out of paper.' },
  'cover-open': { reason: 'cover-open', message: 'The printer cover is open.' },
  offline: { reason: 'offline', message: 'The printer is offline.' },
  unreachable: { reason: 'unreachable', message: 'The printer is not answering.' },
};

export class PrinterService {
  private state: PrinterState = 'unknown';
  private job: string | undefined;
  private check: Promise<PrinterState> | undefined;
  private link: PrinterLink | undefined;

  constructor(private readonly options: PrinterServiceOptions) {}

  get configured(): boolean {
    return this.options.url !== null;
  }

  get busy(): boolean {
    return this.job !== undefined;
  }

  status(): PrinterHealth {
    return {
      status: printerDeviceStatus(this.configured, this.state),
      configured: this.configured,
      state: this.state,
      canPrint: this.configured && printerCanPrint(this.state),
    };
  }

  /** Ask the printer now (sharing a check already running; a running job's own checks count). */
  checkStatus(): Promise<PrinterState> {
    if (!this.configured || this.busy) return Promise.resolve(this.state);
    this.check ??= this.runCheck().finally(() => {
      this.check = undefined;
    });
    return this.check;
  }

  private async runCheck(): Promise<PrinterState> {
    let link: PrinterLink | undefined;
    try {
      // Connecting and each status answer are bounded by the timeout, so a hung printer ends the check.
      link = await openLink(this.options.url!, this.options.timeoutMs);
      this.setState(await this.readState(link));
    } catch {
      this.setState('unreachable');
    } finally {
      link?.close();
    }
    return this.state;
  }

  /** Print a receipt; resolves when the job ended either way (never rejects). */
  async print(receipt: Receipt, language: string): Promise<PrintOutcome> {
    const jobId = randomUUID();
    const { log } = this.options;
    if (!this.configured) return this.failed(jobId, 'not-configured', 'No receipt printer is configured.');
    if (this.busy) return this.failed(jobId, 'busy', 'A receipt is already printing.');
    this.job = jobId;
    await this.check?.catch(() => undefined);
    const bytes = encodeReceipt(receipt, {
      language,
      width: this.options.width,
      now: this.options.now?.() ?? new Date(),
    });
    log.info({ jobId, kind: receipt.kind, bytes: bytes.length }, 'receipt print started');
    let timedOut = false;
    const deadline = setTimeout(() => {
      timedOut = true;
      this.link?.close();
    }, this.options.timeoutMs);
    try {
      this.link = await openLink(this.options.url!, this.options.timeoutMs);
      const before = await this.readState(this.link);
      this.setState(before);
      const fault = STATE_FAULTS[before];
      if (fault !== undefined) return this.end(jobId, this.failed(jobId, fault.reason, fault.message));
      await this.link.write(bytes);
      // Asking again after the job: the answer comes once the printer has read everything before it,
      // and tells whether the paper ran out on this receipt.
      this.setState(await this.readState(this.link));
      return this.end(jobId, { jobId, printed: true });
    } catch (error) {
      const fault = timedOut
        ? new PrinterFault('timeout', 'The printer did not finish the receipt in time.')
        : error instanceof PrinterFault
          ? error
          : new PrinterFault('unreachable', 'The printer is not answering.');
      this.setState('unreachable');
      return this.end(jobId, this.failed(jobId, fault.reason, this.messageFor(fault)));
    } finally {
      clearTimeout(deadline);
      this.link?.close();
      this.link = undefined;
      this.job = undefined;
    }
  }

  /** Shutdown: abandon a running job. */
  close(): void {
    this.link?.close();
  }

  private async readState(link: PrinterLink): Promise<PrinterState> {
    const bytes = await link.status();
    // A device file has no status channel: it is there and writable, which is all we know.
    return bytes === undefined ? 'ok' : readStatus(bytes);
  }

  private messageFor(fault: PrinterFault): string {
    switch (fault.reason) {
      case 'timeout':
        return 'The printer did not answer in time.';
      case 'connection-lost':
        return 'The printer closed the connection before the receipt was finished.';
      default:
        return 'The printer is not answering.';
    }
  }

  private setState(state: PrinterState): void {
    if (state === this.state) return;
    this.state = state;
    this.options.log.info({ state }, 'printer state changed');
    this.options.onState?.(state);
    this.options.broadcast({ type: 'printer-status', printer: this.status() });
  }

  private failed(jobId: string, reason: PrintFailureReason, message: string): PrintOutcome {
    return { jobId, printed: false, reason, message };
  }

  private end(jobId: string, outcome: PrintOutcome): PrintOutcome {
    const { log } = this.options;
    if (outcome.printed) log.info({ jobId }, 'receipt printed');
    else log.warn({ jobId, reason: outcome.reason }, 'receipt not printed');
    this.options.onJob?.(outcome.printed ? 'printed' : outcome.reason);
    this.options.broadcast({ type: 'print-result', ...outcome });
    return outcome;
  }
}

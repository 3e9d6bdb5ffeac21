import {
  maskCardNumbersInText,
  maskSecrets,
  removeSecretValues,
  type ShippedLogEntry,
  type UiLogEvent,
} from '@kiosk/shared-types';
import type { Dispatcher } from 'undici';
import { Spool, diskSpace } from './spool.js';
import { ShipError, retryDelayMs, shipBatch } from './shipper.js';

/**
 * The log pipeline: UI events in, masked entries out to the logging app, at least once.
 *
 * Every accepted batch is written to the disk spool before POST /log answers (the spool is the
 * queue, not only the fallback), so neither a restart nor a crash nor a power cut loses an event
 * the UI was told was accepted. The shipper drains the spool in order, batching by count and age,
 * and backs off while the logging app is unreachable. A batch whose POST succeeded but whose file
 * was not yet deleted is sent again after a crash: duplicates are possible, losses are not.
 */

/** lost: accepted by nobody, because the spool could not be written (a full or failing disk). */
export type LogStage = 'accepted' | 'spooled' | 'shipped' | 'dropped' | 'discarded' | 'lost';

export interface LogPipelineOptions {
  /** null: no logging app configured; entries are masked and counted as discarded, never spooled. */
  logUrl: string | null;
  spoolDir: string;
  spoolMaxBytes: number;
  batchSize: number;
  batchMs: number;
  retryBaseMs: number;
  retryMaxMs: number;
  shipTimeoutMs: number;
  /** How batches reach the logging app (outbound.ts: private CA, proxy); undici's global one when absent. */
  dispatcher?: Dispatcher;
  log: {
    info(obj: object, msg: string): void;
    warn(obj: object, msg: string): void;
    error(obj: object, msg: string): void;
  };
  count?: (stage: LogStage, entries: number) => void;
  spoolBytes?: (bytes: number) => void;
}

export interface LogPipelineStats {
  spoolFiles: number;
  spoolBytes: number;
  /** Entries on disk waiting for the logging app. */
  spoolEntries: number;
  /** ISO time of the last batch the logging app accepted; null since start until one is. */
  lastShipAt: string | null;
  accepted: number;
  shipped: number;
  dropped: number;
  discarded: number;
  /** Failed ships in a row (0 while the logging app answers). */
  consecutiveFailures: number;
  /** Events lost because the spool could not be written. */
  lost: number;
  /** The error code of the last spool write when it failed (ENOSPC, EROFS, EIO...); null once one succeeds. */
  spoolWriteError: string | null;
  /** Why the last ship failed (a TLS failure is named by its code), until one succeeds. */
  lastFailure: string | null;
}

/**
 * Free space under which the spool's file system counts as low: 100 MiB (twice the default spool
 * bound) or 10 % of the file system, whichever is reached first. The KioskDiskFilling alert
 * (ops/prometheus) uses the same figures.
 */
export const SPOOL_DISK_LOW = { bytes: 100 * 1024 * 1024, fraction: 0.1 } as const;

export interface SpoolHealth {
  status: 'ok' | 'low' | 'full' | 'failing';
  free_bytes: number | null;
  size_bytes: number | null;
  /** The code of the failed write (ENOSPC, EROFS, EIO...), while writes fail. */
  write_error?: string;
}

/** A client timestamp further than this from the daemon's clock is not trusted. */
const MAX_CLIENT_CLOCK_SKEW_MS = 24 * 60 * 60 * 1000;

/**
 * The entry shipped for one UI event: masked, stamped and attributed to this kiosk and session.
 * `secretValues` (the configured API key and support token) are removed wherever they appear.
 */
export function toShippedEntry(
  event: UiLogEvent,
  context: {
    facilityId: string;
    sessionId: string | null;
    now: number;
    releaseStage?: string;
    secretValues?: readonly string[];
  },
): ShippedLogEntry {
  const secretValues = context.secretValues ?? [];
  const text = (value: string): string => removeSecretValues(maskCardNumbersInText(value), secretValues);
  const at =
    typeof event.at === 'number' && Math.abs(event.at - context.now) <= MAX_CLIENT_CLOCK_SKEW_MS
      ? event.at
      : context.now;
  const log: ShippedLogEntry['log'] = {
    session_id: context.sessionId,
    action: text(event.action),
    active_section: text(event.active_section),
    facility_id: context.facilityId,
  };
  if (event.language !== undefined) log.language = event.language;
  if (context.releaseStage !== undefined) log.release_stage = context.releaseStage;
  if (event.data !== undefined) log.data = maskSecrets(event.data, { secretValues });
  return {
    component: 'kiosk',
    log_level: event.log_level ?? 'info',
    timestamp: new Date(at).toISOString(),
    event_name: text(event.event_name),
    log,
  };
}

export class LogPipeline {
  readonly spool: Spool;
  private readonly options: LogPipelineOptions;
  private readonly abort = new AbortController();
  private timer: NodeJS.Timeout | undefined;
  private backingOff = false;
  private draining: Promise<void> | undefined;
  private closing = false;
  /** Set when shipping must stop: closed, or a final flush failed. */
  private stopped = false;
  private failures = 0;
  private lastFailure: string | null = null;
  private lastShipAt: number | null = null;
  private totals = { accepted: 0, shipped: 0, dropped: 0, discarded: 0, lost: 0 };
  private spoolWriteError: string | null = null;

  constructor(options: LogPipelineOptions) {
    this.options = options;
    this.spool = new Spool(options.spoolDir, options.spoolMaxBytes, (entries, reason) => {
      this.record('dropped', entries);
      options.log.warn({ entries, reason }, 'log entries dropped from the spool');
    });
  }

  /** Open the spool and ship what an earlier run left in it. */
  async start(): Promise<void> {
    if (this.options.logUrl === null) {
      this.options.log.warn({}, 'KIOSK_LOG_URL is not set: UI log events are masked, counted and discarded');
      return;
    }
    try {
      await this.spool.open();
    } catch (error) {
      throw new Error(`The log spool directory ${this.options.spoolDir} is not usable: ${(error as Error).message}`);
    }
    const backlog = this.spool.stats();
    this.options.spoolBytes?.(backlog.bytes);
    if (backlog.files > 0)
      this.options.log.info(
        { files: backlog.files, entries: backlog.entries },
        'shipping log batches left from an earlier run',
      );
    this.kick();
  }

  /** Accept entries: durable on disk when this resolves. Throws when the spool cannot be written. */
  async accept(entries: ShippedLogEntry[]): Promise<void> {
    if (this.options.logUrl === null) {
      this.record('accepted', entries.length);
      this.record('discarded', entries.length);
      return;
    }
    let result: Awaited<ReturnType<Spool['append']>>;
    try {
      result = await this.spool.append(entries);
    } catch (error) {
      this.spoolWriteError = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
      this.record('lost', entries.length);
      throw error;
    }
    this.spoolWriteError = null;
    this.record('accepted', entries.length);
    if (result.written) this.record('spooled', entries.length);
    this.options.spoolBytes?.(this.spool.stats().bytes);
    this.kick();
  }

  stats(): LogPipelineStats {
    const spool = this.spool.stats();
    return {
      spoolFiles: spool.files,
      spoolBytes: spool.bytes,
      spoolEntries: spool.entries,
      lastShipAt: this.lastShipAt === null ? null : new Date(this.lastShipAt).toISOString(),
      ...this.totals,
      spoolWriteError: this.spoolWriteError,
      consecutiveFailures: this.failures,
      lastFailure: this.lastFailure,
    };
  }

  /**
   * The spool as support reads it: `failing` while writes fail (`full` when the disk is out of
   * space), `low` when the file system holding it has less than SPOOL_DISK_LOW free, else `ok`.
   */
  async spoolHealth(): Promise<SpoolHealth> {
    const space = await diskSpace(this.options.spoolDir);
    const low =
      space !== null &&
      (space.freeBytes < SPOOL_DISK_LOW.bytes || space.freeBytes < space.sizeBytes * SPOOL_DISK_LOW.fraction);
    const error = this.spoolWriteError;
    const status =
      error === null ? (low ? 'low' : 'ok') : error === 'ENOSPC' || error === 'EDQUOT' ? 'full' : 'failing';
    return {
      status,
      free_bytes: space?.freeBytes ?? null,
      size_bytes: space?.sizeBytes ?? null,
      ...(error === null ? {} : { write_error: error }),
    };
  }

  /**
   * Stop: finish pending disk writes, then, unless the logging app is known to be down, try to ship
   * the backlog within graceMs. Whatever is not shipped stays in the spool for the next start.
   */
  async close(graceMs: number): Promise<void> {
    this.closing = true;
    await this.spool.idle();
    const grace = setTimeout(() => this.abort.abort(), graceMs);
    if (this.backingOff) this.stopped = true;
    else this.kick();
    while (this.draining !== undefined) await this.draining;
    clearTimeout(grace);
    clearTimeout(this.timer);
    this.stopped = true;
  }

  private record(stage: LogStage, entries: number): void {
    if (entries === 0) return;
    if (stage !== 'spooled') this.totals[stage] += entries;
    this.options.count?.(stage, entries);
  }

  /** Start a drain when a batch is due (enough entries, old enough, or closing); else wait for it. */
  private kick(): void {
    if (this.stopped || this.options.logUrl === null || this.draining !== undefined || this.backingOff) return;
    const waiting = this.spool.waitingEntries();
    if (waiting === 0) return;
    const oldest = this.spool.stats().oldestWrittenAt ?? 0;
    const dueIn = this.closing || waiting >= this.options.batchSize ? 0 : oldest + this.options.batchMs - Date.now();
    if (dueIn > 0) {
      this.timer ??= setTimeout(() => {
        this.timer = undefined;
        this.kick();
      }, dueIn).unref();
      return;
    }
    clearTimeout(this.timer);
    this.timer = undefined;
    this.draining = this.drainOne().finally(() => {
      this.draining = undefined;
      this.kick();
    });
  }

  private async drainOne(): Promise<void> {
    const url = this.options.logUrl!;
    const files = this.spool.lease(this.options.batchSize);
    try {
      const entries: ShippedLogEntry[] = [];
      const readable = [];
      for (const file of files) {
        try {
          entries.push(...(await this.spool.read(file)));
          readable.push(file);
        } catch (error) {
          this.options.log.error(
            { file: file.name, reason: (error as Error).message },
            'damaged log spool file dropped',
          );
          this.record('dropped', file.count);
          await this.spool.remove([file]);
        }
      }
      if (readable.length === 0) return;
      try {
        await shipBatch(url, entries, {
          timeoutMs: this.options.shipTimeoutMs,
          signal: this.abort.signal,
          dispatcher: this.options.dispatcher,
        });
      } catch (error) {
        if (!(error instanceof ShipError && error.permanent)) throw error;
        this.options.log.error(
          { entries: entries.length, reason: error.message },
          'the logging app refused a log batch; it is dropped',
        );
        this.record('dropped', entries.length);
        await this.spool.remove(readable);
        return;
      }
      await this.spool.remove(readable);
      this.failures = 0;
      this.lastFailure = null;
      this.lastShipAt = Date.now();
      this.record('shipped', entries.length);
    } catch (error) {
      this.spool.release(files);
      this.failures += 1;
      this.lastFailure = (error as Error).message;
      if (this.closing) {
        // The logging app is not answering; the backlog stays on disk for the next start.
        this.stopped = true;
        return;
      }
      const delayMs = retryDelayMs(this.failures, this.options.retryBaseMs, this.options.retryMaxMs);
      this.options.log.warn(
        { attempt: this.failures, delayMs, reason: (error as Error).message },
        'log shipping failed; will retry',
      );
      this.backingOff = true;
      clearTimeout(this.timer);
      this.timer = setTimeout(() => {
        this.timer = undefined;
        this.backingOff = false;
        this.kick();
      }, delayMs).unref();
    } finally {
      this.options.spoolBytes?.(this.spool.stats().bytes);
    }
  }
}

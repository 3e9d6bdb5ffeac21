import type { FastifyBaseLogger } from 'fastify';
import type { IdScannerMetrics } from './metrics.js';
import type { DeviceHealth, IdScanOutcome, ServerEvent } from '@kiosk/shared-types';
import { readLicence, summary } from './licence.js';
import { SerialScanner, type OpenScannerPort } from './serial-scanner.js';

/** What the licence scanner's service works with (its plugin gives them from app.config and the app). */
export interface IdScannerServiceOptions {
  /** The serial scanner's device (KIOSK_ID_SCANNER_PATH); null: none, only a keyboard-wedge one. */
  path: string | null;
  baudRate: number;
  log: FastifyBaseLogger;
  broadcast(event: ServerEvent): void;
  metrics: IdScannerMetrics;
  /** Tests open a mock port. */
  openPort?: OpenScannerPort;
  reopenMs?: number;
}

/**
 * The driver licence scanner's service (docs/id-scanner.md). A serial scanner
 * (KIOSK_ID_SCANNER_PATH) pushes each scan to the UI as an id-scan event; a keyboard-wedge
 * scanner's burst is caught by the UI and sent to POST /device/id/scan. Either way it is parsed
 * here into the form's fields or why not. The raw data is never logged or kept; the licence
 * number is logged masked.
 */
export class IdScannerService {
  private current: DeviceHealth;
  /** The serial scanner, opened when the app is ready (none without a path). */
  private readonly scanner: SerialScanner | undefined;

  constructor(private readonly options: IdScannerServiceOptions) {
    const { path, log, metrics } = options;
    this.current = { status: path === null ? 'none' : 'down' };
    this.scanner =
      path === null
        ? undefined
        : new SerialScanner({
            path,
            baudRate: options.baudRate,
            ...(options.openPort ? { open: options.openPort } : {}),
            ...(options.reopenMs ? { reopenMs: options.reopenMs } : {}),
            onScan: (data) => options.broadcast({ type: 'id-scan', outcome: this.read(data, 'serial') }),
            onStatus: (isUp, problem) => {
              this.current = isUp
                ? { status: 'ok' }
                : { status: 'down', ...(problem === undefined ? {} : { problem }) };
              metrics.up(isUp);
              if (isUp) log.info('licence scanner open');
              else log.warn({ problem }, 'licence scanner not available');
            },
          });
  }

  /** `none` without a serial scanner (a keyboard-wedge one needs nothing here). */
  health(): DeviceHealth {
    return this.current;
  }

  /** Parse a scan, log its masked summary, count it. */
  read(data: string, source: 'serial' | 'keyboard' | 'simulator'): IdScanOutcome {
    const outcome = readLicence(data);
    const described = summary(outcome);
    this.options.metrics.scan(described.outcome ?? 'unreadable');
    this.options.log.info({ source, ...described }, 'licence scanned');
    return outcome;
  }

  /** Open the serial scanner (the app is ready); nothing without one. */
  start(): void {
    this.scanner?.start();
  }

  /** Shutdown: close the serial scanner. */
  close(): void {
    this.scanner?.stop();
  }
}

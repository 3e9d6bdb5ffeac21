import type { FastifyInstance } from 'fastify';
import { idScannerMetrics } from './metrics.js';
import type { DeviceHealth, IdScanOutcome } from '@kiosk/shared-types';
import { readLicence, summary } from './licence.js';
import { SerialScanner, type OpenScannerPort } from './serial-scanner.js';

/**
 * The driver licence scanner's service (docs/id-scanner.md). A serial scanner
 * (KIOSK_ID_SCANNER_PATH) pushes each scan to the UI as an id-scan event; a keyboard-wedge
 * scanner's burst is caught by the UI and sent to POST /device/id/scan. Either way it is parsed
 * here into the form's fields or why not. The raw data is never logged or kept; the licence
 * number is logged masked.
 */
export interface IdScannerService {
  /** `none` without a serial scanner (a keyboard-wedge one needs nothing here). */
  health(): DeviceHealth;
  /** Parse a scan, log its masked summary, count it. */
  read(data: string, source: 'serial' | 'keyboard' | 'simulator'): IdScanOutcome;
}

export interface IdScannerOptions {
  /** Tests open a mock port. */
  openPort?: OpenScannerPort;
  reopenMs?: number;
}

/** The service, and the serial scanner to open when the app is ready (none without a path). */
export function createIdScanner(
  app: FastifyInstance,
  options: IdScannerOptions,
): { service: IdScannerService; scanner: SerialScanner | undefined } {
  const { config } = app;
  const log = app.log.child({ component: 'id-scanner' });
  const metrics = idScannerMetrics(app.metrics.registry, config.idScannerPath !== null);
  let health: DeviceHealth = { status: config.idScannerPath === null ? 'none' : 'down' };

  const service: IdScannerService = {
    health: () => health,
    read(data, source) {
      const outcome = readLicence(data);
      const described = summary(outcome);
      metrics.scan(described.outcome ?? 'unreadable');
      log.info({ source, ...described }, 'licence scanned');
      return outcome;
    },
  };
  if (config.idScannerPath === null) return { service, scanner: undefined };

  const scanner = new SerialScanner({
    path: config.idScannerPath,
    baudRate: config.idScannerBaudRate,
    ...(options.openPort ? { open: options.openPort } : {}),
    ...(options.reopenMs ? { reopenMs: options.reopenMs } : {}),
    onScan: (data) => app.events.broadcast({ type: 'id-scan', outcome: service.read(data, 'serial') }),
    onStatus: (isUp, problem) => {
      health = isUp ? { status: 'ok' } : { status: 'down', ...(problem === undefined ? {} : { problem }) };
      metrics.up(isUp);
      if (isUp) log.info('licence scanner open');
      else log.warn({ problem }, 'licence scanner not available');
    },
  });
  return { service, scanner };
}

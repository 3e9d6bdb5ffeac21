import { Counter, Gauge, type Registry } from 'prom-client';

/** The licence scanner's metrics (docs/id-scanner.md). */
export interface IdScannerMetrics {
  /** A licence was scanned: read, expired, under-18 or unreadable. */
  scan(outcome: string): void;
  /** The serial scanner opened or closed (only with a serial scanner configured). */
  up(isUp: boolean): void;
}

export function idScannerMetrics(registry: Registry, serial: boolean): IdScannerMetrics {
  const registers = [registry];
  const scans = new Counter({
    name: 'kiosk_id_scans_total',
    help: 'Driver licence scans by outcome: read, expired, under-18, unreadable',
    labelNames: ['outcome'],
    registers,
  });
  // No serial scanner, no gauge: no alert on a kiosk that reads licences by keyboard wedge only.
  const up = serial
    ? new Gauge({ name: 'kiosk_id_scanner_up', help: '1 while the serial licence scanner is open', registers })
    : undefined;
  return {
    scan: (outcome) => scans.inc({ outcome }),
    up: (isUp) => up?.set(isUp ? 1 : 0),
  };
}

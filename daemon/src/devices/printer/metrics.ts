import { Counter, Gauge, type Registry } from 'prom-client';
import type { PrintFailureReason, PrinterState } from '@kiosk/shared-types';

/**
 * The printer's metrics (docs/printer.md, "Metrics"), only when a printer is configured, so no
 * printer alert can fire on a kiosk without one.
 */
const PAPER: Partial<Record<PrinterState, 'ok' | 'low' | 'out'>> = { ok: 'ok', 'paper-low': 'low', 'paper-out': 'out' };

function createMetrics(registry: Registry) {
  const registers = [registry];
  return {
    up: new Gauge({
      name: 'kiosk_printer_up',
      help: '1 when the receipt printer can print (online, paper present), 0 otherwise',
      registers,
    }),
    paper: new Gauge({
      name: 'kiosk_printer_paper',
      help: 'Paper of the receipt printer at the last status check: 1 for the current state (ok, low, out)',
      labelNames: ['state'],
      registers,
    }),
    jobs: new Counter({
      name: 'kiosk_printer_jobs_total',
      help: 'Receipts by outcome: printed or the reason they were not',
      labelNames: ['outcome'],
      registers,
    }),
  };
}

export interface PrinterMetrics {
  /** The printer's state changed. */
  state(state: PrinterState): void;
  /** A job ended: printed, or why not. */
  job(outcome: 'printed' | PrintFailureReason): void;
}

export function printerMetrics(registry: Registry): PrinterMetrics {
  const metrics = createMetrics(registry);
  metrics.up.set(0);
  return {
    state(state) {
      metrics.up.set(state === 'ok' || state === 'paper-low' ? 1 : 0);
      const paper = PAPER[state];
      // Paper is unknown while the printer cannot say (unreachable, cover open): no series then.
      metrics.paper.reset();
      if (paper !== undefined)
        for (const label of ['ok', 'low', 'out']) metrics.paper.set({ state: label }, label === paper ? 1 : 0);
    },
    job: (outcome) => metrics.jobs.inc({ outcome }),
  };
}

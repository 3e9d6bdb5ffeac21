import { Counter, Gauge, type Registry } from 'prom-client';
import type { TerminalStage } from '@kiosk/shared-types';
import { startAtZero } from '../../plugins/metrics.js';

/** The payment terminal's metrics (docs/payment-terminal.md, "What support sees"). */
export interface PaymentTerminalMetrics {
  terminalUp: Gauge;
  payments: Counter<'outcome'>;
  lastAnswer: Gauge;
}

/** Every way a payment ends, as a record so the compiler says when a new one is left out. */
const OUTCOMES: Record<Extract<TerminalStage, 'approved' | 'declined' | 'cancelled' | 'failed'>, null> = {
  approved: null,
  declined: null,
  cancelled: null,
  failed: null,
};

/** Without a terminal the up gauge is not exported: a kiosk that has none is not one whose terminal is down. */
export function paymentTerminalMetrics(registry: Registry, configured: boolean): PaymentTerminalMetrics {
  const metrics: PaymentTerminalMetrics = {
    terminalUp: new Gauge({
      name: 'kiosk_payment_terminal_up',
      help: '1 when the payment terminal answered its last Diagnosis as itself, 0 otherwise (absent: no terminal)',
      registers: configured ? [registry] : [],
    }),
    payments: new Counter({
      name: 'kiosk_payment_terminal_payments_total',
      help: 'Payments taken on the payment terminal, by how they ended',
      labelNames: ['outcome'],
      registers: [registry],
    }),
    lastAnswer: new Gauge({
      name: 'kiosk_payment_terminal_last_answer_timestamp_seconds',
      help: 'When the payment terminal last answered anything (epoch seconds; 0 = never)',
      registers: [registry],
    }),
  };
  startAtZero(
    metrics.payments,
    Object.keys(OUTCOMES).map((outcome) => ({ outcome })),
  );
  return metrics;
}

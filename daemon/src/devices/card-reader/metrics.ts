import { Counter, Gauge, type Registry } from 'prom-client';
import { startAtZero } from '../../plugins/metrics.js';
import type { SwipeOutcome } from './reader-machine.js';

/** The card reader's metrics (docs/card-reader.md, "Metrics"). */
export interface CardReaderMetrics {
  readerUp: Gauge;
  swipes: Counter<'outcome'>;
}

/** Every outcome, as a record so the compiler says when a new one is left out. */
const SWIPE_OUTCOMES: Record<SwipeOutcome, null> = {
  read: null,
  'reader-down': null,
  'reader-timeout': null,
  'reader-garbage': null,
  'decrypt-failed': null,
  cancelled: null,
  busy: null,
};

export function cardReaderMetrics(registry: Registry): CardReaderMetrics {
  const metrics: CardReaderMetrics = {
    readerUp: new Gauge({
      name: 'kiosk_card_reader_up',
      help: '1 when the card reader reported OK at the last health check, 0 otherwise',
      registers: [registry],
    }),
    swipes: new Counter({
      name: 'kiosk_card_swipes_total',
      help: 'Card swipes by outcome',
      labelNames: ['outcome'],
      registers: [registry],
    }),
  };
  startAtZero(
    metrics.swipes,
    Object.keys(SWIPE_OUTCOMES).map((outcome) => ({ outcome })),
  );
  return metrics;
}

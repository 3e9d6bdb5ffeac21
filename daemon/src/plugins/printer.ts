import fp from 'fastify-plugin';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Counter, Gauge, type Registry } from 'prom-client';
import type { PrinterState } from '@kiosk/shared-types';
import { PrinterService } from '../printer/printer-service.js';
import { holdsCardNumber, PrintedSchema, PrinterStatusSchema, PrintRequestSchema } from '../printer/schemas.js';
import { sendDaemonError } from './error-handler.js';
import { ErrorBody } from '../route-schema.js';

/**
 * The receipt printer (docs/printer.md): routes for the UI, the status poll, and the printer's
 * metrics. Without KIOSK_PRINTER_URL the service says `configured: false` and exports no printer
 * metrics, so no printer alert can fire.
 */
declare module 'fastify' {
  interface FastifyInstance {
    printer: PrinterService;
  }
}

/** How each failure answers over HTTP. */
const FAILURE_STATUS = {
  'not-configured': 404,
  busy: 409,
  'paper-out': 503,
  'cover-open': 503,
  offline: 503,
  unreachable: 503,
  timeout: 504,
  'connection-lost': 502,
} as const;

const PAPER: Partial<Record<PrinterState, 'ok' | 'low' | 'out'>> = { ok: 'ok', 'paper-low': 'low', 'paper-out': 'out' };

function printerMetrics(registry: Registry) {
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

export default fp(
  async (app) => {
    const { config } = app;
    const metrics = config.printerUrl === null ? undefined : printerMetrics(app.metrics.registry);
    const setState = (state: PrinterState): void => {
      if (metrics === undefined) return;
      metrics.up.set(state === 'ok' || state === 'paper-low' ? 1 : 0);
      const paper = PAPER[state];
      // Paper is unknown while the printer cannot say (unreachable, cover open): no series then.
      metrics.paper.reset();
      if (paper !== undefined)
        for (const label of ['ok', 'low', 'out']) metrics.paper.set({ state: label }, label === paper ? 1 : 0);
    };
    const printer = new PrinterService({
      url: config.printerUrl,
      width: config.printerWidth,
      timeoutMs: config.printerTimeoutMs,
      log: app.log.child({ component: 'printer' }),
      broadcast: (event) => app.events.broadcast(event),
      onState: setState,
      onJob: (outcome) => metrics?.jobs.inc({ outcome }),
    });
    app.decorate('printer', printer);
    if (metrics !== undefined) metrics.up.set(0);

    let poll: NodeJS.Timeout | undefined;
    if (printer.configured) {
      app.addHook('onReady', async () => {
        void printer.checkStatus();
        poll = setInterval(() => void printer.checkStatus(), config.printerPollMs);
        poll.unref();
      });
    }
    app.addHook('onClose', async () => {
      clearInterval(poll);
      printer.close();
    });

    const routes = app.withTypeProvider<TypeBoxTypeProvider>();

    routes.get('/device/printer', { schema: { response: { 200: PrinterStatusSchema } } }, async () => {
      await printer.checkStatus();
      return printer.status();
    });

    routes.post(
      '/device/printer/receipt',
      {
        schema: {
          body: PrintRequestSchema,
          response: {
            200: PrintedSchema,
            400: ErrorBody,
            404: ErrorBody,
            409: ErrorBody,
            502: ErrorBody,
            503: ErrorBody,
            504: ErrorBody,
          },
        },
      },
      async (request, reply) => {
        const { receipt, language } = request.body;
        if (holdsCardNumber(receipt)) {
          return sendDaemonError(
            reply,
            400,
            'A receipt never shows a full card number: send the card brand and last four digits only.',
            'card-number',
          );
        }
        const outcome = await printer.print(receipt, language);
        if (outcome.printed) return outcome;
        return sendDaemonError(reply, FAILURE_STATUS[outcome.reason], outcome.message, outcome.reason);
      },
    );
  },
  { name: 'printer', fastify: '5.x', dependencies: ['events', 'metrics'] },
);

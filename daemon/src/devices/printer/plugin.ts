import fp from 'fastify-plugin';
import { defineDevice } from '../device.js';
import { printerMetrics } from './metrics.js';
import { printerRoutes } from './routes.js';
import { PrinterHealthSchema } from './schemas.js';
import { PrinterService } from './service.js';
import { printerSimulator } from './simulator.js';

/**
 * The receipt printer (docs/printer.md): its service decorated as `app.printer`, the status poll,
 * its metrics and routes, and how the rest of the daemon sees it (`printerDevice`). Without
 * KIOSK_PRINTER_URL the service says `configured: false` and exports no printer metrics.
 */
declare module 'fastify' {
  interface FastifyInstance {
    printer: PrinterService;
  }
}

const plugin = fp(
  async (app) => {
    const { config } = app;
    const metrics = config.printerUrl === null ? undefined : printerMetrics(app.metrics.registry);
    const printer = new PrinterService({
      url: config.printerUrl,
      width: config.printerWidth,
      timeoutMs: config.printerTimeoutMs,
      log: app.log.child({ component: 'printer' }),
      broadcast: (event) => app.events.broadcast(event),
      onState: (state) => metrics?.state(state),
      onJob: (outcome) => metrics?.job(outcome),
    });
    app.decorate('printer', printer);

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

    printerRoutes(app);
  },
  { name: 'printer', fastify: '5.x', dependencies: ['events', 'metrics'] },
);

export default plugin;

export const printerDevice = defineDevice({
  key: 'printer',
  plugin,
  decorator: 'printer',
  healthSchema: PrinterHealthSchema,
  health: (app) => app.printer.status(),
  // A printer fault does not make the kiosk unready: visitors can still rent and pay.
  neededForReady: false,
  simulator: printerSimulator,
});

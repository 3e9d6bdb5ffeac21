import fp from 'fastify-plugin';
import { defineDevice } from '../device.js';
import { paymentTerminalMetrics } from './metrics.js';
import { paymentTerminalRoutes } from './routes.js';
import { PaymentTerminalHealthSchema } from './schemas.js';
import { PaymentTerminalService } from './service.js';
import { paymentTerminalSimulator } from './simulator.js';

/**
 * The payment terminal (docs/payment-terminal.md): its service decorated as `app.paymentTerminal`,
 * the journal read and what a stop left open resolved when the app is ready, the health poll, its
 * routes, and how the rest of the daemon sees it (`paymentTerminalDevice`).
 */
declare module 'fastify' {
  interface FastifyInstance {
    paymentTerminal: PaymentTerminalService;
  }
}

/** Between two Diagnosis requests while no payment runs. */
const HEALTH_POLL_MS = 30_000;

const plugin = fp(
  async (app) => {
    const { config } = app;
    const configured = config.payment.mode !== 'reader';
    const terminal = new PaymentTerminalService({
      settings: config.payment,
      stateDir: config.stateDir,
      facilityId: config.facilityId,
      log: app.log.child({ component: 'payment-terminal' }),
      broadcast: (event) => app.events.broadcast(event),
      metrics: paymentTerminalMetrics(app.metrics.registry, configured),
      record: (call) => app.outbox.acceptOwn(call, app.upstream.traceId()),
    });
    app.decorate('paymentTerminal', terminal);

    let poll: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      await terminal.open();
      if (!terminal.configured) return;
      void terminal.checkHealth();
      poll = setInterval(() => void terminal.checkHealth(), HEALTH_POLL_MS);
      poll.unref();
    });
    app.addHook('onClose', async () => {
      clearInterval(poll);
      await terminal.close();
    });

    paymentTerminalRoutes(app);
  },
  { name: 'payment-terminal', fastify: '5.x', dependencies: ['events', 'metrics', 'visit', 'outbox', 'upstream'] },
);

export default plugin;

export const paymentTerminalDevice = defineDevice({
  key: 'payment_terminal',
  plugin,
  decorator: 'paymentTerminal',
  healthSchema: PaymentTerminalHealthSchema,
  health: (app) => app.paymentTerminal.healthFields(),
  // With the terminal the only way to pay, a kiosk whose terminal is down cannot take payments.
  neededForReady: (config) => config.payment.mode === 'terminal',
  simulator: paymentTerminalSimulator,
});

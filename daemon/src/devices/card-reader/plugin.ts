import fp from 'fastify-plugin';
import { defineDevice, deviceHealthFields } from '../device.js';
import { Type } from 'typebox';
import { cardReaderMetrics } from './metrics.js';
import { cardReaderRoutes } from './routes.js';
import { CardReaderService } from './service.js';
import { cardReaderSimulator } from './simulator.js';

/**
 * The card reader (docs/card-reader.md): its service decorated as `app.cardReader`, the health
 * poll, its routes, and how the rest of the daemon sees it (`cardReaderDevice`).
 */
declare module 'fastify' {
  interface FastifyInstance {
    cardReader: CardReaderService;
  }
}

const plugin = fp(
  async (app) => {
    const { config } = app;
    const reader = new CardReaderService({
      url: config.cardReaderUrl,
      timeoutMs: config.cardReaderTimeoutMs,
      facilityId: config.facilityId,
      upstream: app.upstream,
      log: app.log.child({ component: 'card-reader' }),
      broadcast: (event) => app.events.broadcast(event),
      metrics: cardReaderMetrics(app.metrics.registry),
    });
    app.decorate('cardReader', reader);

    // Polling starts when the app is ready (not at build time) and is skipped while a swipe is
    // waiting for a card: the device is busy then, and the swipe itself tells us whether it works.
    let poll: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      void reader.checkHealth();
      poll = setInterval(() => reader.poll(), config.cardReaderPollMs);
      poll.unref();
    });
    app.addHook('onClose', async () => {
      clearInterval(poll);
      reader.cancelSwipe();
    });

    cardReaderRoutes(app);
  },
  { name: 'card-reader', fastify: '5.x', dependencies: ['events', 'upstream', 'metrics'] },
);

export default plugin;

export const cardReaderDevice = defineDevice({
  key: 'card_reader',
  plugin,
  decorator: 'cardReader',
  healthSchema: Type.Object(deviceHealthFields),
  health: (app) => ({ status: app.cardReader.status() }),
  // No payment without it: a kiosk whose reader is down is not ready (unless the terminal takes every payment).
  neededForReady: (config) => config.payment.mode !== 'terminal',
  simulator: cardReaderSimulator,
});

import fp from 'fastify-plugin';
import { Type } from 'typebox';
import { defineDevice, deviceHealthFields } from '../device.js';
import { idScannerMetrics } from './metrics.js';
import { idScannerRoutes } from './routes.js';
import { IdScannerService, type IdScannerServiceOptions } from './service.js';

/**
 * The driver licence scanner (docs/id-scanner.md): its service decorated as `app.idScanner`, the
 * serial port opened when the app is ready, its routes, and how the rest of the daemon sees it
 * (`idScannerDevice`). Its simulator is the sample licences of aamva-fixtures.ts.
 */
declare module 'fastify' {
  interface FastifyInstance {
    idScanner: IdScannerService;
  }
}

/** Tests open a mock port. */
export type IdScannerPluginOptions = Pick<IdScannerServiceOptions, 'openPort' | 'reopenMs'>;

const plugin = fp(
  async (app, options: IdScannerPluginOptions) => {
    const { config } = app;
    const service = new IdScannerService({
      path: config.idScannerPath,
      baudRate: config.idScannerBaudRate,
      log: app.log.child({ component: 'id-scanner' }),
      broadcast: (event) => app.events.broadcast(event),
      metrics: idScannerMetrics(app.metrics.registry, config.idScannerPath !== null),
      ...(options.openPort ? { openPort: options.openPort } : {}),
      ...(options.reopenMs ? { reopenMs: options.reopenMs } : {}),
    });
    app.decorate('idScanner', service);
    app.addHook('onReady', async () => service.start());
    app.addHook('onClose', async () => service.close());
    idScannerRoutes(app);
  },
  { name: 'id-scanner', fastify: '5.x', dependencies: ['events', 'metrics'] },
);
export default plugin;

export const idScannerDevice = defineDevice({
  key: 'id_scanner',
  plugin,
  decorator: 'idScanner',
  healthSchema: Type.Object(deviceHealthFields),
  health: (app) => app.idScanner.health(),
  // A visitor can still type the licence fields.
  neededForReady: false,
});

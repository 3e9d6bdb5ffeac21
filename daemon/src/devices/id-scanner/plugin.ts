import fp from 'fastify-plugin';
import { Type } from 'typebox';
import { defineDevice, deviceHealthFields } from '../device.js';
import { idScannerRoutes } from './routes.js';
import { createIdScanner, type IdScannerOptions, type IdScannerService } from './service.js';

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

export type { IdScannerOptions as IdScannerPluginOptions };

const plugin = fp(
  async (app, options: IdScannerOptions) => {
    const { service, scanner } = createIdScanner(app, options);
    app.decorate('idScanner', service);
    if (scanner !== undefined) {
      app.addHook('onReady', async () => scanner.start());
      app.addHook('onClose', async () => scanner.stop());
    }
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

import fp from 'fastify-plugin';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Counter, Gauge } from 'prom-client';
import { Type } from 'typebox';
import type { IdScanOutcome } from '@kiosk/shared-types';
import { fixtureBarcode, ID_SCAN_FIXTURES, type IdScanFixture } from '../id-scanner/aamva-fixtures.js';
import { readLicence, summary } from '../id-scanner/licence.js';
import { SerialScanner, type OpenScannerPort } from '../id-scanner/serial-scanner.js';
import { ErrorBody } from '../route-schema.js';
import { sendDaemonError } from './error-handler.js';

/**
 * The driver licence scanner (docs/id-scanner.md). A serial scanner (KIOSK_ID_SCANNER_PATH) pushes
 * each scan to the UI as an id-scan event; a keyboard-wedge scanner's burst is caught by the UI and
 * sent to POST /device/id/scan. Either way the daemon parses it and answers the form's fields or
 * why not. The raw data is never logged or kept; the licence number is logged masked.
 */
export type ScannerStatus = 'ok' | 'down' | 'none';

export interface IdScannerService {
  status(): ScannerStatus;
  /** Parse a scan, log its masked summary, count it. */
  read(data: string, source: 'serial' | 'keyboard' | 'simulator'): IdScanOutcome;
}

declare module 'fastify' {
  interface FastifyInstance {
    idScanner: IdScannerService;
  }
}

export interface IdScannerPluginOptions {
  /** Tests open a mock port. */
  openPort?: OpenScannerPort;
  reopenMs?: number;
}

const ScanBody = Type.Object({ data: Type.String({ minLength: 1, maxLength: 8192 }) }, { additionalProperties: false });
const Fields = Type.Object({
  first_name: Type.String(),
  middle_name: Type.String(),
  last_name: Type.String(),
  address: Type.String(),
  city: Type.String(),
  state: Type.String(),
  zip: Type.String(),
  date_of_birth: Type.String(),
  licence_number: Type.String(),
  issuing_state: Type.String(),
  expiry: Type.String(),
});
const ScanRead = Type.Object({ ok: Type.Literal(true), fields: Fields });

export default fp<IdScannerPluginOptions>(
  async (app, options) => {
    const { config } = app;
    const log = app.log.child({ component: 'id-scanner' });
    const registers = [app.metrics.registry];
    const scans = new Counter({
      name: 'kiosk_id_scans_total',
      help: 'Driver licence scans by outcome: read, expired, under-18, unreadable',
      labelNames: ['outcome'],
      registers,
    });
    const up =
      config.idScannerPath === null
        ? undefined
        : new Gauge({ name: 'kiosk_id_scanner_up', help: '1 while the serial licence scanner is open', registers });
    let status: ScannerStatus = config.idScannerPath === null ? 'none' : 'down';

    const service: IdScannerService = {
      status: () => status,
      read(data, source) {
        const outcome = readLicence(data);
        const described = summary(outcome);
        scans.inc({ outcome: described.outcome ?? 'unreadable' });
        log.info({ source, ...described }, 'licence scanned');
        return outcome;
      },
    };
    app.decorate('idScanner', service);

    if (config.idScannerPath !== null) {
      const scanner = new SerialScanner({
        path: config.idScannerPath,
        baudRate: config.idScannerBaudRate,
        ...(options.openPort ? { open: options.openPort } : {}),
        ...(options.reopenMs ? { reopenMs: options.reopenMs } : {}),
        onScan: (data) => app.events.broadcast({ type: 'id-scan', outcome: service.read(data, 'serial') }),
        onStatus: (isUp, problem) => {
          status = isUp ? 'ok' : 'down';
          up?.set(isUp ? 1 : 0);
          if (isUp) log.info('licence scanner open');
          else log.warn({ problem }, 'licence scanner not available');
        },
      });
      app.addHook('onReady', async () => scanner.start());
      app.addHook('onClose', async () => scanner.stop());
    }

    const routes = app.withTypeProvider<TypeBoxTypeProvider>();
    routes.post(
      '/device/id/scan',
      { schema: { body: ScanBody, response: { 200: ScanRead, 400: ErrorBody, 422: ErrorBody } } },
      async (request, reply) => {
        const outcome = service.read(request.body.data, 'keyboard');
        if (!outcome.ok) return sendDaemonError(reply, 422, outcome.message, outcome.problem);
        return outcome;
      },
    );

    // Demo and test button: the scan simulator "reads" a sample licence, as a serial scanner would
    // (the id-scan event), and answers the same outcome. Absent unless asked for (sandbox mode).
    if (config.simulateIdScanner) {
      routes.get('/device/id/simulate', async () => ({ available: true, fixtures: [...ID_SCAN_FIXTURES] }));
      routes.post(
        '/device/id/simulate',
        {
          schema: {
            body: Type.Object(
              { fixture: Type.Union(ID_SCAN_FIXTURES.map((name) => Type.Literal(name))) },
              { additionalProperties: false },
            ),
          },
        },
        async (request) => {
          const outcome = service.read(fixtureBarcode(request.body.fixture as IdScanFixture), 'simulator');
          app.events.broadcast({ type: 'id-scan', outcome });
          return { fixture: request.body.fixture, ok: outcome.ok };
        },
      );
    }
  },
  { name: 'id-scanner', fastify: '5.x', dependencies: ['events', 'metrics'] },
);

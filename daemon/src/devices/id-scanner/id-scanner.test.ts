import { Writable } from 'node:stream';
import type { SerialPortStream } from '@serialport/stream';
import { SerialPortMock } from 'serialport';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerEvent } from '@kiosk/shared-types';
import { readServerEvent } from '../../test-helpers/server-events.js';
import { fixtureBarcode } from './aamva-fixtures.js';
import { buildServiceApp, eventually } from '../../test-helpers/fake-services.js';
import { buildSupportApp } from '../../plugins/health.js';

const PATH = '/dev/ttyACM0';
const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
  SerialPortMock.binding.reset();
});

async function startDaemon(options: { serial?: boolean; simulate?: boolean } = {}) {
  let port: SerialPortStream | undefined;
  let logs = '';
  const logger = {
    level: 'info',
    stream: new Writable({
      write(chunk: Buffer, _encoding, done) {
        logs += chunk.toString();
        done();
      },
    }),
  };
  if (options.serial) SerialPortMock.binding.createPort(PATH, { echo: false, record: false });
  const app = await buildServiceApp({
    plugins: ['id-scanner'],
    logger,
    config: { idScannerPath: options.serial ? PATH : null, simulateIdScanner: options.simulate ?? false },
    idScanner: {
      reopenMs: 50,
      openPort: (path, baudRate) => {
        port = new SerialPortMock({ path, baudRate, autoOpen: false });
        return port;
      },
    },
  });
  await app.ready();
  cleanups.push(() => app.close());
  const events: ServerEvent[] = [];
  const socket = await app.injectWS(
    '/events',
    {},
    { onInit: (ws) => ws.on('message', (data: Buffer) => events.push(readServerEvent(data))) },
  );
  cleanups.push(async () => socket.terminate());
  const support = await buildSupportApp(app);
  cleanups.push(() => support.close());
  return { app, events, support, port: () => port, logs: () => logs };
}

const scans = (events: ServerEvent[]) => events.filter((event) => event.type === 'id-scan');

describe('licence scanner', () => {
  it('a keyboard-wedge scan is parsed into the form fields; the log has no barcode and a masked number', async () => {
    const { app, logs } = await startDaemon();
    const response = await app.inject({
      method: 'POST',
      url: '/device/id/scan',
      payload: { data: fixtureBarcode('valid') },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      ok: true,
      fields: { first_name: 'Jane', last_name: 'Tenant', licence_number: 'T52071588017', issuing_state: 'IL' },
    });
    expect(logs()).toContain('********8017');
    expect(logs()).not.toContain('T52071588017');
    expect(logs()).not.toContain('ANSI 636035');
    expect(logs()).not.toContain('MAPLE');
  });

  it('garbage, a partial scan, an expired licence and a minor: 422 with a clear message', async () => {
    const { app } = await startDaemon();
    const valid = fixtureBarcode('valid');
    const cases = [
      [fixtureBarcode('garbage'), 'unreadable', 'The license could not be read.'],
      [valid.slice(0, 120), 'unreadable', 'The license could not be read.'],
      [fixtureBarcode('expired'), 'expired', 'This driver license has expired.'],
      [fixtureBarcode('under-18'), 'under-18', 'You must be 18 or older to rent a storage unit.'],
    ] as const;
    for (const [data, problem, message] of cases) {
      const response = await app.inject({ method: 'POST', url: '/device/id/scan', payload: { data } });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ statusCode: 422, error: 'Unprocessable Entity', reason: problem });
      expect(response.json().message).toContain(message);
    }
    const empty = await app.inject({ method: 'POST', url: '/device/id/scan', payload: { data: '' } });
    expect(empty.statusCode).toBe(400);
  });

  it(
    'a serial scanner: a scan becomes an id-scan event; unplugged, health says down and it is reopened',
    { timeout: 15_000 },
    async () => {
      const { events, support, port } = await startDaemon({ serial: true });
      await eventually(() => port()?.isOpen);
      const ready = async () =>
        (await support.inject({ method: 'GET', url: '/health/ready' })).json<{ id_scanner: { status: string } }>()
          .id_scanner.status;
      expect(await ready()).toBe('ok');

      // The scan arrives in pieces, as over a serial line, and is read once the line is quiet.
      const data = fixtureBarcode('canadian');
      const binding = port()!.port as unknown as { emitData(data: string): void };
      binding.emitData(data.slice(0, 100));
      binding.emitData(data.slice(100));
      const [scan] = await eventually(() => (scans(events).length > 0 ? scans(events) : undefined));
      expect(scan).toMatchObject({
        type: 'id-scan',
        outcome: { ok: true, fields: { last_name: 'Tremblay', zip: 'M5H 2N2' } },
      });

      // A partial scan (the scanner lost the barcode halfway) is unreadable, not half a form.
      binding.emitData(data.slice(0, 60));
      const partial = await eventually(() => scans(events)[1]);
      expect(partial).toMatchObject({ outcome: { ok: false, problem: 'unreadable' } });

      // Unplugged: the device goes away (the driver releases it) and the port ends with an error;
      // the daemon stays up and reopens it once the device is back.
      const first = port()!;
      await first.port!.close();
      first.destroy(Object.assign(new Error('Disconnected'), { disconnected: true }));
      await eventually(async () => (await ready()) === 'down');
      const metrics = (await support.inject({ method: 'GET', url: '/metrics' })).body;
      expect(metrics).toMatch(/kiosk_id_scanner_up\{[^}]*\} 0/);
      await eventually(async () => port() !== first && port()?.isOpen && (await ready()) === 'ok');
    },
  );

  it('the scan simulator reads a named sample licence, as the serial scanner would', async () => {
    const { app, events } = await startDaemon({ simulate: true });
    const response = await app.inject({ method: 'POST', url: '/device/id/simulate', payload: { fixture: 'expired' } });
    expect(response.json()).toEqual({ fixture: 'expired', ok: false });
    await eventually(() => scans(events)[0]);
    expect(scans(events)[0]).toMatchObject({ outcome: { problem: 'expired' } });
    const unknown = await app.inject({ method: 'POST', url: '/device/id/simulate', payload: { fixture: 'passport' } });
    expect(unknown.statusCode).toBe(400);
  });

  it('without the simulator switched on there is no simulate route', async () => {
    const { app } = await startDaemon();
    expect(
      (await app.inject({ method: 'POST', url: '/device/id/simulate', payload: { fixture: 'valid' } })).statusCode,
    ).toBe(404);
  });
});

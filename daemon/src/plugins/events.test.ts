import { afterEach, describe, expect, it } from 'vitest';
import { daemonVersion } from '../build-info.js';
import WebSocket from 'ws';
import type { FastifyInstance } from 'fastify';
import type { ClientEvent, ServerEvent } from '@kiosk/shared-types';
import { readServerEvent } from '../test-helpers/server-events.js';
import { isAllowedOrigin } from './events.js';
import { buildServiceApp, eventually } from '../test-helpers/fake-services.js';

const apps: FastifyInstance[] = [];
afterEach(async () => {
  while (apps.length > 0) await apps.pop()!.close();
});

async function eventsApp(options: Parameters<typeof buildServiceApp>[0] = {}) {
  const app = await buildServiceApp({ plugins: [], ...options });
  apps.push(app);
  return app;
}

function collect(ws: WebSocket): ServerEvent[] {
  const received: ServerEvent[] = [];
  ws.on('message', (data: Buffer) => received.push(readServerEvent(data)));
  return received;
}

describe('isAllowedOrigin', () => {
  const config = { host: '127.0.0.1', allowedOrigins: ['http://kiosk.local:8080'] };

  it("allows the daemon's own origin on a loopback or configured host", () => {
    expect(isAllowedOrigin('http://127.0.0.1:8080', '127.0.0.1:8080', config)).toBe(true);
    expect(isAllowedOrigin('http://localhost:8080', 'localhost:8080', config)).toBe(true);
    expect(isAllowedOrigin('http://[::1]:8080', '[::1]:8080', config)).toBe(true);
  });

  it('refuses foreign origins, null origins and DNS-rebinding hosts', () => {
    expect(isAllowedOrigin('http://evil.example', '127.0.0.1:8080', config)).toBe(false);
    expect(isAllowedOrigin('null', '127.0.0.1:8080', config)).toBe(false);
    expect(isAllowedOrigin('https://127.0.0.1:8080', '127.0.0.1:8080', config)).toBe(false);
    expect(isAllowedOrigin('http://127.0.0.1:9999', '127.0.0.1:8080', config)).toBe(false);
    // A page on rebind.example (resolving to 127.0.0.1) sends matching Origin and Host.
    expect(isAllowedOrigin('http://rebind.example:8080', 'rebind.example:8080', config)).toBe(false);
  });

  it('allows configured extra origins and clients that send no Origin (not a web page)', () => {
    expect(isAllowedOrigin('http://kiosk.local:8080', 'kiosk.local:8080', config)).toBe(true);
    expect(isAllowedOrigin(undefined, '127.0.0.1:8080', config)).toBe(true);
  });
});

describe('GET /events', () => {
  it('greets with hello (server time, session, reader status, version, content origins)', async () => {
    const app = await eventsApp({
      traceId: 'trace-42',
      config: { sandboxOrigin: 'http://127.0.0.1:8090', contentOrigins: ['https://www.youtube.com'] },
    });
    await app.ready();
    let hello: ServerEvent | undefined;
    const ws = await app.injectWS(
      '/events',
      {},
      {
        onInit: (socket) => socket.once('message', (data: Buffer) => (hello = readServerEvent(data))),
      },
    );
    await eventually(() => hello);
    expect(hello).toMatchObject({
      type: 'hello',
      reader: 'unknown',
      version: daemonVersion(),
      session: { traceId: 'trace-42' },
      // The same origins the page's CSP allows: the UI never tries what the CSP would refuse.
      contentOrigins: ['http://127.0.0.1:8090', 'https://www.youtube.com'],
      sandbox: true,
    });
    expect((hello as { serverTime: number }).serverTime).toBeGreaterThan(Date.now() - 5000);
    ws.terminate();
  });

  it('tells the page of a kiosk on its operator API that it is no demo (no DEMO mark)', async () => {
    const app = await eventsApp({ config: { sandbox: false, upstreamUrl: 'https://operator.example.com/api/v1' } });
    await app.ready();
    let hello: ServerEvent | undefined;
    const ws = await app.injectWS(
      '/events',
      {},
      {
        onInit: (socket) => socket.once('message', (data: Buffer) => (hello = readServerEvent(data))),
      },
    );
    await eventually(() => hello);
    expect(hello).toMatchObject({ type: 'hello', sandbox: false });
    ws.terminate();
  });

  it('refuses a socket from a foreign origin with 403 and counts it', async () => {
    const app = await eventsApp();
    await app.ready();
    await expect(
      app.injectWS('/events', { headers: { origin: 'http://evil.example', host: '127.0.0.1:8080' } }),
    ).rejects.toThrow(/403/);
    const refused = await app.metrics.registry.getSingleMetricAsString('kiosk_websocket_refused_total');
    expect(refused).toMatch(/kiosk_websocket_refused_total(\{[^}]*\})? 1/);
    expect(app.events.clientCount()).toBe(0);
  });

  it('accepts its own origin, broadcasts to every client and passes valid client events on', async () => {
    const app = await eventsApp();
    await app.ready();
    const received: ClientEvent[] = [];
    const unsubscribe = app.events.onClientEvent((event) => received.push(event));
    const headers = { origin: 'http://127.0.0.1:8080', host: '127.0.0.1:8080' };
    const a = await app.injectWS('/events', { headers });
    const b = await app.injectWS('/events', { headers });
    const aEvents = collect(a);
    const bEvents = collect(b);
    expect(app.events.clientCount()).toBe(2);
    expect(await app.metrics.registry.getSingleMetricAsString('kiosk_websocket_clients')).toMatch(/ 2$/m);

    app.events.broadcast({ type: 'home-reload' });
    await eventually(() => aEvents.length > 0 && bEvents.length > 0);
    expect(aEvents).toEqual([{ type: 'home-reload' }]);

    a.send('not json');
    a.send(JSON.stringify({ type: 'activity', section: 'info' }));
    a.send(JSON.stringify({ type: 'activity', section: 'info', loggedIn: false, dossierPolling: false }));
    await eventually(() => received.length > 0);
    expect(received).toEqual([{ type: 'activity', section: 'info', loggedIn: false, dossierPolling: false }]);

    unsubscribe();
    a.send(JSON.stringify({ type: 'continue' }));
    b.terminate();
    await eventually(() => app.events.clientCount() === 1);
    expect(received).toHaveLength(1);
    a.terminate();
  });

  it('a listener that throws does not stop the others', async () => {
    const app = await eventsApp();
    await app.ready();
    const received: string[] = [];
    app.events.onClientEvent(() => {
      throw new Error('boom');
    });
    app.events.onClientEvent((event) => received.push(event.type));
    const ws = await app.injectWS('/events');
    ws.send(JSON.stringify({ type: 'ping' }));
    await eventually(() => received.length > 0);
    ws.terminate();
  });

  it('sends server-time on its interval and drops sockets that stop answering pings', async () => {
    const app = await eventsApp({ events: { heartbeatMs: 50, serverTimeMs: 50 } });
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const url = `${address.replace('http', 'ws')}/events`;
    const live = new WebSocket(url);
    const events = collect(live);
    // A frozen client: connected, but it never answers a ping.
    const frozen = new WebSocket(url, { autoPong: false });
    await Promise.all([live, frozen].map((ws) => new Promise((resolve) => ws.on('open', resolve))));
    await eventually(() => events.some((event) => event.type === 'server-time'));
    await eventually(() => frozen.readyState === WebSocket.CLOSED, 2000);
    // The live client answers pings and stays connected over several heartbeats.
    expect(live.readyState).toBe(WebSocket.OPEN);
    expect(app.events.clientCount()).toBe(1);
    live.terminate();
  });

  it('over a real listener: closes clients with 1001 on shutdown', async () => {
    const app = await eventsApp();
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const ws = new WebSocket(`${address.replace('http', 'ws')}/events`, { origin: address });
    const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
    await new Promise((resolve) => ws.on('open', resolve));
    await eventually(() => app.events.clientCount() === 1);
    const started = Date.now();
    await apps.pop()!.close();
    expect(await closed).toBe(1001);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('over a real listener: a foreign origin cannot connect', async () => {
    const app = await eventsApp();
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const ws = new WebSocket(`${address.replace('http', 'ws')}/events`, { origin: 'http://evil.example' });
    const status = await new Promise<number>((resolve) =>
      ws.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0)),
    );
    expect(status).toBe(403);
  });
});

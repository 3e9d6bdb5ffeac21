import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll } from 'vitest';
import fp from 'fastify-plugin';
import type { ShippedLogEntry, SessionSnapshot } from '@kiosk/shared-types';
import { loadConfig, type DaemonConfig } from '../config.js';
import metrics from '../plugins/metrics.js';
import events, { type EventsOptions } from '../plugins/events.js';
import cardReader from '../devices/card-reader/plugin.js';
import screen, { type ScreenOptions } from '../plugins/screen.js';
import logs from '../plugins/logs.js';
import printer from '../devices/printer/plugin.js';
import idScanner, { type IdScannerPluginOptions } from '../devices/id-scanner/plugin.js';
import speech from '../devices/speech/plugin.js';
import outbox from '../plugins/outbox.js';
import updateStatus, { type UpdateStatusOptions } from '../plugins/update-status.js';
import visit from '../plugins/visit.js';
import { UpstreamHealth } from '../plugins/upstream-health.js';
import { decryptSimulatedSwipe } from '../devices/card-reader/simulator.js';

/**
 * Test doubles for the services the events, card-reader, logs and health plugins lean on, so those
 * plugins can be tested on a bare Fastify instance: a fake `upstream` (decrypts simulated swipes
 * like the sandbox), a fake `session`, and a fake logging app that records what it was sent.
 */

let scratch: string | undefined;

// Each test file evaluates this module afresh, so this removes that file's directories.
afterAll(() => {
  if (scratch !== undefined) rmSync(scratch, { recursive: true, force: true });
  scratch = undefined;
});

/** A fresh directory under this test file's scratch dir, removed after the file's tests. */
export function tempDir(prefix: string): string {
  scratch ??= mkdtempSync(join(tmpdir(), 'kiosk-daemon-tests-'));
  return mkdtempSync(join(scratch, prefix));
}

export function testConfig(overrides: Partial<DaemonConfig> = {}): DaemonConfig {
  return {
    ...loadConfig({ KIOSK_SANDBOX: 'on' }),
    upstreamUrl: 'http://127.0.0.1:1/api/v1',
    spoolDir: tempDir('spool-'),
    stateDir: tempDir('state-'),
    outboxDir: tempDir('outbox-'),
    ...overrides,
  };
}

export type FakeUpstreamHandler = (
  name: string,
  params: Record<string, string>,
  options?: { form?: Record<string, string> },
) => Promise<{ statusCode: number; body: unknown }>;

/** Decrypts 'SIMENC:' swipes like the sandbox's credit-card/ route; answers 200 ok for anything else. */
export const sandboxLikeUpstream: FakeUpstreamHandler = async (name, _params, options) => {
  if (name === 'decryptCard') {
    const card = decryptSimulatedSwipe(options?.form?.card_data ?? '');
    if (card === undefined)
      return { statusCode: 200, body: { application_data: { status: 'error', message: 'Unreadable card data' } } };
    return { statusCode: 200, body: { application_data: { status: 'ok', result: { DecryptedCardSwipe: card } } } };
  }
  return { statusCode: 200, body: { application_data: { status: 'ok', result: {} } } };
};

export function fakeUpstream(handler: FakeUpstreamHandler) {
  return fp(
    async (app) => {
      app.decorate('upstream', {
        call: handler,
        traceId: () => 'trace-test',
        pool: null,
        basePath: '/',
        health: new UpstreamHealth(null, app.metrics),
      } as unknown as FastifyInstance['upstream']);
    },
    { name: 'upstream' },
  );
}

export function fakeSession(traceId = 'trace-test') {
  const snapshot: SessionSnapshot = { active: true, traceId, secondsLeft: 180, warning: false, resetSecondsLeft: null };
  return fp(
    async (app) => {
      app.decorate('session', {
        traceId: () => traceId,
        // The fake's one session is the only one it knows.
        traceIdForEvent: () => traceId,
        snapshot: () => snapshot,
        listHolds: () => [],
        onEnded: () => undefined,
      } as unknown as FastifyInstance['session']);
    },
    { name: 'session' },
  );
}

export interface ServiceAppOptions {
  config?: Partial<DaemonConfig>;
  upstream?: FakeUpstreamHandler;
  /** Trace id of the fake session; null: no session plugin. */
  traceId?: string | null;
  events?: EventsOptions;
  plugins?: Array<'card-reader' | 'logs' | 'screen' | 'printer' | 'id-scanner' | 'speech' | 'outbox' | 'update-status'>;
  screen?: ScreenOptions;
  updateStatus?: UpdateStatusOptions;
  idScanner?: IdScannerPluginOptions;
  logger?: boolean | object;
}

/** metrics, events, fake upstream and session, then the chosen plugins; not yet ready. */
export async function buildServiceApp(options: ServiceAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: (options.logger ?? false) as boolean,
    forceCloseConnections: true,
    return503OnClosing: true,
  });
  app.decorate('config', testConfig(options.config));
  await app.register(metrics);
  await app.register(fakeUpstream(options.upstream ?? sandboxLikeUpstream));
  await app.register(events, options.events ?? {});
  if (options.traceId !== null) await app.register(fakeSession(options.traceId ?? 'trace-test'));
  const plugins = options.plugins ?? ['card-reader', 'logs', 'screen'];
  if (plugins.includes('card-reader')) await app.register(cardReader);
  if (plugins.includes('logs')) await app.register(logs);
  if (plugins.includes('screen')) await app.register(screen, options.screen ?? {});
  if (plugins.includes('printer')) await app.register(printer);
  if (plugins.includes('id-scanner')) await app.register(idScanner, options.idScanner ?? {});
  if (plugins.includes('speech')) await app.register(speech);
  if (plugins.includes('update-status')) await app.register(updateStatus, options.updateStatus ?? {});
  if (plugins.includes('outbox')) {
    await app.register(visit);
    await app.register(outbox);
  }
  return app;
}

export type LoggingAppMode = 'up' | 'error' | 'reset' | 'hang';

export interface FakeLoggingApp {
  url: string;
  /** Every entry received in a 2xx-answered POST, in arrival order. */
  entries: ShippedLogEntry[];
  /** Every POST body received, answered or not. */
  posts: number;
  mode: LoggingAppMode;
  waitForEntries(count: number, timeoutMs?: number): Promise<ShippedLogEntry[]>;
  close(): Promise<void>;
}

/** The logging app: `up` records and answers 200, `error` answers 503, `reset` drops the connection, `hang` never answers. */
export async function startFakeLoggingApp(mode: LoggingAppMode = 'up'): Promise<FakeLoggingApp> {
  const fake = { entries: [] as ShippedLogEntry[], posts: 0, mode } as FakeLoggingApp;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      fake.posts += 1;
      switch (fake.mode) {
        case 'reset':
          request.socket.destroy();
          return;
        case 'hang':
          return;
        case 'error':
          response.writeHead(503, { 'content-type': 'application/json' }).end('{"error":"down"}');
          return;
        case 'up': {
          const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ShippedLogEntry[];
          fake.entries.push(...body);
          response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/applications/logging/log`;
  fake.waitForEntries = async (count, timeoutMs = 5000) => {
    const until = Date.now() + timeoutMs;
    while (fake.entries.length < count) {
      if (Date.now() > until) throw new Error(`logging app got ${fake.entries.length} entries, expected ${count}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return fake.entries;
  };
  fake.close = async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return fake;
}

/** Poll until `check` returns a value other than undefined/false. */
export async function eventually<T>(
  check: () => T | undefined | false | Promise<T | undefined | false>,
  timeoutMs = 5000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

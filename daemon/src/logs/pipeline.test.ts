import { readdirSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { ShippedLogEntry } from '@kiosk/shared-types';
import { LogPipeline, toShippedEntry, type LogPipelineOptions, type LogStage } from './pipeline.js';
import { retryDelayMs } from './shipper.js';
import { eventually, startFakeLoggingApp, tempDir, type FakeLoggingApp } from '../test-helpers/fake-services.js';

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

const silent = { info() {}, warn() {}, error() {} };

function entries(from: number, count: number): ShippedLogEntry[] {
  return Array.from({ length: count }, (_, i) =>
    toShippedEntry(
      { event_name: 'Navigation next', action: String(from + i), active_section: 'info' },
      { facilityId: 'demo', sessionId: 't', now: 0 },
    ),
  );
}

const actions = (list: ShippedLogEntry[]) => list.map((entry) => Number(entry.log.action));
const range = (count: number) => Array.from({ length: count }, (_, i) => i);

async function loggingApp(mode: FakeLoggingApp['mode'] = 'up'): Promise<FakeLoggingApp> {
  const app = await startFakeLoggingApp(mode);
  cleanups.push(() => app.close());
  return app;
}

function pipeline(overrides: Partial<LogPipelineOptions> & { logUrl: string | null }) {
  const counts: Partial<Record<LogStage, number>> = {};
  const instance = new LogPipeline({
    spoolDir: tempDir('pipeline-'),
    spoolMaxBytes: 10_000_000,
    batchSize: 5,
    batchMs: 50,
    retryBaseMs: 20,
    retryMaxMs: 100,
    shipTimeoutMs: 1000,
    log: silent,
    count: (stage, n) => (counts[stage] = (counts[stage] ?? 0) + n),
    ...overrides,
  });
  cleanups.push(() => instance.close(200));
  return { instance, counts };
}

describe('toShippedEntry', () => {
  const context = { facilityId: 'demo', sessionId: 'trace-1', now: Date.UTC(2030, 0, 2, 3, 4, 5) };

  it('adds component, level, timestamp, facility and the session trace id', () => {
    expect(toShippedEntry({ event_name: 'Navigation next', action: 'next', active_section: 'info' }, context)).toEqual({
      component: 'kiosk',
      log_level: 'info',
      timestamp: '2030-01-02T03:04:05.000Z',
      event_name: 'Navigation next',
      log: { session_id: 'trace-1', action: 'next', active_section: 'info', facility_id: 'demo' },
    });
  });

  it('masks card numbers everywhere (also in free text) and removes CVV and expiry', () => {
    const entry = toShippedEntry(
      {
        event_name: 'Card 4111 1111 1111 1111 entered',
        action: 'paid with 4111111111111111',
        active_section: 'card_details',
        log_level: 'warn',
        data: {
          cc_number: '4111111111111111',
          cvv: '737',
          cc_exp_month: '12',
          cc_exp_year: '2030',
          nested: [{ detail: 'card 378282246310005 on file', exp_month: '12' }],
          tenant_first_name: 'Jane',
          zip: '12345',
        },
      },
      context,
    );
    const text = JSON.stringify(entry);
    expect(text).not.toMatch(/4111111111111111|4111 1111 1111 1111|378282246310005|737/);
    expect(entry.event_name).toBe('Card 4111********1111 entered');
    expect(entry.log.action).toBe('paid with 4111********1111');
    expect(entry.log.data).toEqual({
      cc_number: '4111********1111',
      cvv: '[removed]',
      cc_exp_month: '[removed]',
      cc_exp_year: '[removed]',
      nested: [{ detail: 'card 3782*******0005 on file', exp_month: '[removed]' }],
      tenant_first_name: 'Jane',
      zip: '12345',
    });
    expect(entry.log_level).toBe('warn');
  });

  it('keeps a plausible client time and replaces an absurd one', () => {
    expect(
      toShippedEntry({ event_name: 'e', action: 'a', active_section: 's', at: context.now - 1000 }, context).timestamp,
    ).toBe('2030-01-02T03:04:04.000Z');
    expect(toShippedEntry({ event_name: 'e', action: 'a', active_section: 's', at: 0 }, context).timestamp).toBe(
      '2030-01-02T03:04:05.000Z',
    );
  });
});

describe('retryDelayMs', () => {
  it('doubles from the base up to the cap, with half of it jittered', () => {
    const fixed = (attempt: number) => retryDelayMs(attempt, 1000, 60_000, () => 1);
    expect([1, 2, 3, 4, 7, 8, 50].map(fixed)).toEqual([1000, 2000, 4000, 8000, 60_000, 60_000, 60_000]);
    expect(retryDelayMs(3, 1000, 60_000, () => 0)).toBe(2000);
  });
});

describe('LogPipeline', () => {
  it('ships by count at once and by age after batchMs, in order', async () => {
    const logging = await loggingApp();
    const { instance, counts } = pipeline({ logUrl: logging.url, batchMs: 200 });
    await instance.start();
    await instance.accept(entries(0, 5));
    await logging.waitForEntries(5, 150); // a full batch does not wait for batchMs
    await instance.accept(entries(5, 2));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(logging.entries).toHaveLength(5); // a partial batch waits ...
    await logging.waitForEntries(7); // ... until it is old enough
    expect(actions(logging.entries)).toEqual(range(7));
    await eventually(() => instance.stats().shipped === 7);
    expect(counts).toMatchObject({ accepted: 7, spooled: 7, shipped: 7 });
    expect(instance.stats()).toMatchObject({ spoolFiles: 0, spoolBytes: 0, accepted: 7, shipped: 7, dropped: 0 });
    expect(instance.stats().lastShipAt).not.toBeNull();
  });

  it.each(['reset', 'error', 'hang'] as const)(
    'logging app down (%s), then back: nothing lost, order kept',
    async (mode) => {
      const logging = await loggingApp(mode);
      const { instance } = pipeline({ logUrl: logging.url, shipTimeoutMs: 200 });
      await instance.start();
      for (let i = 0; i < 6; i += 1) await instance.accept(entries(i * 3, 3));
      await eventually(() => logging.posts >= 2, 5000);
      expect(instance.stats().spoolEntries).toBe(18);
      expect(instance.stats().consecutiveFailures).toBeGreaterThan(0);
      expect(instance.stats().lastShipAt).toBeNull();

      logging.mode = 'up';
      await instance.accept(entries(18, 2));
      await logging.waitForEntries(20, 5000);
      expect(actions(logging.entries)).toEqual(range(20));
      await eventually(() => instance.stats().shipped === 20);
      expect(instance.stats()).toMatchObject({ spoolFiles: 0, consecutiveFailures: 0, shipped: 20 });
    },
  );

  it('close while the logging app is down keeps the backlog on disk; the next start ships it first, in order', async () => {
    const logging = await loggingApp('error');
    const spoolDir = tempDir('restart-');
    const first = pipeline({ logUrl: logging.url, spoolDir }).instance;
    await first.start();
    for (let i = 0; i < 4; i += 1) await first.accept(entries(i * 2, 2));
    await eventually(() => logging.posts >= 1);
    await first.close(200);
    expect(readdirSync(spoolDir).filter((name) => name.endsWith('.json'))).toHaveLength(4);

    logging.mode = 'up';
    const second = pipeline({ logUrl: logging.url, spoolDir }).instance;
    await second.start();
    await second.accept(entries(8, 1));
    await logging.waitForEntries(9);
    expect(actions(logging.entries)).toEqual(range(9));
  });

  it('close flushes a waiting partial batch when the logging app is up', async () => {
    const logging = await loggingApp();
    const { instance } = pipeline({ logUrl: logging.url, batchMs: 60_000 });
    await instance.start();
    await instance.accept(entries(0, 2));
    await instance.close(1000);
    expect(actions(logging.entries)).toEqual([0, 1]);
    expect(instance.stats().spoolFiles).toBe(0);
  });

  it('close does not wait past its grace for a logging app that hangs', async () => {
    const logging = await loggingApp('hang');
    const { instance } = pipeline({ logUrl: logging.url, batchMs: 60_000, shipTimeoutMs: 30_000 });
    await instance.start();
    await instance.accept(entries(0, 2));
    const started = Date.now();
    await instance.close(200);
    expect(Date.now() - started).toBeLessThan(1500);
    expect(instance.stats().spoolEntries).toBe(2);
  });

  it('a batch the logging app rejects as malformed (400) is dropped and counted, not retried forever', async () => {
    let posts = 0;
    const server = createServer((request, response) => {
      posts += 1;
      request.resume();
      response.writeHead(posts === 1 ? 400 : 200).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise((resolve) => server.close(resolve)));
    const { instance, counts } = pipeline({ logUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/log` });
    await instance.start();
    await instance.accept(entries(0, 5));
    await eventually(() => counts.dropped === 5);
    await instance.accept(entries(5, 5));
    await eventually(() => counts.shipped === 5);
    expect(instance.stats().spoolFiles).toBe(0);
  });

  it('the spool bound drops the oldest batches while the logging app is down, and counts them', async () => {
    const logging = await loggingApp('error');
    const size = Buffer.byteLength(JSON.stringify(entries(10, 2))); // the largest batch below
    const { instance, counts } = pipeline({
      logUrl: logging.url,
      spoolMaxBytes: size * 3,
      retryBaseMs: 10_000,
      retryMaxMs: 10_000,
    });
    await instance.start();
    await instance.accept(entries(0, 2));
    await eventually(() => logging.posts >= 1);
    for (let i = 1; i < 6; i += 1) await instance.accept(entries(i * 2, 2));
    expect(counts.dropped).toBe(6);
    expect(instance.stats()).toMatchObject({ dropped: 6, spoolEntries: 6 });
    expect(instance.stats().spoolBytes).toBeLessThanOrEqual(size * 3);
  });

  it('without a logging app URL, events are counted and discarded, never spooled', async () => {
    const { instance, counts } = pipeline({ logUrl: null });
    await instance.start();
    await instance.accept(entries(0, 3));
    expect(counts).toEqual({ accepted: 3, discarded: 3 });
    expect(readdirSync(instance.spool.dir)).toEqual([]);
  });
});

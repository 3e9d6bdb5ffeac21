import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { DaemonConfig } from '../config.js';
import { buildCardReaderSimulator } from '../devices/card-reader/simulator.js';
import { buildServiceApp } from '../test-helpers/fake-services.js';
import { buildSupportApp } from './health.js';

/** Each test builds whole daemons; on a loaded machine that takes seconds (a bound, not a measure). */
const DAEMON_TEST_TIMEOUT_MS = 30_000;
/**
 * The disk under the log spool fills up. The kiosk keeps renting (ready stays 200) but says so:
 * /log answers 503, the events count as lost, ready and the bundle say the spool is full, and the
 * free-space gauge shows it. Once with an injected ENOSPC (always), once on a real 64 KiB tmpfs
 * (when this machine lets the test mount one: it needs root).
 */

const closers: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  vi.restoreAllMocks();
  while (closers.length > 0) await closers.pop()!();
});

/** A ready kiosk (operator answering, card reader OK) whose logging app is far away. */
async function daemon(overrides: Partial<DaemonConfig>) {
  const simulator = await buildCardReaderSimulator({ logger: false });
  const readerUrl = await simulator.listen({ host: '127.0.0.1', port: 0 });
  closers.push(() => simulator.close());
  const app = await buildServiceApp({
    config: {
      cardReaderUrl: readerUrl,
      logUrl: 'http://127.0.0.1:9/applications/logging/log',
      logBatchMs: 600_000,
      ...overrides,
    },
  });
  await app.ready();
  closers.push(() => app.close());
  await app.cardReader.checkHealth();
  const support: FastifyInstance = await buildSupportApp(app);
  closers.push(() => support.close());
  return { app, support };
}

function postLog(app: FastifyInstance, events: number, padding = 0) {
  return app.inject({
    method: 'POST',
    url: '/log',
    payload: Array.from({ length: events }, (_, index) => ({
      event_name: 'Navigation next',
      action: `next ${index}`,
      active_section: 'welcome',
      ...(padding > 0 ? { data: { note: 'x'.repeat(padding) } } : {}),
    })),
  });
}

async function metric(app: FastifyInstance, name: string, labels = ''): Promise<number | undefined> {
  const text = await app.metrics.registry.metrics();
  const line = text.split('\n').find((row) => row.startsWith(name) && row.includes(labels));
  return line === undefined ? undefined : Number(line.split(' ').at(-1));
}

describe('a spool write that fails with ENOSPC (injected)', { timeout: DAEMON_TEST_TIMEOUT_MS }, () => {
  it('answers 503, counts the events as lost, and ready stays 200 saying the spool is full', async () => {
    const { app, support } = await daemon({});
    const full = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    const append = vi.spyOn(app.logPipeline.spool, 'append').mockRejectedValue(full);

    const refused = await postLog(app, 3);
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({
      statusCode: 503,
      error: 'Service Unavailable',
      message: 'The log spool could not be written; the events were not accepted.',
    });
    expect(await metric(app, 'kiosk_log_events_total', 'stage="lost"')).toBe(3);
    expect(await metric(app, 'kiosk_log_events_total', 'stage="rejected"')).toBe(0);

    const ready = await support.inject({ method: 'GET', url: '/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().log_spool).toMatchObject({ status: 'full', write_error: 'ENOSPC' });
    expect(ready.json().log_events).toMatchObject({ lost: 3 });
    const bundle = (await support.inject({ method: 'GET', url: '/support/bundle' })).json();
    expect(bundle.log_spool).toMatchObject({ status: 'full', write_error: 'ENOSPC', lost: 3 });

    // Space again: the next batch is accepted and the spool no longer reads full.
    append.mockRestore();
    expect((await postLog(app, 1)).statusCode).toBe(202);
    const after = (await support.inject({ method: 'GET', url: '/health/ready' })).json().log_spool;
    expect(after.status).not.toBe('full');
    expect(after.write_error).toBeUndefined();
  });

  it('names another write failure (a read-only disk) failing', async () => {
    const { app, support } = await daemon({});
    const readOnly = Object.assign(new Error('EROFS: read-only file system, open'), { code: 'EROFS' });
    vi.spyOn(app.logPipeline.spool, 'append').mockRejectedValue(readOnly);
    expect((await postLog(app, 2)).statusCode).toBe(503);
    const ready = await support.inject({ method: 'GET', url: '/health/ready' });
    expect(ready.json().log_spool).toMatchObject({ status: 'failing', write_error: 'EROFS' });
  });
});

const TMPFS_BYTES = 64 * 1024;

/** A 64 KiB tmpfs, or why there is none (the test is then skipped with that reason). */
function mountSmallTmpfs(): { dir: string } | { refused: string } {
  const dir = mkdtempSync(join(tmpdir(), 'kiosk-small-disk-'));
  const result = spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${TMPFS_BYTES}`, 'tmpfs', dir], { encoding: 'utf8' });
  if (result.status === 0) return { dir };
  rmSync(dir, { recursive: true, force: true });
  return { refused: (result.stderr || result.error?.message || `mount exited ${result.status}`).trim() };
}

const disk = mountSmallTmpfs();
afterAll(() => {
  if ('dir' in disk) {
    spawnSync('umount', [disk.dir]);
    rmSync(disk.dir, { recursive: true, force: true });
  }
});
const tmpfsSkipReason = 'refused' in disk ? `mount -t tmpfs refused: ${disk.refused}` : '';

describe(
  `a spool on a 64 KiB tmpfs that fills up${tmpfsSkipReason === '' ? '' : ` (skipped: ${tmpfsSkipReason})`}`,
  { timeout: DAEMON_TEST_TIMEOUT_MS },
  () => {
    it.skipIf(tmpfsSkipReason !== '')(
      'fills, then refuses with 503: lost events counted, free bytes near 0, ready 200 with spool full',
      async () => {
        const spoolDir = join((disk as { dir: string }).dir, 'spool');
        mkdirSync(spoolDir);
        const { app, support } = await daemon({ spoolDir, spoolMaxBytes: 10 * 1024 * 1024 });
        expect(await metric(app, 'kiosk_spool_filesystem_size_bytes')).toBe(TMPFS_BYTES);

        // ~4 KiB batches until the disk says no (64 KiB holds at most 16 of them).
        let answer = await postLog(app, 2, 2000);
        let accepted = 0;
        for (let batch = 0; batch < 40 && answer.statusCode === 202; batch += 1) {
          accepted += 2;
          answer = await postLog(app, 2, 2000);
        }
        expect(answer.statusCode).toBe(503);
        expect(accepted).toBeGreaterThan(0);
        expect(await metric(app, 'kiosk_log_events_total', 'stage="lost"')).toBe(2);
        expect(await metric(app, 'kiosk_log_events_total', 'stage="spooled"')).toBe(accepted);
        expect(await metric(app, 'kiosk_spool_filesystem_free_bytes')).toBeLessThan(8 * 1024);

        const ready = await support.inject({ method: 'GET', url: '/health/ready' });
        expect(ready.statusCode).toBe(200);
        expect(ready.json().log_spool).toMatchObject({
          status: 'full',
          write_error: 'ENOSPC',
          size_bytes: TMPFS_BYTES,
          entries: accepted,
        });
        // The half-written batch was removed: only whole batches are left on the disk.
        expect(readdirSync(spoolDir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
      },
    );
  },
);

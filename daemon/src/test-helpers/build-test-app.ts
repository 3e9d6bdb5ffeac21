import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { KIOSK_PAGE_HEADER, KIOSK_PAGE_HEADER_VALUE } from '@kiosk/shared-types';
import { buildApp } from '../app.js';
import { loadConfig, type DaemonConfig } from '../config.js';

/**
 * The whole daemon app for tests: configuration from an empty environment (so nothing on the
 * machine leaks in) plus the test's overrides, logger off, a fresh spool directory under the OS
 * temp dir. Nothing listens: use app.inject(), which calls as the kiosk's own page (asKioskPage).
 * Close it in afterEach/afterAll.
 *
 *   const upstream = await startRecordingUpstream();
 *   const app = await buildTestApp({ upstreamUrl: upstream.url, apiKey: 'test-key' });
 */
export function testConfig(overrides: Partial<DaemonConfig> = {}): DaemonConfig {
  return {
    ...loadConfig({ KIOSK_SANDBOX: 'on' }),
    spoolDir: mkdtempSync(join(tmpdir(), 'kiosk-test-spool-')),
    stateDir: mkdtempSync(join(tmpdir(), 'kiosk-test-state-')),
    outboxDir: mkdtempSync(join(tmpdir(), 'kiosk-test-outbox-')),
    ...overrides,
  };
}

export async function buildTestApp(overrides: Partial<DaemonConfig> = {}): Promise<FastifyInstance> {
  return asKioskPage(await buildApp(testConfig(overrides), { logger: false }));
}

/**
 * The app, whose inject() now calls as the kiosk's own page does: with its header
 * (KIOSK_PAGE_HEADER), unless the test sets that header itself. Tests of the daemon's services
 * call as the page; kiosk-page.test.ts checks what happens to any other caller.
 */
export function asKioskPage(app: FastifyInstance): FastifyInstance {
  const inject = app.inject.bind(app);
  const asPage = (options: InjectOptions | string): InjectOptions => {
    const given = typeof options === 'string' ? { url: options } : options;
    return { ...given, headers: { [KIOSK_PAGE_HEADER]: KIOSK_PAGE_HEADER_VALUE, ...given.headers } };
  };
  app.inject = ((options?: InjectOptions | string) =>
    options === undefined ? inject() : inject(asPage(options))) as typeof app.inject;
  return app;
}

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { loadConfig, type DaemonConfig } from '../config.js';

/**
 * The whole daemon app for tests: configuration from an empty environment (so nothing on the
 * machine leaks in) plus the test's overrides, logger off, a fresh spool directory under the OS
 * temp dir. Nothing listens: use app.inject(). Close it in afterEach/afterAll.
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
  return buildApp(testConfig(overrides), { logger: false });
}

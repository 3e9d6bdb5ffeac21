import { spawn } from 'node:child_process';
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { transpileForChild } from '../test-helpers/plain-node-child.js';
import { afterEach, describe, expect, it } from 'vitest';
import { LogPipeline } from './pipeline.js';
import { startFakeLoggingApp, tempDir, type FakeLoggingApp } from '../test-helpers/fake-services.js';

/**
 * At-least-once across a crash: a child process accepts log events as fast as it can and is
 * SIGKILLed mid-spool; a second run over the same spool directory must deliver every event the
 * child reported as accepted, in order (duplicates allowed, losses not).
 */

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

/** The child runs plain Node: the pipeline and shared-types, transpiled into a temp dir. */
function buildChild(): string {
  const out = tempDir('kill-child-');
  transpileForChild(out, ['logs/pipeline.ts', 'logs/spool.ts', 'logs/shipper.ts', 'durable-file.ts']);
  writeFileSync(
    join(out, 'child.mjs'),
    `import { LogPipeline, toShippedEntry } from './logs/pipeline.js';
const [spoolDir, logUrl] = process.argv.slice(2);
const quiet = { info() {}, warn() {}, error() {} };
const pipeline = new LogPipeline({ logUrl, spoolDir, spoolMaxBytes: 50_000_000, batchSize: 5, batchMs: 5,
  retryBaseMs: 5, retryMaxMs: 20, shipTimeoutMs: 500, log: quiet });
await pipeline.start();
for (let i = 0; ; i += 1) {
  const entry = toShippedEntry({ event_name: 'Navigation next', action: String(i), active_section: 'info' },
    { facilityId: 'demo', sessionId: 'trace-kill', now: Date.now() });
  await pipeline.accept([entry]);
  process.stdout.write('accepted ' + i + '\\n');
}
`,
  );
  return join(out, 'child.mjs');
}

/** Run the child until it has accepted `count` events, then SIGKILL it; returns the last accepted index. */
async function runAndKill(child: string, spoolDir: string, logUrl: string, count: number): Promise<number> {
  const process_ = spawn(process.execPath, [child, spoolDir, logUrl], { stdio: ['ignore', 'pipe', 'inherit'] });
  let last = -1;
  const exited = new Promise<NodeJS.Signals | null>((resolve) =>
    process_.on('exit', (_code, signal) => resolve(signal)),
  );
  for await (const line of createInterface({ input: process_.stdout! })) {
    last = Number(line.split(' ')[1]);
    if (last >= count) {
      process_.kill('SIGKILL');
      break;
    }
  }
  expect(await exited).toBe('SIGKILL');
  return last;
}

async function loggingApp(mode: FakeLoggingApp['mode']): Promise<FakeLoggingApp> {
  const app = await startFakeLoggingApp(mode);
  cleanups.push(() => app.close());
  return app;
}

describe('daemon killed mid-spool', () => {
  const child = buildChild();

  it.each(['reset', 'up'] as const)(
    'loses nothing it accepted (logging app %s during the first run)',
    async (firstMode) => {
      const spoolDir = tempDir('kill-spool-');
      const first = await loggingApp(firstMode);
      const lastAccepted = await runAndKill(child, spoolDir, first.url, 150);

      const second = await loggingApp('up');
      const restarted = new LogPipeline({
        logUrl: second.url,
        spoolDir,
        spoolMaxBytes: 50_000_000,
        batchSize: 50,
        batchMs: 5,
        retryBaseMs: 5,
        retryMaxMs: 20,
        shipTimeoutMs: 1000,
        log: { info() {}, warn() {}, error() {} },
      });
      cleanups.push(() => restarted.close(100));
      await restarted.start();
      expect(readdirSync(spoolDir).some((name) => name.endsWith('.tmp'))).toBe(false);

      const delivered = () => [...first.entries, ...second.entries].map((entry) => Number(entry.log.action));
      const until = Date.now() + 10_000;
      while (restarted.stats().spoolFiles > 0 && Date.now() < until)
        await new Promise((resolve) => setTimeout(resolve, 10));
      const received = new Set(delivered());
      const missing = Array.from({ length: lastAccepted + 1 }, (_, i) => i).filter((i) => !received.has(i));
      expect(missing).toEqual([]);

      // Order: the second run ships oldest first.
      const secondRun = second.entries.map((entry) => Number(entry.log.action));
      expect(secondRun).toEqual([...secondRun].sort((a, b) => a - b));
    },
  );
});

import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildSandbox } from '../../sandbox/app.js';
import { eventually, tempDir } from '../../test-helpers/fake-services.js';
import { closedPort } from '../../test-helpers/recording-upstream.js';
import type { JournalEntry } from './journal.js';
import { startTerminalSimulator, type RunningTerminalSimulator } from './simulator.js';

/**
 * Exactly once across a SIGKILL (docs/payment-terminal.md, "Exactly once"): the built daemon runs
 * as a child process against a terminal (the simulator, in this process, so it outlives the
 * daemon as a terminal does) and an operator (the sandbox, in this process too). The daemon is
 * killed at each stage of a payment and started again over the same state and outbox
 * directories; each time the terminal charged once and the operator has one record.
 */

const MAIN = fileURLToPath(new URL('../../../dist/main.js', import.meta.url));
const POI_ID = 'V400m-346403161';
const KEY = { identifier: 'kiosk-kill-key', version: 1, passphrase: 'kill-test-passphrase-61c2' };
const PAGE = { 'x-kiosk-page': '1', 'content-type': 'application/json' };

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

interface Daemon {
  child: ChildProcess;
  url: string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

async function startDaemon(
  dirs: { state: string; outbox: string },
  upstreamUrl: string,
  sim: RunningTerminalSimulator,
) {
  if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run npm run build first`);
  const child = spawn(process.execPath, [MAIN], {
    stdio: ['ignore', 'pipe', 'ignore'],
    env: {
      PATH: process.env.PATH ?? '',
      KIOSK_PORT: '0',
      KIOSK_SUPPORT_HOST: '127.0.0.1',
      KIOSK_SUPPORT_PORT: '0',
      KIOSK_UPSTREAM_URL: upstreamUrl,
      KIOSK_API_KEY: 'sandbox-api-key',
      KIOSK_STATE_DIR: dirs.state,
      KIOSK_OUTBOX_DIR: dirs.outbox,
      KIOSK_SPOOL_DIR: join(dirs.state, '..', 'spool'),
      KIOSK_OUTBOX_RETRY_BASE_MS: '50',
      KIOSK_OUTBOX_RETRY_MAX_MS: '200',
      KIOSK_PAYMENT: 'terminal',
      KIOSK_PAYMENT_TERMINAL_URL: sim.url,
      KIOSK_PAYMENT_TERMINAL_CA: sim.caFile,
      KIOSK_PAYMENT_TERMINAL_POI_ID: POI_ID,
      KIOSK_PAYMENT_TERMINAL_KEY_ID: KEY.identifier,
      KIOSK_PAYMENT_TERMINAL_PASSPHRASE: KEY.passphrase,
      LOG_LEVEL: 'warn',
    },
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  });
  for await (const line of createInterface({ input: child.stdout! })) {
    const ready = /^Kiosk ready: (http:\/\/[^/]+)\//.exec(line);
    if (ready) return { child, url: ready[1]!, exited } satisfies Daemon;
  }
  throw new Error('the daemon stopped before it was ready');
}

async function kill(daemon: Daemon): Promise<void> {
  daemon.child.kill('SIGKILL');
  expect((await daemon.exited).signal).toBe('SIGKILL');
}

async function startPayment(daemon: Daemon): Promise<string> {
  const answer = await fetch(`${daemon.url}/device/payment/terminal`, {
    method: 'POST',
    headers: PAGE,
    body: JSON.stringify({ purpose: 'rental', amountCents: 5900 }),
  });
  expect(answer.status).toBe(202);
  return ((await answer.json()) as { transactionId: string }).transactionId;
}

async function stageOf(daemon: Daemon, transactionId: string): Promise<string> {
  const answer = await fetch(`${daemon.url}/device/payment/terminal/${transactionId}`, { headers: PAGE });
  return ((await answer.json()) as { stage: string }).stage;
}

function journal(dirs: { state: string }, transactionId: string): JournalEntry | undefined {
  const file = join(dirs.state, 'payment-terminal', `tp-${transactionId}.json`);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as JournalEntry) : undefined;
}

async function operator(): Promise<{ sandbox: FastifyInstance; url: string; records: () => Promise<unknown[]> }> {
  const sandbox = await buildSandbox();
  await sandbox.listen({ host: '127.0.0.1', port: 0 });
  cleanups.push(() => sandbox.close());
  const origin = `http://127.0.0.1:${(sandbox.server.address() as { port: number }).port}`;
  return {
    sandbox,
    url: `${origin}/api/v1`,
    records: async () =>
      ((await (await fetch(`${origin}/__sandbox/terminal-payments`)).json()) as { payments: unknown[] }).payments,
  };
}

function directories() {
  const root = tempDir('terminal-kill-');
  const dirs = { state: join(root, 'state'), outbox: join(root, 'outbox') };
  mkdirSync(dirs.state);
  mkdirSync(dirs.outbox);
  return dirs;
}

/** The outcome table the closing report quotes: stage killed at → charges, records, Payment requests. */
const outcomes: string[] = [];

describe('payment terminal killed at each stage of a payment', { timeout: 60_000 }, () => {
  afterEach(() => {
    if (outcomes.length > 0) console.info(`terminal kill test: ${outcomes.at(-1)}`);
  });

  it('before the request: the journal holds it prepared; after the restart it is not charged and not sent', async () => {
    const sim = await startTerminalSimulator({ poiId: POI_ID, key: KEY, cardTimeMs: 100 });
    cleanups.push(() => sim.close());
    const { url, records } = await operator();
    const dirs = directories();
    // What a SIGKILL between the journal's first write and the request leaves (a window of a few
    // microseconds no signal can be aimed at): the entry, prepared, and nothing at the terminal.
    const transactionId = 'a1b2c3d4e5';
    mkdirSync(join(dirs.state, 'payment-terminal'));
    writeFileSync(
      join(dirs.state, 'payment-terminal', `tp-${transactionId}.json`),
      JSON.stringify({
        transactionId,
        purpose: 'rental',
        amountCents: 5900,
        currency: 'USD',
        step: 'prepared',
        steps: [{ step: 'prepared', at: Date.now() }],
        used: false,
      } satisfies JournalEntry),
    );
    const daemon = await startDaemon(dirs, url, sim);
    await eventually(async () => (await stageOf(daemon, transactionId)) === 'failed', 15_000);
    expect(sim.paymentRequests()).toEqual([]);
    expect(sim.charges()).toEqual([]);
    expect(await records()).toEqual([]);
    // The kiosk takes the next payment as usual.
    const next = await startPayment(daemon);
    await eventually(async () => (await stageOf(daemon, next)) === 'approved', 15_000);
    expect(sim.charges()).toHaveLength(1);
    await eventually(async () => (await records()).length === 1, 15_000);
    outcomes.push(
      'before the request: 0 charges, 0 records for it, 0 Payment requests; the next payment 1 charge, 1 record',
    );
  });

  it('while the card is read: the terminal completes it; after the restart the kiosk asks, records it once, never charges again', async () => {
    const sim = await startTerminalSimulator({ poiId: POI_ID, key: KEY, cardTimeMs: 1500 });
    cleanups.push(() => sim.close());
    const { url, records } = await operator();
    const dirs = directories();
    const first = await startDaemon(dirs, url, sim);
    const transactionId = await startPayment(first);
    await eventually(() => sim.transactions().some((transaction) => transaction.state === 'in-progress'), 15_000);
    expect(journal(dirs, transactionId)?.step).toBe('sent');
    await kill(first);
    const second = await startDaemon(dirs, url, sim);
    await eventually(async () => (await stageOf(second, transactionId)) === 'approved', 30_000);
    await eventually(async () => (await records()).length === 1, 15_000);
    expect(sim.charges()).toEqual([{ transactionId, amountCents: 5900 }]);
    expect(sim.paymentRequests()).toEqual([transactionId]);
    expect(await records()).toMatchObject([{ transaction_id: transactionId, amount_cents: 5900 }]);
    outcomes.push('while the card is read: 1 charge, 1 record, 1 Payment request');
  });

  it('after the approval, before the operator is told: the record waits in the outbox and reaches the operator once', async () => {
    const sim = await startTerminalSimulator({ poiId: POI_ID, key: KEY, cardTimeMs: 100 });
    cleanups.push(() => sim.close());
    const { url, records } = await operator();
    const dirs = directories();
    // The operator is out of reach during the first run: the approval is kept, the record waits.
    const first = await startDaemon(dirs, `http://127.0.0.1:${await closedPort()}/api/v1`, sim);
    const transactionId = await startPayment(first);
    await eventually(() => journal(dirs, transactionId)?.outcome === 'approved', 15_000);
    expect(readdirSync(dirs.outbox).length).toBeGreaterThan(0);
    await kill(first);
    expect(await records()).toEqual([]);
    const second = await startDaemon(dirs, url, sim);
    await eventually(async () => (await records()).length === 1, 15_000);
    expect(await stageOf(second, transactionId)).toBe('approved');
    expect(sim.charges()).toEqual([{ transactionId, amountCents: 5900 }]);
    expect(sim.paymentRequests()).toEqual([transactionId]);
    // Delivered: the outbox is empty again.
    await eventually(() => readdirSync(dirs.outbox).filter((name) => !name.endsWith('.tmp')).length === 0, 15_000);
    outcomes.push('after the approval, before the operator is told: 1 charge, 1 record, 1 Payment request');
  });

  it('approved in the journal but not yet in the outbox: the restart hands the record over, once', async () => {
    const sim = await startTerminalSimulator({ poiId: POI_ID, key: KEY, cardTimeMs: 100 });
    cleanups.push(() => sim.close());
    const { url, records } = await operator();
    const dirs = directories();
    // A payment approved in a first run whose operator was away, then that run's outbox lost
    // its file as a kill between the journal's "approved" and the outbox's write would leave it.
    const first = await startDaemon(dirs, `http://127.0.0.1:${await closedPort()}/api/v1`, sim);
    const transactionId = await startPayment(first);
    await eventually(() => journal(dirs, transactionId)?.outcome === 'approved', 15_000);
    await kill(first);
    const entry = journal(dirs, transactionId)!;
    const approvedOnly = {
      ...entry,
      step: 'approved',
      steps: entry.steps.filter((step) => step.step !== 'recorded' && step.step !== 'final'),
    };
    delete approvedOnly.outcome;
    writeFileSync(join(dirs.state, 'payment-terminal', `tp-${transactionId}.json`), JSON.stringify(approvedOnly));
    for (const name of readdirSync(dirs.outbox)) unlinkSync(join(dirs.outbox, name));
    const second = await startDaemon(dirs, url, sim);
    await eventually(async () => (await stageOf(second, transactionId)) === 'approved', 15_000);
    await eventually(async () => (await records()).length === 1, 15_000);
    expect(sim.charges()).toHaveLength(1);
    expect(sim.paymentRequests()).toEqual([transactionId]);
    outcomes.push('approved, not yet handed to the outbox: 1 charge, 1 record, 1 Payment request');
  });
});

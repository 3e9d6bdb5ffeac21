import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { KIOSK_PAGE_HEADER, KIOSK_PAGE_HEADER_VALUE } from '@kiosk/shared-types';

export const E2E_API_KEY = 'e2e-secret-api-key-7f3a9c';
export const E2E_HEALTH_TOKEN = 'e2e-health-token';

export interface RunningKiosk {
  /** The kiosk home URL, e.g. http://127.0.0.1:PORT/demo */
  url: string;
  /** The daemon's origin, e.g. http://127.0.0.1:PORT */
  baseUrl: string;
  sandboxUrl: string;
  simulatorUrl: string;
  supportUrl: string;
  spoolDir: string;
  /** KIOSK_STATE_DIR: what the daemon keeps across restarts (the facility's name and phone). */
  stateDir: string;
  /** The daemon's outbox directory (docs/outbox.md). */
  outboxDir: string;
  /** Everything the daemon printed (stdout + stderr), for secret scans and debugging. */
  output(): string;
  stop(): Promise<void>;
}

export interface StartOptions {
  env?: Record<string, string>;
  /** Facility id in the returned url (the sandbox serves several). */
  facilityId?: string;
}

const REPO = resolve(import.meta.dirname, '../../..');

/** libfaketime's settings: a run under `faketime` (CONTRIBUTING.md) moves the daemon's clock too. */
const FAKE_CLOCK_ENV = Object.fromEntries(
  Object.entries(process.env).filter(([name]) => name === 'LD_PRELOAD' || name.startsWith('FAKETIME')),
) as Record<string, string>;

/**
 * Start the built daemon with the embedded sandbox and card-reader simulator (KIOSK_SANDBOX=on) on
 * free ports and wait until it prints its URLs. Requires `npm run build` (npm test does it first).
 */
export async function startKiosk(options: StartOptions = {}): Promise<RunningKiosk> {
  const spoolDir = mkdtempSync(join(tmpdir(), 'kiosk-spool-'));
  const stateDir = mkdtempSync(join(tmpdir(), 'kiosk-state-'));
  const outboxDir = mkdtempSync(join(tmpdir(), 'kiosk-outbox-'));
  const child: ChildProcess = spawn(process.execPath, [join(REPO, 'daemon/dist/main.js')], {
    cwd: REPO,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      ...FAKE_CLOCK_ENV,
      KIOSK_PORT: '0',
      KIOSK_SANDBOX_PORT: '0',
      KIOSK_CARD_READER_URL: 'http://127.0.0.1:0',
      KIOSK_SUPPORT_HOST: '127.0.0.1',
      KIOSK_SUPPORT_PORT: '0',
      KIOSK_HEALTH_TOKEN: E2E_HEALTH_TOKEN,
      KIOSK_API_KEY: E2E_API_KEY,
      KIOSK_SPOOL_DIR: spoolDir,
      KIOSK_STATE_DIR: stateDir,
      KIOSK_OUTBOX_DIR: outboxDir,
      LOG_LEVEL: 'info',
      // The embedded sandbox, unless the suite names another operator API (a second kiosk on this one's).
      ...(options.env?.KIOSK_UPSTREAM_URL ? {} : { KIOSK_SANDBOX: 'on' }),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));

  const line = (label: string): string | undefined => new RegExp(`^${label}: (\\S+)`, 'm').exec(output)?.[1];
  const deadline = Date.now() + 30_000;
  while (line('Kiosk ready') === undefined) {
    if (child.exitCode !== null) throw new Error(`daemon exited with ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`daemon did not start within 30 s:\n${output}`);
    }
    await new Promise((done) => setTimeout(done, 50));
  }
  const ready = new URL(line('Kiosk ready')!);
  const baseUrl = ready.origin;
  return {
    url: `${baseUrl}/${options.facilityId ?? ready.pathname.slice(1)}`,
    baseUrl,
    sandboxUrl: line('Sandbox') ?? '',
    simulatorUrl: line('Card reader simulator') ?? '',
    supportUrl: line('Support') ?? '',
    spoolDir,
    stateDir,
    outboxDir,
    output: () => output,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((done) => child.once('exit', done));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(spoolDir, { recursive: true, force: true });
      rmSync(stateDir, { recursive: true, force: true });
      rmSync(outboxDir, { recursive: true, force: true });
    },
  };
}

/** What a suite puts back before each of its tests: the sandbox's world, the printer, the card reader. */
export type KioskReset = 'sandbox' | 'printer' | 'card-reader';

export interface UseKioskOptions extends StartOptions {
  /** What is put back before each test, in the order given; nothing by default. */
  reset?: readonly KioskReset[];
}

/** The `test` of a spec file (or one made with test.extend): its hooks start and stop the kiosk. */
interface SuiteTest {
  beforeAll(hook: () => Promise<void>): void;
  afterAll(hook: () => Promise<void>): void;
  beforeEach(hook: () => Promise<void>): void;
}

const RESET_ROUTES: Record<KioskReset, (kiosk: RunningKiosk) => string> = {
  sandbox: (kiosk) => `${kiosk.sandboxUrl}/__sandbox/reset`,
  printer: (kiosk) => `${kiosk.sandboxUrl}/__sandbox/printer/reset`,
  'card-reader': (kiosk) => `${kiosk.simulatorUrl}/__simulator/reset`,
};

/**
 * The kiosk of a spec file (or of a describe block, when called inside one): started once before
 * its tests, stopped after them, and put back before each test as `reset` says. `options` may be a
 * function, called when the kiosk starts, for settings that exist only then (a folder, a port).
 * The kiosk returned reads the running one, so it can be used from the file's top-level helpers.
 */
export function useKiosk(
  test: SuiteTest,
  options: UseKioskOptions | (() => UseKioskOptions | Promise<UseKioskOptions>) = {},
): RunningKiosk {
  let running: RunningKiosk | undefined;
  let reset: readonly KioskReset[] = [];
  const current = (): RunningKiosk => {
    if (running === undefined) throw new Error('the kiosk runs only within its tests and hooks (useKiosk)');
    return running;
  };

  test.beforeAll(async () => {
    const settings = typeof options === 'function' ? await options() : options;
    reset = settings.reset ?? [];
    running = await startKiosk(settings);
  });
  test.afterAll(async () => {
    await running?.stop();
    running = undefined;
  });
  test.beforeEach(async () => {
    for (const what of reset) await control(RESET_ROUTES[what](current()));
  });

  // Each property is read from the kiosk running at the time it is used.
  return new Proxy({} as RunningKiosk, { get: (_target, name) => current()[name as keyof RunningKiosk] });
}

/**
 * The header the kiosk's own page sends with every call to the daemon: a test that calls the
 * daemon itself calls as that page, or the daemon refuses it (docs/security.md).
 */
export const AS_KIOSK_PAGE: Readonly<Record<string, string>> = { [KIOSK_PAGE_HEADER]: KIOSK_PAGE_HEADER_VALUE };

/** fetch() of a daemon URL as the kiosk's own page makes it. */
export function pageFetch(url: string, init: RequestInit = {}): Promise<Response> {
  return fetch(url, { ...init, headers: { ...AS_KIOSK_PAGE, ...(init.headers as Record<string, string>) } });
}

/** POST JSON to a control route: the sandbox's, the simulator's, or the daemon's demo ones (/device/…/simulate). */
export async function control(url: string, body: unknown = {}): Promise<unknown> {
  const response = await pageFetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  return response.json().catch(() => ({}));
}

/** The daemon's /metrics from its support listener, as series (name and labels as written) to values. */
export async function readMetrics(kiosk: RunningKiosk): Promise<Map<string, number>> {
  const response = await fetch(`${kiosk.supportUrl}/metrics`, {
    headers: { authorization: `Bearer ${E2E_HEALTH_TOKEN}` },
  });
  if (!response.ok) throw new Error(`/metrics answered ${response.status}`);
  const samples = new Map<string, number>();
  for (const line of (await response.text()).split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const cut = line.lastIndexOf(' ');
    samples.set(line.slice(0, cut), Number(line.slice(cut + 1)));
  }
  return samples;
}

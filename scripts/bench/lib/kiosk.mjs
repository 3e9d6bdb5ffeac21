// Start the built kiosk daemon (daemon/dist/main.js) with its embedded sandbox and card-reader
// simulator on free loopback ports, the way tests/e2e/support/kiosk.ts does for the e2e suites,
// in plain JS so the benchmarks run with nothing but Node.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const DAEMON_MAIN = join(ROOT, 'daemon/dist/main.js');
export const UI_DIST = join(ROOT, 'kiosk-ui/dist');
/** A key only the benchmarks use: a run can search its outputs for it. */
export const BENCH_API_KEY = 'bench-secret-api-key-5e1d';
export const BENCH_HEALTH_TOKEN = 'bench-health-token';
/** Node's flags from systemd/kiosk-daemon.service's ExecStart: benchmarks run the daemon as deployed. */
export const DAEMON_NODE_ARGS = ['--max-semi-space-size=8'];

/** Only the tail of the daemon's output is kept: a 30-minute soak must not grow this process. */
const OUTPUT_KEEP_CHARS = 256 * 1024;

/**
 * The header the kiosk's own page sends with every call to the daemon, read from the build
 * (shared-types events.ts KIOSK_PAGE_HEADER): a bench that calls the daemon itself calls as that
 * page, or the daemon refuses it (docs/security.md).
 */
export async function asKioskPage() {
  requireBuilt({ ui: false });
  const { KIOSK_PAGE_HEADER, KIOSK_PAGE_HEADER_VALUE } = await import(
    new URL('../../../shared-types/dist/events.js', import.meta.url).href
  );
  return { [KIOSK_PAGE_HEADER]: KIOSK_PAGE_HEADER_VALUE };
}

/** Exit with a clear message when the build a benchmark needs is missing. */
export function requireBuilt({ ui = true } = {}) {
  const missing = [];
  if (!existsSync(DAEMON_MAIN)) missing.push('daemon/dist/main.js');
  if (ui && !existsSync(join(UI_DIST, 'index.html'))) missing.push('kiosk-ui/dist/index.html');
  if (missing.length === 0) return;
  console.error(`Missing ${missing.join(' and ')}: run npm run build first.`);
  process.exit(1);
}

/**
 * Spawn the daemon and wait for its "Kiosk ready:" line. Resolves to the URLs it printed, its pid
 * (for /proc sampling) and stop(). `env` is added over the defaults; `nodeArgs` after the unit's.
 */
export async function startKiosk({ env = {}, nodeArgs = [], timeoutMs = 30_000 } = {}) {
  requireBuilt({ ui: false });
  const spoolDir = mkdtempSync(join(tmpdir(), 'kiosk-bench-spool-'));
  const child = spawn(process.execPath, [...DAEMON_NODE_ARGS, ...nodeArgs, DAEMON_MAIN], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'production',
      KIOSK_PORT: '0',
      KIOSK_SANDBOX_PORT: '0',
      KIOSK_CARD_READER_URL: 'http://127.0.0.1:0',
      KIOSK_SUPPORT_HOST: '127.0.0.1',
      KIOSK_SUPPORT_PORT: '0',
      KIOSK_HEALTH_TOKEN: BENCH_HEALTH_TOKEN,
      KIOSK_API_KEY: BENCH_API_KEY,
      KIOSK_SPOOL_DIR: spoolDir,
      LOG_LEVEL: 'warn',
      // The embedded sandbox, unless the bench names another operator API (soak: a separate one).
      ...(env.KIOSK_UPSTREAM_URL ? {} : { KIOSK_SANDBOX: 'on' }),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk) => {
    output += chunk.toString();
    if (output.length > OUTPUT_KEEP_CHARS * 2) output = output.slice(-OUTPUT_KEEP_CHARS);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  // The bench never outlives its daemon's purpose: a crashed bench still takes the daemon down.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const line = (label) => new RegExp(`^${label}: (\\S+)`, 'm').exec(output)?.[1];
  const deadline = Date.now() + timeoutMs;
  while (line('Kiosk ready') === undefined) {
    if (child.exitCode !== null) throw new Error(`daemon exited with ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`daemon did not start within ${timeoutMs / 1000} s:\n${output}`);
    }
    await new Promise((done) => setTimeout(done, 50));
  }
  const ready = new URL(line('Kiosk ready'));
  return {
    url: ready.href,
    baseUrl: ready.origin,
    facilityId: ready.pathname.slice(1),
    sandboxUrl: line('Sandbox') ?? '',
    simulatorUrl: line('Card reader simulator') ?? '',
    supportUrl: line('Support') ?? '',
    /** With nodeArgs ['--inspect=127.0.0.1:0']: the inspector's WebSocket URL. */
    inspectorUrl: /Debugger listening on (ws:\/\/\S+)/.exec(output)?.[1] ?? '',
    pid: child.pid,
    spoolDir,
    output: () => output,
    async stop() {
      process.off('exit', killOnExit);
      if (child.exitCode === null) {
        const exited = new Promise((done) => child.once('exit', done));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(spoolDir, { recursive: true, force: true });
    },
  };
}

// A local fleet: sandboxed kiosk daemons, a Prometheus scraping them with the project's own scrape
// job and alert rules, and an Alertmanager with the project's example configuration. Used by
// `npm run fleet` and by npm test's dashboard check. Every process is started on free loopback
// ports with its files in one temporary directory, and stopped by stopAll().
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import yaml from 'js-yaml';
import { ROOT } from './setup.mjs';

export const DAEMON_MAIN = join(ROOT, 'daemon/dist/main.js');
export const SCRAPE_FILE = join(ROOT, 'ops/prometheus/kiosk-scrape.yml');
export const RULES_FILE = join(ROOT, 'ops/prometheus/kiosk-alerts.yml');
export const ALERTMANAGER_FILE = join(ROOT, 'ops/alertmanager/alertmanager.yml');
export const FLEET_TOKEN = 'local-fleet-support-token';
export const PROMETHEUS_BIN = process.env.PROMETHEUS_PATH ?? '/usr/bin/prometheus';
export const ALERTMANAGER_BIN = process.env.ALERTMANAGER_PATH ?? '/usr/bin/prometheus-alertmanager';

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen({ host: '127.0.0.1', port: 0 }, () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Poll `check` until it returns a truthy value or the time is up. */
export async function waitFor(what, check, timeoutMs = 30_000, everyMs = 250) {
  const deadline = Date.now() + timeoutMs;
  let last;
  while (Date.now() < deadline) {
    try {
      const value = await check();
      if (value) return value;
    } catch (error) {
      last = error;
    }
    await sleep(everyMs);
  }
  throw new Error(`timed out waiting for ${what}${last ? `: ${last.message}` : ''}`);
}

/** One running child process with its output kept (the tail) for error messages. */
function track(name, child) {
  let output = '';
  const keep = (chunk) => {
    output = (output + chunk.toString()).slice(-64 * 1024);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return {
    name,
    child,
    output: () => output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

export class Fleet {
  constructor({ dir } = {}) {
    this.dir = dir ?? mkdtempSync(join(tmpdir(), 'kiosk-fleet-'));
    this.processes = [];
    this.kiosks = [];
  }

  /** A sandboxed daemon (its own sandbox and card-reader simulator) on free ports. */
  async startKiosk({ name, facility = 'demo', env = {} }) {
    if (!existsSync(DAEMON_MAIN)) throw new Error('daemon/dist/main.js is missing: run npm run build first');
    const spoolDir = join(this.dir, `${name}-spool`);
    mkdirSync(spoolDir, { recursive: true });
    const child = spawn(process.execPath, [DAEMON_MAIN], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        KIOSK_PORT: '0',
        KIOSK_SANDBOX_PORT: '0',
        KIOSK_CARD_READER_URL: 'http://127.0.0.1:0',
        KIOSK_SUPPORT_HOST: '127.0.0.1',
        KIOSK_SUPPORT_PORT: '0',
        KIOSK_HEALTH_TOKEN: FLEET_TOKEN,
        KIOSK_FACILITY_ID: facility,
        KIOSK_SPOOL_DIR: spoolDir,
        KIOSK_STATE_DIR: join(this.dir, `${name}-state`),
        LOG_LEVEL: 'warn',
        ...(env.KIOSK_UPSTREAM_URL ? {} : { KIOSK_SANDBOX: 'on' }),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const running = track(name, child);
    this.processes.push(running);
    const line = (label) => new RegExp(`^${label}: (\\S+)`, 'm').exec(running.output())?.[1];
    await waitFor(
      `kiosk ${name} to start`,
      () => {
        if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode}:\n${running.output()}`);
        return line('Support');
      },
      60_000,
    );
    const kiosk = {
      name,
      facility,
      pid: child.pid,
      url: line('Kiosk ready'),
      sandboxUrl: line('Sandbox'),
      simulatorUrl: line('Card reader simulator'),
      supportUrl: line('Support'),
      supportAddress: new URL(line('Support')).host,
      stop: () => running.stop(),
    };
    this.kiosks.push(kiosk);
    return kiosk;
  }

  /**
   * prometheus.yml for this fleet: the kiosk job of ops/prometheus/kiosk-scrape.yml as it is, with
   * the token and target files pointed at this fleet's, the alert rules, and the Alertmanager.
   * The blackbox readiness job is left out (it needs a blackbox exporter).
   */
  writePrometheusConfig({ scrapeInterval = '5s', alertmanagerUrl } = {}) {
    const scrape = yaml.load(readFileSync(SCRAPE_FILE, 'utf8'));
    const job = scrape.scrape_configs.find((config) => config.job_name === 'kiosk');
    const tokenFile = join(this.dir, 'kiosk-health-token');
    const targetsFile = join(this.dir, 'kiosks.yml');
    writeFileSync(tokenFile, FLEET_TOKEN);
    writeFileSync(
      targetsFile,
      yaml.dump(
        this.kiosks.map((kiosk) => ({
          targets: [kiosk.supportAddress],
          labels: { facility: kiosk.facility, kiosk: kiosk.name },
        })),
      ),
    );
    job.scrape_interval = scrapeInterval;
    job.scrape_timeout = scrapeInterval;
    job.authorization.credentials_file = tokenFile;
    job.file_sd_configs = [{ files: [targetsFile], refresh_interval: '5s' }];
    const config = {
      global: { scrape_interval: scrapeInterval, evaluation_interval: scrapeInterval },
      rule_files: [RULES_FILE],
      scrape_configs: [job],
    };
    if (alertmanagerUrl) {
      config.alerting = { alertmanagers: [{ static_configs: [{ targets: [new URL(alertmanagerUrl).host] }] }] };
    }
    const path = join(this.dir, 'prometheus.yml');
    writeFileSync(path, yaml.dump(config));
    return path;
  }

  async startPrometheus(options = {}) {
    const config = this.writePrometheusConfig(options);
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const child = spawn(
      PROMETHEUS_BIN,
      [
        `--config.file=${config}`,
        `--storage.tsdb.path=${join(this.dir, 'prometheus-data')}`,
        `--web.listen-address=127.0.0.1:${port}`,
        '--storage.tsdb.retention.time=1d',
        '--log.level=warn',
      ],
      { cwd: this.dir, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const running = track('prometheus', child);
    this.processes.push(running);
    await waitFor('Prometheus to be ready', async () => {
      if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode}:\n${running.output()}`);
      return (await fetch(`${url}/-/ready`)).ok;
    });
    this.prometheusUrl = url;
    return url;
  }

  async startAlertmanager() {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const child = spawn(
      ALERTMANAGER_BIN,
      [
        `--config.file=${ALERTMANAGER_FILE}`,
        `--storage.path=${join(this.dir, 'alertmanager-data')}`,
        `--web.listen-address=127.0.0.1:${port}`,
        // A single local Alertmanager: no cluster port (9094) to collide with another one.
        '--cluster.listen-address=',
        '--log.level=warn',
      ],
      { cwd: this.dir, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const running = track('alertmanager', child);
    this.processes.push(running);
    await waitFor('Alertmanager to be ready', async () => {
      if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode}:\n${running.output()}`);
      return (await fetch(`${url}/-/ready`)).ok;
    });
    this.alertmanagerUrl = url;
    return url;
  }

  /** Any other process of this fleet (stopped by stopAll), its output kept for error messages. */
  spawnTracked(name, command, args) {
    const running = track(name, spawn(command, args, { cwd: this.dir, stdio: ['ignore', 'pipe', 'pipe'] }));
    this.processes.push(running);
    return running;
  }

  /** An instant PromQL query; resolves to the result vector (throws on a query Prometheus refuses). */
  async query(expr) {
    const response = await fetch(`${this.prometheusUrl}/api/v1/query?${new URLSearchParams({ query: expr })}`);
    const body = await response.json();
    if (body.status !== 'success') throw new Error(`${body.errorType}: ${body.error}`);
    return body.data.result;
  }

  async stopAll({ keepFiles = false } = {}) {
    await Promise.all(this.processes.reverse().map((running) => running.stop().catch(() => undefined)));
    this.processes = [];
    if (!keepFiles) rmSync(this.dir, { recursive: true, force: true });
  }
}

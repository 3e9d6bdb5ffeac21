#!/usr/bin/env node
// npm run bench:proxy [-- --duration 10 --connections 10 --warmup 2 --upstream-delay-ms 0]
//
// Measures the daemon's /api proxy against calling the same upstream directly, in one run.
// Needs the daemon built (npm run build, or npx tsc -b daemon): it imports daemon/dist.
//
// Three processes so the proxy is not measured sharing one event loop with its load generator:
//   - a minimal upstream (node:http) answering a small JSON at GET /facilities/demo/configuration/,
//   - the daemon app (daemon/dist/app.js) pointed at it, logger off, on 127.0.0.1:0,
//   - this process: autocannon against the upstream directly, then through the daemon (same
//     duration and connections, each after a warm-up), then a single-connection latency probe of
//     each (hrtime per request: autocannon's histogram only has whole milliseconds).
// "p50 added" is the unloaded single-connection p50 through the daemon minus the direct one.
//
// Two upstreams by default, each measured direct and through the daemon in the same run:
//   - zero-work (delay 0): the proxy's bare overhead. Here the daemon does the upstream's HTTP work
//     twice over (a server and a client) on the same two cores as the upstream and the load
//     generator, so the ratio is bound by CPU, not by the proxy's design: the bench prints each
//     process's CPU per request and the ratio that CPU alone allows;
//   - remote-like: delay 5 ms (an operator API in the same data centre, the hard case) and 20 ms (an
//     operator API across the internet, still faster than most): the cases a kiosk lives in.
// --upstream-delay-ms N measures one upstream only.
import { fork } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { option, record, textOption } from './lib/report.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const PATH = '/facilities/demo/configuration/';
const BODY = JSON.stringify({
  application_data: {
    status: 'ok',
    result: { facility_id: 'demo', name: 'Demo Storage', kiosk: { headline: 'WELCOME' } },
  },
});
const TARGETS = { p50AddedMs: 0.5, throughputRatio: 0.85 };

// ---- child roles -------------------------------------------------------------------------------

async function runUpstream() {
  const delay = Number(process.env.BENCH_UPSTREAM_DELAY_MS ?? 0);
  const answer = (res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(BODY) });
    res.end(BODY);
  };
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url.split('?')[0] !== PATH) {
      res.writeHead(404).end();
      return;
    }
    if (delay > 0) setTimeout(answer, delay, res);
    else answer(res);
  });
  server.keepAliveTimeout = 60_000;
  process.on('message', (message) => {
    if (message === 'cpu') process.send({ cpu: process.cpuUsage() });
  });
  server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));
}

async function runDaemon() {
  const dist = join(ROOT, 'daemon/dist');
  const { buildApp } = await import(pathToFileURL(join(dist, 'app.js')).href);
  const { loadConfig } = await import(pathToFileURL(join(dist, 'config.js')).href);
  const config = loadConfig({
    KIOSK_UPSTREAM_URL: process.env.BENCH_UPSTREAM_URL,
    KIOSK_API_KEY: 'bench-api-key',
    KIOSK_SPOOL_DIR: mkdtempSync(join(tmpdir(), 'kiosk-bench-spool-')),
    KIOSK_SIMULATE_CARD_READER: 'false',
    KIOSK_CARD_READER_POLL_MS: '3600000',
    LOG_LEVEL: 'silent',
  });
  const app = await buildApp(config, { logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  // The parent asks for CPU time around the measured run: µs per proxied request is a figure a
  // busy machine barely disturbs, unlike requests/s.
  process.on('message', (message) => {
    if (message === 'cpu') process.send({ cpu: process.cpuUsage() });
  });
  process.send({ port: app.server.address().port });
}

// ---- the run -----------------------------------------------------------------------------------

function start(role, env) {
  const child = fork(fileURLToPath(import.meta.url), ['--role', role], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = new Promise((resolve, reject) => {
    child.once('message', (message) => resolve(message.port));
    child.once('exit', (code) => reject(new Error(`${role} exited early (code ${code})`)));
  });
  return { child, ready };
}

function cpuOf(child) {
  return new Promise((resolve) => {
    const onMessage = (message) => {
      if (message?.cpu === undefined) return;
      child.off('message', onMessage);
      resolve(message.cpu);
    };
    child.on('message', onMessage);
    child.send('cpu');
  });
}

async function load(autocannon, url, seconds, connections) {
  const result = await autocannon({ url, connections, duration: seconds, pipelining: 1 });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers and ${result.errors} errors during the run`);
  }
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
  };
}

/** One connection, one request at a time: per-request latency with sub-millisecond resolution. */
async function probe(Client, origin, path, count, warmupCount = 200) {
  const client = new Client(origin, { pipelining: 1 });
  const times = [];
  try {
    for (let i = 0; i < count + warmupCount; i += 1) {
      const started = process.hrtime.bigint();
      const response = await client.request({ path, method: 'GET' });
      await response.body.dump();
      if (response.statusCode !== 200) throw new Error(`${origin}${path} answered ${response.statusCode}`);
      if (i >= warmupCount) times.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
  } finally {
    await client.close();
  }
  times.sort((a, b) => a - b);
  const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  return { p50: at(0.5), p99: at(0.99) };
}

const cpuMicros = (usage) => usage.user + usage.system;

/** Autocannon against one URL, with every process's CPU time per request during the run. */
async function measuredLoad(autocannon, url, duration, connections, processes) {
  const before = await Promise.all(processes.map((child) => cpuOf(child)));
  const ownBefore = process.cpuUsage();
  const result = await load(autocannon, url, duration, connections);
  const own = cpuMicros(process.cpuUsage(ownBefore));
  const after = await Promise.all(processes.map((child) => cpuOf(child)));
  const perRequest = (micros) => micros / Math.max(1, result.requests);
  return {
    ...result,
    loadCpu: perRequest(own),
    cpu: after.map((usage, i) => perRequest(cpuMicros(usage) - cpuMicros(before[i]))),
  };
}

/** One upstream (zero-work or delayed): direct and proxied load, then the 1-connection probes. */
async function scenario({ autocannon, Client, delay, duration, connections, warmup, probeCount, children }) {
  const upstream = start('upstream', { BENCH_UPSTREAM_DELAY_MS: String(delay) });
  children.push(upstream.child);
  const upstreamPort = await upstream.ready;
  const daemon = start('daemon', { BENCH_UPSTREAM_URL: `http://127.0.0.1:${upstreamPort}` });
  children.push(daemon.child);
  const daemonPort = await daemon.ready;
  const direct = `http://127.0.0.1:${upstreamPort}${PATH}`;
  const proxied = `http://127.0.0.1:${daemonPort}/api${PATH}`;
  const label = delay === 0 ? 'zero-work upstream' : `upstream answering after ${delay} ms`;
  console.log(`\n${label}: ${duration} s × ${connections} connections each (warm-up ${warmup} s)`);

  if (warmup > 0) await load(autocannon, direct, warmup, connections);
  const directLoad = await measuredLoad(autocannon, direct, duration, connections, [upstream.child]);
  if (warmup > 0) await load(autocannon, proxied, warmup, connections);
  const proxiedLoad = await measuredLoad(autocannon, proxied, duration, connections, [upstream.child, daemon.child]);
  // One request at a time against a delayed upstream takes the delay each: fewer probes there.
  const probes = delay === 0 ? [probeCount, 200] : [Math.min(probeCount, 300), 30];
  const directProbe = await probe(Client, `http://127.0.0.1:${upstreamPort}`, PATH, ...probes);
  const proxiedProbe = await probe(Client, `http://127.0.0.1:${daemonPort}`, `/api${PATH}`, ...probes);
  upstream.child.kill();
  daemon.child.kill();

  const row = (name, loadResult, probeResult) =>
    `  ${name.padEnd(8)} ${loadResult.rps.toFixed(0).padStart(10)} ${String(loadResult.p50).padStart(9)} ${String(loadResult.p99).padStart(9)} ${probeResult.p50.toFixed(3).padStart(12)} ${probeResult.p99.toFixed(3).padStart(12)}`;
  console.log(
    `  ${''.padEnd(8)} ${'req/s'.padStart(10)} ${'p50 ms'.padStart(9)} ${'p99 ms'.padStart(9)} ${'1-conn p50'.padStart(12)} ${'1-conn p99'.padStart(12)}`,
  );
  console.log(row('direct', directLoad, directProbe));
  console.log(row('proxy', proxiedLoad, proxiedProbe));
  const [daemonCpu] = proxiedLoad.cpu.slice(1);
  // CPU per request of everything on the machine's two cores, direct and proxied: when the cores
  // are the bottleneck, throughput can be at most the inverse ratio of these sums.
  const directCpu = directLoad.loadCpu + directLoad.cpu[0];
  const proxiedCpu = proxiedLoad.loadCpu + proxiedLoad.cpu[0] + daemonCpu;
  console.log(
    `  CPU per request (µs): load generator ${directLoad.loadCpu.toFixed(0)} / ${proxiedLoad.loadCpu.toFixed(0)}, ` +
      `upstream ${directLoad.cpu[0].toFixed(0)} / ${proxiedLoad.cpu[0].toFixed(0)}, daemon ${daemonCpu.toFixed(0)} (direct / proxied)`,
  );
  return {
    delay,
    ratio: proxiedLoad.rps / directLoad.rps,
    cpuBound: directCpu / proxiedCpu,
    added: proxiedProbe.p50 - directProbe.p50,
    daemonCpu,
  };
}

async function main() {
  if (!existsSync(join(ROOT, 'daemon/dist/app.js'))) {
    console.error('bench:proxy needs the built daemon: run npm run build (or npx tsc -b daemon) first.');
    process.exit(1);
  }
  const duration = option('duration', 10);
  const connections = option('connections', 10);
  const warmup = option('warmup', 2);
  const delays = process.argv.includes('--upstream-delay-ms') ? [option('upstream-delay-ms', 0)] : [0, 5, 20];
  const probeCount = option('probe-requests', 3000);

  const { default: autocannon } = await import('autocannon');
  const { Client } = await import('undici');

  const children = [];
  const stop = () => children.forEach((child) => child.connected && child.kill());
  process.once('SIGINT', () => {
    stop();
    process.exit(130);
  });
  try {
    console.log('proxy benchmark: the daemon /api proxy vs calling the same upstream directly, same run');
    const results = [];
    for (const delay of delays) {
      results.push(await scenario({ autocannon, Client, delay, duration, connections, warmup, probeCount, children }));
    }
    console.log('');
    for (const result of results) {
      const upstream = result.delay === 0 ? 'zero-work upstream' : `${result.delay} ms upstream`;
      // The bare overhead is judged on the zero-work upstream, where nothing hides it.
      if (result.delay === 0 || results.length === 1) {
        record({
          bench: 'proxy',
          metric: `p50 added, 1 connection (${upstream})`,
          value: result.added,
          unit: 'ms',
          target: `≤ ${TARGETS.p50AddedMs} ms`,
          met: result.added <= TARGETS.p50AddedMs,
        });
      }
      record({
        bench: 'proxy',
        metric: `throughput vs direct (${upstream})`,
        value: result.ratio * 100,
        unit: '%',
        target: `≥ ${TARGETS.throughputRatio * 100} %`,
        met: result.ratio >= TARGETS.throughputRatio,
        // Only a zero-work upstream makes the cores the bottleneck; a delayed one leaves them idle.
        note:
          result.delay === 0 ? `CPU alone allows ${(result.cpuBound * 100).toFixed(0)} % on this machine` : undefined,
      });
      record({
        bench: 'proxy',
        metric: `daemon CPU per proxied request (${upstream})`,
        value: result.daemonCpu,
        unit: 'µs',
      });
    }
    console.log(
      '(req/s and p50/p99 under load from autocannon, whole ms; 1-conn columns: one request at a time, hrtime)',
    );
    const bare = results.find((result) => result.delay === 0);
    if (bare && bare.ratio < TARGETS.throughputRatio) {
      console.log(
        `Note: against a zero-work upstream the daemon does the upstream's HTTP work twice (as a server and as a\n` +
          `client) on the same cores as the upstream and the load generator. The CPU each process spent per request\n` +
          `allows at most ${(bare.cpuBound * 100).toFixed(0)} % of direct throughput here, whatever the proxy does; the remote-like\n` +
          'upstream is where a kiosk lives.',
      );
    }
  } finally {
    stop();
  }
}

const role = textOption('role', undefined);
// A child never outlives the run.
if (role !== undefined) process.once('disconnect', () => process.exit(0));
if (role === 'upstream') await runUpstream();
else if (role === 'daemon') await runDaemon();
else {
  try {
    await main();
    process.exit(0);
  } catch (error) {
    console.error(`bench:proxy failed: ${error.message}`);
    process.exit(1);
  }
}

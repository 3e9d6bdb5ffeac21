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
// --upstream-delay-ms makes the upstream answer after a delay, like an operator API across a
// network; 0 (the default) measures the proxy's bare overhead, the hardest case for the ratio.
import { fork } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { saveResult } from './lib/report.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const PATH = '/facilities/demo/configuration/';
const BODY = JSON.stringify({
  application_data: {
    status: 'ok',
    result: { facility_id: 'demo', name: 'Demo Storage', kiosk: { headline: 'WELCOME' } },
  },
});
const TARGETS = { p50AddedMs: 0.5, throughputRatio: 0.85 };

function option(name, fallback) {
  const index = process.argv.indexOf(`--${name}`);
  if (index === -1) return fallback;
  const value = Number(process.argv[index + 1]);
  if (!Number.isFinite(value) || value < 0) {
    console.error(`--${name} needs a number, got ${process.argv[index + 1]}`);
    process.exit(2);
  }
  return value;
}

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
async function probe(Client, origin, path, count) {
  const client = new Client(origin, { pipelining: 1 });
  const times = [];
  try {
    for (let i = 0; i < count + 200; i += 1) {
      const started = process.hrtime.bigint();
      const response = await client.request({ path, method: 'GET' });
      await response.body.dump();
      if (response.statusCode !== 200) throw new Error(`${origin}${path} answered ${response.statusCode}`);
      if (i >= 200) times.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
  } finally {
    await client.close();
  }
  times.sort((a, b) => a - b);
  const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  return { p50: at(0.5), p99: at(0.99) };
}

async function main() {
  if (!existsSync(join(ROOT, 'daemon/dist/app.js'))) {
    console.error('bench:proxy needs the built daemon: run npm run build (or npx tsc -b daemon) first.');
    process.exit(1);
  }
  const duration = option('duration', 10);
  const connections = option('connections', 10);
  const warmup = option('warmup', 2);
  const upstreamDelay = option('upstream-delay-ms', 0);
  const probeCount = option('probe-requests', 3000);

  const { default: autocannon } = await import('autocannon');
  const { Client } = await import('undici');

  const upstream = start('upstream', { BENCH_UPSTREAM_DELAY_MS: String(upstreamDelay) });
  const children = [upstream.child];
  const stop = () => children.forEach((child) => child.connected && child.kill());
  process.once('SIGINT', () => {
    stop();
    process.exit(130);
  });
  try {
    const upstreamPort = await upstream.ready;
    const daemon = start('daemon', { BENCH_UPSTREAM_URL: `http://127.0.0.1:${upstreamPort}` });
    children.push(daemon.child);
    const daemonPort = await daemon.ready;
    const direct = `http://127.0.0.1:${upstreamPort}${PATH}`;
    const proxied = `http://127.0.0.1:${daemonPort}/api${PATH}`;

    console.log(
      `proxy benchmark: ${duration} s × ${connections} connections each (warm-up ${warmup} s), upstream delay ${upstreamDelay} ms`,
    );
    console.log(`  direct:  ${direct}\n  through: ${proxied}\n`);

    if (warmup > 0) await load(autocannon, direct, warmup, connections);
    const directLoad = await load(autocannon, direct, duration, connections);
    if (warmup > 0) await load(autocannon, proxied, warmup, connections);
    const cpuBefore = await cpuOf(daemon.child);
    const proxiedLoad = await load(autocannon, proxied, duration, connections);
    const cpuAfter = await cpuOf(daemon.child);
    const cpuPerRequest =
      (cpuAfter.user + cpuAfter.system - cpuBefore.user - cpuBefore.system) / Math.max(1, proxiedLoad.requests);
    const directProbe = await probe(Client, `http://127.0.0.1:${upstreamPort}`, PATH, probeCount);
    const proxiedProbe = await probe(Client, `http://127.0.0.1:${daemonPort}`, `/api${PATH}`, probeCount);

    const ratio = proxiedLoad.rps / directLoad.rps;
    const added = proxiedProbe.p50 - directProbe.p50;
    const row = (name, loadResult, probeResult) =>
      `${name.padEnd(10)} ${loadResult.rps.toFixed(0).padStart(10)} ${String(loadResult.p50).padStart(9)} ${String(loadResult.p99).padStart(9)} ${probeResult.p50.toFixed(3).padStart(12)} ${probeResult.p99.toFixed(3).padStart(12)}`;
    console.log(
      `${''.padEnd(10)} ${'req/s'.padStart(10)} ${'p50 ms'.padStart(9)} ${'p99 ms'.padStart(9)} ${'1-conn p50'.padStart(12)} ${'1-conn p99'.padStart(12)}`,
    );
    console.log(row('direct', directLoad, directProbe));
    console.log(row('proxy', proxiedLoad, proxiedProbe));
    console.log('');
    console.log(
      `p50 added:        ${added.toFixed(3)} ms (target ≤ ${TARGETS.p50AddedMs} ms) ${added <= TARGETS.p50AddedMs ? 'MET' : 'NOT MET'}`,
    );
    console.log(
      `throughput ratio: ${(ratio * 100).toFixed(1)} % (target ≥ ${TARGETS.throughputRatio * 100} %) ${ratio >= TARGETS.throughputRatio ? 'MET' : 'NOT MET'}`,
    );
    console.log(`daemon CPU:       ${cpuPerRequest.toFixed(0)} µs per proxied request (user + system, during the run)`);
    // For scripts/bench/all.mjs's summary table.
    saveResult({
      bench: 'proxy',
      metric: 'p50 added (1 connection)',
      value: added,
      unit: 'ms',
      target: `≤ ${TARGETS.p50AddedMs} ms`,
      met: added <= TARGETS.p50AddedMs,
    });
    saveResult({
      bench: 'proxy',
      metric: 'throughput vs direct',
      value: ratio * 100,
      unit: '%',
      target: `≥ ${TARGETS.throughputRatio * 100} %`,
      met: ratio >= TARGETS.throughputRatio,
    });
    saveResult({ bench: 'proxy', metric: 'daemon CPU per proxied request', value: cpuPerRequest, unit: 'µs' });
    console.log(
      '(req/s and p50/p99 under load from autocannon, whole ms; 1-conn columns: one request at a time, hrtime)',
    );
    if (upstreamDelay === 0 && ratio < TARGETS.throughputRatio) {
      console.log(
        'Note: with an upstream that does no work, the daemon does more HTTP work per request than the upstream\n' +
          'and shares the CPU cores with it and the load generator; try --upstream-delay-ms 5 for an upstream\n' +
          'that answers like a remote operator API.',
      );
    }
  } finally {
    stop();
  }
}

const roleAt = process.argv.indexOf('--role');
const role = roleAt === -1 ? undefined : process.argv[roleAt + 1];
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

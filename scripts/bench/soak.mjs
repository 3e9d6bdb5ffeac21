#!/usr/bin/env node
// npm run bench:soak [-- --minutes 30 --in-process-sandbox]
//
// Runs the built daemon for --minutes (default 30) under a steady kiosk-like load and samples its
// resident memory (VmRSS from /proc/<pid>/status) every 10 s:
//   - proxied calls through /api: GET configuration and spaces, and a hold that is registered with
//     the daemon (POST /session/holds) and released through it (DELETE /session/holds/:id);
//   - three WebSocket clients on /events sending activity every 2 s and receiving events, and one
//     more connecting and disconnecting every 15 s;
//   - POST /log batches of UI events carrying card numbers, CVVs and expiry dates (masked by the
//     daemon, spooled and shipped to the logging app).
// Then measures the log pipeline (POST /log as fast as 4 connections go, events/s accepted and
// whether all were shipped) and masking alone (maskSecrets over a filled-in rental model, and the
// daemon's toShippedEntry over a UI event, events/s, in this process).
//
// By default the sandbox (operator API, logging app) and the card-reader simulator run in a helper
// process, so the sampled process is the daemon as deployed; --in-process-sandbox measures the
// daemon in sandbox mode with the sandbox inside it. Loopback only; every loop is bounded by the
// run's end time and every request by a timeout; the script exits on its own.
// Targets (docs/performance.md): RSS ≤ 120 MB and flat. "Flat" is judged on the JS heap left after a full
// collection, taken every few minutes through the inspector: its least-squares trend ≤ 1 MB per
// 10 minutes on runs of 10 minutes or more. That is where a leak in the daemon's own code shows.
// RSS itself swings by 10-20 MB between collections (V8 and the allocator give memory back in
// their own time), so its slope is printed with its standard error, after the first minute and
// over the second half, for information.
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { BENCH_HEALTH_TOKEN, ROOT, asKioskPage, requireBuilt, startKiosk } from './lib/kiosk.mjs';
import { fixed, flag, option, record, runMain, textOption } from './lib/report.mjs';

const TARGET_RSS_MB = 120;
const TARGET_SLOPE_MB_PER_10_MIN = 1;
const SAMPLE_MS = 10_000;
const REQUEST_TIMEOUT_MS = 10_000;
const TEST_CARDS = ['4111111111111111', '378282246310005', '4000000000000002'];

// ---- helper process: the upstream ----------------------------------------------------------------

async function runUpstream() {
  const dist = pathToFileURL(join(ROOT, 'daemon/dist/')).href;
  const { buildSandbox } = await import(`${dist}sandbox/app.js`);
  const { buildCardReaderSimulator } = await import(`${dist}devices/card-reader/simulator.js`);
  const sandbox = await buildSandbox({ logger: false });
  await sandbox.listen({ host: '127.0.0.1', port: 0 });
  const simulator = await buildCardReaderSimulator({ logger: false });
  await simulator.listen({ host: '127.0.0.1', port: 0 });
  process.send({ sandboxPort: sandbox.server.address().port, simulatorPort: simulator.server.address().port });
}

function startUpstream() {
  const child = fork(fileURLToPath(import.meta.url), ['--role', 'upstream'], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`the upstream helper exited early (code ${code})`)));
  });
  return { child, ready };
}

// ---- load --------------------------------------------------------------------------------------

function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)[1]) / 1024;
}

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

/** The daemon's JS heap in use (MB), from its own Prometheus metrics on the support listener. */
async function heapUsedMb(kiosk) {
  try {
    const response = await fetch(`${kiosk.supportUrl}/metrics`, {
      headers: { authorization: `Bearer ${BENCH_HEALTH_TOKEN}` },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const match = /^kiosk_nodejs_heap_size_used_bytes(?:{[^}]*})? (\S+)$/m.exec(await response.text());
    return match ? Number(match[1]) / 1024 / 1024 : NaN;
  } catch {
    return NaN;
  }
}

/**
 * The daemon's JS heap in use right after a full garbage collection (MB), through its inspector
 * (the soak starts it with --inspect on a free loopback port): what a leak in the daemon's own
 * code would grow. Each call forces one full collection, so it is taken every few minutes only.
 */
async function heapAfterGcMb(WebSocket, inspectorUrl) {
  const socket = new WebSocket(inspectorUrl);
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  let lastId = 0;
  const send = (method) =>
    new Promise((resolve, reject) => {
      const id = (lastId += 1);
      const onMessage = (data) => {
        const message = JSON.parse(String(data));
        if (message.id !== id) return;
        socket.off('message', onMessage);
        if (message.error) reject(new Error(`${method}: ${message.error.message}`));
        else resolve(message.result);
      };
      socket.on('message', onMessage);
      socket.send(JSON.stringify({ id, method }));
    });
  try {
    await send('HeapProfiler.collectGarbage');
    const { usedSize } = await send('Runtime.getHeapUsage');
    return usedSize / 1024 / 1024;
  } finally {
    socket.close();
  }
}

class Counters {
  proxied = 0;
  holds = 0;
  logEvents = 0;
  wsReceived = 0;
  wsConnects = 0;
  errors = 0;
  lastError = '';
  fail(error) {
    this.errors += 1;
    this.lastError = error?.message ?? String(error);
  }
}

/** A call to the daemon, as the kiosk's own page makes it. */
async function call(url, init = {}) {
  const headers = { ...(await asKioskPage()), ...init.headers };
  const response = await fetch(url, { ...init, headers, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${new URL(url).pathname} answered ${response.status}`);
  return text ? JSON.parse(text) : null;
}

const form = (fields) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

async function proxyLoop(base, facility, endAt, counters, intervalMs) {
  while (Date.now() < endAt) {
    const started = Date.now();
    try {
      await call(`${base}/api/facilities/${facility}/configuration/`);
      await call(`${base}/api/facilities/${facility}/spaces/`);
      counters.proxied += 2;
    } catch (error) {
      counters.fail(error);
    }
    await sleep(Math.max(0, intervalMs - (Date.now() - started)));
  }
}

async function holdLoop(base, facility, endAt, counters, intervalMs) {
  const spaces = (await call(`${base}/api/facilities/${facility}/spaces/`)).application_data.result;
  const free = spaces.filter((space) => space.available).map((space) => space.door_id);
  if (free.length === 0) throw new Error('no available space to hold in the sandbox');
  let turn = 0;
  while (Date.now() < endAt) {
    const spaceId = free[turn % free.length];
    turn += 1;
    try {
      const hold = await call(`${base}/api/facilities/${facility}/spaces/${spaceId}/hold/`, form({}));
      counters.proxied += 1;
      const token = hold.application_data?.result?.token;
      if (hold.application_data?.status === 'ok' && token) {
        await call(`${base}/session/holds`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ facility_id: facility, space_id: spaceId, hold_token: token }),
        });
        await call(`${base}/session/holds/${encodeURIComponent(spaceId)}`, { method: 'DELETE' });
        counters.holds += 1;
      }
    } catch (error) {
      counters.fail(error);
    }
    await sleep(intervalMs);
  }
}

function uiEvent(i) {
  const card = TEST_CARDS[i % TEST_CARDS.length];
  return {
    event_name: 'card_details_done',
    action: `Done pressed with card ${card}`,
    active_section: 'card_details',
    at: Date.now(),
    log_level: 'info',
    data: {
      name_on_card: 'Jordan Tenant',
      cc_number: card,
      cvv: '123',
      cc_exp_month: 12,
      cc_exp_year: 2030,
      note: `typed ${card.slice(0, 4)} ${card.slice(4, 8)} ${card.slice(8, 12)} ${card.slice(12)}`,
      unit_door_number: 'A101',
      total_amount: '87.50',
    },
  };
}

async function postLogs(base, count, offset) {
  const batch = Array.from({ length: count }, (_, i) => uiEvent(offset + i));
  await call(`${base}/log`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(batch),
  });
}

async function logLoop(base, endAt, counters, intervalMs, batchSize) {
  while (Date.now() < endAt) {
    try {
      await postLogs(base, batchSize, counters.logEvents);
      counters.logEvents += batchSize;
    } catch (error) {
      counters.fail(error);
    }
    await sleep(intervalMs);
  }
}

async function openSocket(WebSocket, base, counters) {
  const socket = new WebSocket(`${base.replace(/^http/, 'ws')}/events`);
  socket.on('message', () => (counters.wsReceived += 1));
  socket.on('error', (error) => counters.fail(error));
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
    setTimeout(() => reject(new Error('WebSocket did not open in time')), REQUEST_TIMEOUT_MS).unref();
  });
  counters.wsConnects += 1;
  return socket;
}

async function socketLoop(WebSocket, base, endAt, counters, rate) {
  const activity = JSON.stringify({ type: 'activity', section: 'rent', loggedIn: false, dossierPolling: false });
  const sockets = [];
  try {
    for (let i = 0; i < 3; i += 1) sockets.push(await openSocket(WebSocket, base, counters));
    let tick = 0;
    while (Date.now() < endAt) {
      for (const socket of sockets) if (socket.readyState === WebSocket.OPEN) socket.send(activity);
      tick += 1;
      // Churn: a connection that comes and goes, like a browser reloading.
      if (tick % 8 === 0) {
        const passing = await openSocket(WebSocket, base, counters).catch((error) => counters.fail(error));
        await sleep(500 / rate);
        passing?.close();
      }
      await sleep(2000 / rate);
    }
  } finally {
    for (const socket of sockets) socket.close();
  }
}

// ---- measures after the soak ------------------------------------------------------------------------

async function readyStats(kiosk) {
  return call(`${kiosk.supportUrl}/health/ready`, { headers: { authorization: `Bearer ${BENCH_HEALTH_TOKEN}` } }).catch(
    async () => {
      // 503 when a dependency is down still carries the body.
      const response = await fetch(`${kiosk.supportUrl}/health/ready`, {
        headers: { authorization: `Bearer ${BENCH_HEALTH_TOKEN}` },
      });
      return response.json();
    },
  );
}

async function logBurst(kiosk, seconds) {
  const before = (await readyStats(kiosk)).log_events;
  const endAt = Date.now() + seconds * 1000;
  let posted = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (Date.now() < endAt) {
        await postLogs(kiosk.baseUrl, 100, posted);
        posted += 100;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  // The shipper works in batches behind the spool: wait (bounded) for it to catch up.
  let after = (await readyStats(kiosk)).log_events;
  const shipDeadline = Date.now() + 30_000;
  while (after.shipped - before.shipped < posted && Date.now() < shipDeadline) {
    await sleep(2000);
    after = (await readyStats(kiosk)).log_events;
  }
  return {
    posted,
    perSecond: posted / elapsed,
    shipped: after.shipped - before.shipped,
    dropped: after.dropped - before.dropped,
  };
}

function rentalModel() {
  return {
    tenant_first_name: 'Jordan',
    tenant_last_name: 'Tenant',
    tenant_email: 'tenant@example.com',
    tenant_phone: '(404) 555-0142',
    mailing_address1: '12 Maple Street',
    mailing_address2: 'Apt 4',
    mailing_city: 'Decatur',
    mailing_state: 'GA',
    mailing_zip: '30030',
    driving_lis_no: 'D123456789',
    driving_lis_state: 'GA',
    driving_lis_expiry: '04/30/2029',
    billing_same_as_mailing: true,
    reservation_date: '07/01/2026',
    hold_token: 'hold-5f2c9a',
    no_secondary_contact: false,
    secondary_contact_first_name: 'Sam',
    secondary_contact_last_name: 'Contact',
    secondary_contact_phone: '(404) 555-0199',
    active_military: false,
    store_vehicle: false,
    insurance_id: 3,
    promo_id: 'promo-first-month',
    gatecode: '4821',
    auto_debit: true,
    name_on_card: 'Jordan Tenant',
    cc_number: '4111111111111111',
    cc_exp_month: 12,
    cc_exp_year: 2030,
    cvv: '123',
    unit_door_number: 'A101',
    unit_type_id: 'xs-5x5',
    total_amount: '87.50',
    space_id: 'sp-a101',
    password: 'Password!1',
    dynamic_tokens: { 'Tenant.Notes': 'paid with 4111 1111 1111 1111', 'Unit.Size': '5x5' },
  };
}

async function maskingAlone(seconds) {
  const { maskSecrets } = await import(pathToFileURL(join(ROOT, 'shared-types/dist/masking.js')).href);
  const { toShippedEntry } = await import(pathToFileURL(join(ROOT, 'daemon/dist/logs/pipeline.js')).href);
  const rate = (work) => {
    let count = 0;
    const endAt = performance.now() + seconds * 1000;
    let sink = 0;
    while (performance.now() < endAt) {
      for (let i = 0; i < 100; i += 1) sink += work(count + i) ? 1 : 0;
      count += 100;
    }
    return sink > 0 ? count / seconds : 0;
  };
  const model = rentalModel();
  const masked = maskSecrets({ event_name: 'process_rental', rental: model });
  if (JSON.stringify(masked).includes('4111111111111111') || JSON.stringify(masked).includes('"123"')) {
    throw new Error('maskSecrets left a card number or CVV in the rental model');
  }
  const context = { facilityId: 'demo', sessionId: 'trace-1', now: Date.now() };
  return {
    model: rate(() => maskSecrets({ event_name: 'process_rental', rental: model })),
    uiEvent: rate((i) => toShippedEntry(uiEvent(i), context)),
  };
}

function slope(points) {
  // Least squares of MB against minutes.
  const n = points.length;
  if (n < 2) return NaN;
  const mx = points.reduce((sum, p) => sum + p.minutes, 0) / n;
  const my = points.reduce((sum, p) => sum + p.mb, 0) / n;
  const sxy = points.reduce((sum, p) => sum + (p.minutes - mx) * (p.mb - my), 0);
  const sxx = points.reduce((sum, p) => sum + (p.minutes - mx) ** 2, 0);
  return sxx === 0 ? NaN : sxy / sxx;
}

/** The standard error of slope(points): how far noise alone moves it. */
function slopeError(points) {
  const n = points.length;
  if (n < 3) return NaN;
  const b = slope(points);
  const mx = points.reduce((sum, p) => sum + p.minutes, 0) / n;
  const my = points.reduce((sum, p) => sum + p.mb, 0) / n;
  const sxx = points.reduce((sum, p) => sum + (p.minutes - mx) ** 2, 0);
  const residuals = points.reduce((sum, p) => sum + (p.mb - my - b * (p.minutes - mx)) ** 2, 0);
  return Math.sqrt(residuals / (n - 2) / sxx);
}

async function main() {
  requireBuilt({ ui: false });
  const minutes = option('minutes', 30);
  const inProcess = flag('in-process-sandbox');
  // Diagnosis only: --rate 10 runs every loop ten times as often, so a leak per call shows sooner.
  const rate = Math.max(0.1, option('rate', 1));
  const { default: WebSocket } = await import('ws');

  let upstream;
  let env = { LOG_LEVEL: 'info' };
  if (!inProcess) {
    upstream = startUpstream();
    const { sandboxPort, simulatorPort } = await upstream.ready;
    const origin = `http://127.0.0.1:${sandboxPort}`;
    env = {
      ...env,
      KIOSK_UPSTREAM_URL: `${origin}/api/v1`,
      KIOSK_LOG_URL: `${origin}/applications/logging/log`,
      KIOSK_CONTENT_ORIGINS: origin,
      KIOSK_CARD_READER_URL: `http://127.0.0.1:${simulatorPort}`,
      KIOSK_SIMULATE_CARD_READER: 'false',
    };
  }
  // The inspector, on a free loopback port, lets the soak read the heap after a full collection.
  const kiosk = await startKiosk({ env, nodeArgs: ['--inspect=127.0.0.1:0'] });
  const stopAll = async () => {
    await kiosk.stop();
    upstream?.child.kill();
  };
  process.once('SIGINT', () => void stopAll().then(() => process.exit(130)));
  try {
    console.log(
      `soak: ${minutes} min against ${kiosk.url} (pid ${kiosk.pid}, ${inProcess ? 'sandbox inside the daemon' : 'sandbox in a helper process'})`,
    );
    console.log(
      `  load${rate === 1 ? '' : ` ×${rate}`}: ~2 proxied GETs/s, a hold+register+release every 2 s, 3 WebSockets (activity every 2 s) + churn, 80 log events/s\n`,
    );
    const counters = new Counters();
    const startedAt = Date.now();
    const endAt = startedAt + minutes * 60_000;
    const samples = [];
    const sample = async () => {
      const point = { minutes: (Date.now() - startedAt) / 60_000, mb: rssMb(kiosk.pid), heap: await heapUsedMb(kiosk) };
      samples.push(point);
      console.log(
        `  ${fixed(point.minutes * 60, 0).padStart(6)} s  RSS ${fixed(point.mb).padStart(6)} MB  heap ${fixed(point.heap).padStart(5)} MB   proxied ${String(counters.proxied).padStart(7)}  holds ${String(counters.holds).padStart(5)}  log events ${String(counters.logEvents).padStart(8)}  ws msgs ${String(counters.wsReceived).padStart(7)}  errors ${counters.errors}${counters.lastError ? ` (last: ${counters.lastError})` : ''}`,
      );
    };
    await sample();
    const sampler = setInterval(sample, SAMPLE_MS);
    // The heap after a full collection, at the start and then every few minutes (each forces one).
    const afterGc = [];
    const gcEveryMs = Math.min(5, Math.max(1, minutes / 6)) * 60_000;
    const measureAfterGc = async () => {
      const point = {
        minutes: (Date.now() - startedAt) / 60_000,
        mb: await heapAfterGcMb(WebSocket, kiosk.inspectorUrl),
      };
      afterGc.push(point);
      console.log(
        `  ${fixed(point.minutes * 60, 0).padStart(6)} s  JS heap after a full collection: ${fixed(point.mb, 2)} MB`,
      );
    };
    await measureAfterGc();
    const gcSampler = setInterval(() => void measureAfterGc().catch((error) => counters.fail(error)), gcEveryMs);
    await Promise.all([
      proxyLoop(kiosk.baseUrl, kiosk.facilityId, endAt, counters, 1000 / rate),
      holdLoop(kiosk.baseUrl, kiosk.facilityId, endAt, counters, 2000 / rate),
      logLoop(kiosk.baseUrl, endAt, counters, 250 / rate, 20),
      socketLoop(WebSocket, kiosk.baseUrl, endAt, counters, rate),
    ]);
    clearInterval(sampler);
    clearInterval(gcSampler);
    await sample();
    await measureAfterGc();

    const values = samples.map((point) => point.mb);
    const warm = samples.filter((point) => point.minutes >= 1);
    const secondHalf = samples.filter((point) => point.minutes >= minutes / 2);
    const wholeTrend = slope(warm.length >= 3 ? warm : samples) * 10;
    const trend = slope(secondHalf.length >= 3 ? secondHalf : samples) * 10;
    console.log(
      `\n  RSS min ${fixed(Math.min(...values))} MB, max ${fixed(Math.max(...values))} MB, last ${fixed(values.at(-1))} MB; slope ${fixed(wholeTrend, 2)} MB per 10 min after the first minute, ${fixed(trend, 2)} over the second half (${samples.length} samples)`,
    );
    record({
      bench: 'soak',
      metric: `daemon RSS max over ${minutes} min`,
      value: Math.max(...values),
      unit: 'MB',
      target: `≤ ${TARGET_RSS_MB} MB`,
      met: Math.max(...values) <= TARGET_RSS_MB,
    });
    const rssPoints = secondHalf.length >= 3 ? secondHalf : samples;
    record({
      bench: 'soak',
      metric: 'RSS trend over the second half (least squares)',
      value: trend,
      unit: 'MB/10 min',
      note: `± ${fixed(slopeError(rssPoints) * 10, 2)} (standard error): RSS swings between collections`,
    });
    const gcPoints = afterGc.filter((point) => point.minutes >= 1);
    const heapTrend = slope(gcPoints) * 10;
    record({
      bench: 'soak',
      metric: `JS heap after full collections: ${afterGc.map((point) => fixed(point.mb, 1)).join(', ')} MB; trend`,
      value: heapTrend,
      unit: 'MB/10 min',
      target: `≤ ${TARGET_SLOPE_MB_PER_10_MIN} MB/10 min`,
      met: minutes >= 10 ? heapTrend <= TARGET_SLOPE_MB_PER_10_MIN : undefined,
      note: minutes < 10 ? 'run too short to judge a trend (use --minutes 30)' : undefined,
    });
    record({
      bench: 'soak',
      metric: 'errors during the soak',
      value: counters.errors,
      unit: '',
      target: '0',
      met: counters.errors === 0,
    });

    console.log('\n  log pipeline: POST /log, 4 connections, batches of 100 events with card data, 5 s');
    const burst = await logBurst(kiosk, 5);
    console.log(
      `  ${burst.posted} events posted, ${burst.shipped} shipped to the logging app, ${burst.dropped} dropped`,
    );
    record({
      bench: 'soak',
      metric: 'log pipeline: events/s accepted (validated, masked, spooled)',
      value: burst.perSecond,
      unit: 'events/s',
    });
    const masking = await maskingAlone(2);
    record({ bench: 'soak', metric: 'maskSecrets over a rental model', value: masking.model, unit: 'models/s' });
    record({ bench: 'soak', metric: 'toShippedEntry (mask a UI event)', value: masking.uiEvent, unit: 'events/s' });
    const finalRss = rssMb(kiosk.pid);
    console.log(`  RSS after the log burst: ${fixed(finalRss)} MB`);
    const leaked = kiosk.output().match(/4111111111111111|378282246310005|4000000000000002/g);
    record({
      bench: 'soak',
      metric: "test card numbers in the daemon's own log output",
      value: leaked?.length ?? 0,
      unit: '',
      target: '0',
      met: !leaked,
    });
  } finally {
    await stopAll();
  }
}

if (textOption('role', undefined) === 'upstream') {
  process.once('disconnect', () => process.exit(0));
  await runUpstream();
} else {
  await runMain('bench:soak', main);
}

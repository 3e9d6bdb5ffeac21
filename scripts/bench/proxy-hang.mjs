#!/usr/bin/env node
// node scripts/bench/proxy-hang.mjs [-- --hanging 72 --timeout-ms 3000]
//
// How long a visitor waits when operator calls hang: the daemon's /api proxy against an upstream
// that never answers the space list (GET facilities/demo/spaces/) and answers everything else at
// once. It starts --hanging calls to the space list, then one unrelated call (the facility
// configuration), and prints when each got its answer and with which status.
// KIOSK_UPSTREAM_TIMEOUT_MS is --timeout-ms (3 s by default so the run is short; the product
// default is 15 s and the figures scale with it). Needs the daemon built: it imports daemon/dist.
import { mkdtempSync } from 'node:fs';
import { createServer, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { asKioskPage } from './lib/kiosk.mjs';
import { option } from './lib/report.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const hanging = option('hanging', 72);
const timeoutMs = option('timeout-ms', 3000);
const BODY = JSON.stringify({ application_data: { status: 'ok', result: {} } });

const upstream = createServer((req, res) => {
  if (req.url.includes('/spaces/')) return; // never answers
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(BODY) });
  res.end(BODY);
});
await new Promise((resolve) => upstream.listen(0, '127.0.0.1', resolve));

const dist = join(ROOT, 'daemon/dist');
const { buildApp } = await import(pathToFileURL(join(dist, 'app.js')).href);
const { loadConfig } = await import(pathToFileURL(join(dist, 'config.js')).href);
const config = loadConfig({
  KIOSK_UPSTREAM_URL: `http://127.0.0.1:${upstream.address().port}/api/v1`,
  KIOSK_API_KEY: 'bench-api-key',
  KIOSK_UPSTREAM_TIMEOUT_MS: String(timeoutMs),
  KIOSK_SPOOL_DIR: mkdtempSync(join(tmpdir(), 'kiosk-bench-spool-')),
  KIOSK_SIMULATE_CARD_READER: 'false',
  KIOSK_CARD_READER_POLL_MS: '3600000',
  LOG_LEVEL: 'silent',
});
const app = await buildApp(config, { logger: false });
await app.listen({ host: '127.0.0.1', port: 0 });
const port = app.server.address().port;

const pageHeaders = await asKioskPage();
const started = performance.now();
function call(path) {
  const sentAt = performance.now();
  return new Promise((resolve) => {
    // A fresh connection each, like many tabs or a script: the browser's 6-per-host cap is not the daemon's.
    const req = request({ host: '127.0.0.1', port, path, headers: pageHeaders, agent: false }, (res) => {
      res.resume();
      res.on('end', () =>
        resolve({ status: res.statusCode, ms: performance.now() - started, waited: performance.now() - sentAt }),
      );
    });
    req.on('error', () =>
      resolve({ status: 'error', ms: performance.now() - started, waited: performance.now() - sentAt }),
    );
    req.end();
  });
}

const stuck = Array.from({ length: hanging }, () => call('/api/facilities/demo/spaces/'));
await new Promise((resolve) => setTimeout(resolve, 200));
const unrelated = await call('/api/facilities/demo/configuration/');
const results = await Promise.all(stuck);

const statuses = {};
for (const result of results) statuses[result.status] = (statuses[result.status] ?? 0) + 1;
const last = Math.max(...results.map((result) => result.ms));
const longest = Math.max(...results.map((result) => result.waited));
console.log(`proxy under hanging upstream calls: ${hanging} hanging, KIOSK_UPSTREAM_TIMEOUT_MS ${timeoutMs}`);
console.log(
  `  unrelated call: ${unrelated.status} after ${(unrelated.waited / 1000).toFixed(2)} s ` +
    `(${(unrelated.waited / timeoutMs).toFixed(2)} × the timeout)`,
);
console.log(
  `  hanging calls: ${JSON.stringify(statuses)}, longest wait of one ${(longest / 1000).toFixed(2)} s ` +
    `(${(longest / timeoutMs).toFixed(2)} × the timeout), last answered ${(last / 1000).toFixed(2)} s after the first was sent`,
);
await app.close();
upstream.closeAllConnections();
upstream.close();

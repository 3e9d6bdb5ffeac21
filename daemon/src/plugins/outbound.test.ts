import { writeFileSync, mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { asKioskPage } from '../test-helpers/build-test-app.js';
import { ConfigError, loadConfig, type DaemonConfig } from '../config.js';
import { eventually } from '../test-helpers/fake-services.js';
import { startRecordingProxy, type RecordingProxy } from '../test-helpers/recording-proxy.js';
import { startRecordingUpstream, type RecordingUpstream } from '../test-helpers/recording-upstream.js';
import { selfSignedCertificate, startHttpsServer, type TestCertificate } from '../test-helpers/tls-certificate.js';
import { buildSupportApp } from './health.js';

/** Each test builds whole daemons; on a loaded machine that takes seconds (a bound, not a measure). */
const DAEMON_TEST_TIMEOUT_MS = 30_000;
/**
 * The daemon's outbound calls as a facility network makes them: an operator API behind a
 * self-signed or private-CA certificate, and an HTTP proxy in the way (with NO_PROXY exceptions).
 */

const OPERATOR_HOST = 'operator.kiosk.test';
const OK_BODY = JSON.stringify({ application_data: { status: 'ok', result: {} } });

const closers: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  while (closers.length > 0) await closers.pop()!();
});

/** The whole daemon from an environment as a facility writes it (loadConfig), with its support listener. */
async function daemon(env: Record<string, string>, overrides: Partial<DaemonConfig> = {}) {
  const quiet = new Writable({ write: (_chunk, _encoding, done) => done() });
  const config = {
    ...loadConfig({ KIOSK_API_KEY: 'operator-key-7d1e', ...env }),
    spoolDir: mkdtempSync(join(tmpdir(), 'kiosk-outbound-spool-')),
    ...overrides,
  };
  const app = asKioskPage(await buildApp(config, { logger: { level: 'info', stream: quiet } }));
  await app.ready();
  closers.push(() => app.close());
  const support: FastifyInstance = await buildSupportApp(app);
  closers.push(() => support.close());
  return { app, support };
}

async function metric(app: FastifyInstance, name: string, labels = ''): Promise<number | undefined> {
  const text = await app.metrics.registry.metrics();
  const line = text.split('\n').find((row) => row.startsWith(`${name}{`) && row.includes(labels));
  return line === undefined ? undefined : Number(line.split(' ').at(-1));
}

describe('an operator API over TLS', { timeout: DAEMON_TEST_TIMEOUT_MS }, () => {
  let certificate: TestCertificate;
  let operator: Awaited<ReturnType<typeof startHttpsServer>>;

  beforeAll(async () => {
    certificate = selfSignedCertificate([OPERATOR_HOST, 'localhost']);
    operator = await startHttpsServer(certificate, (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end(OK_BODY);
    });
  });
  afterAll(() => operator.close());

  it('with a self-signed certificate: ready and the support bundle name DEPTH_ZERO_SELF_SIGNED_CERT, not "down"', async () => {
    const { app, support } = await daemon({ KIOSK_UPSTREAM_URL: `https://127.0.0.1:${operator.port}/api/v1` });
    const ready = await support.inject({ method: 'GET', url: '/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json().upstream).toMatchObject({
      reachable: false,
      error: 'DEPTH_ZERO_SELF_SIGNED_CERT',
      tls_error: 'DEPTH_ZERO_SELF_SIGNED_CERT',
      tls_error_detail: expect.stringContaining('self-signed'),
      certificate_expires_at: null,
    });
    // A kiosk screen's call through the proxy fails the same way, and the bundle says why.
    const call = await app.inject({ method: 'GET', url: '/api/facilities/demo/configuration/' });
    expect(call.statusCode).toBe(502);
    const bundle = (await support.inject({ method: 'GET', url: '/support/bundle' })).json();
    expect(bundle.upstream).toMatchObject({ tls_error: 'DEPTH_ZERO_SELF_SIGNED_CERT' });
    expect(bundle.log_lines.some((line: string) => line.includes('DEPTH_ZERO_SELF_SIGNED_CERT'))).toBe(true);
  });

  it('for another host name: ready names ERR_TLS_CERT_ALTNAME_INVALID', async () => {
    // Made for the operator's name only, and trusted: reached as 127.0.0.1 it is the wrong name.
    const named = selfSignedCertificate([OPERATOR_HOST], 30, { ip: false });
    const other = await startHttpsServer(named, (_request, response) => response.end(OK_BODY));
    closers.push(() => other.close());
    const caFile = join(mkdtempSync(join(tmpdir(), 'kiosk-ca-')), 'ca.pem');
    writeFileSync(caFile, named.cert);
    const { support } = await daemon({
      KIOSK_UPSTREAM_URL: `https://127.0.0.1:${other.port}/api/v1`,
      KIOSK_UPSTREAM_CA_FILE: caFile,
    });
    const ready = (await support.inject({ method: 'GET', url: '/health/ready' })).json();
    expect(ready.upstream).toMatchObject({ reachable: false, error: 'ERR_TLS_CERT_ALTNAME_INVALID' });
    expect(ready.upstream.tls_error_detail).toContain('another host name');
  });

  it('trusts a private CA from KIOSK_UPSTREAM_CA_FILE and shows the certificate expiry as a gauge', async () => {
    const caFile = join(mkdtempSync(join(tmpdir(), 'kiosk-ca-')), 'ca.pem');
    writeFileSync(caFile, certificate.cert);
    const { app, support } = await daemon({
      KIOSK_UPSTREAM_URL: `https://127.0.0.1:${operator.port}/api/v1`,
      KIOSK_UPSTREAM_CA_FILE: caFile,
    });
    // (Not ready as a whole: this kiosk has no card reader running.)
    const ready = await support.inject({ method: 'GET', url: '/health/ready' });
    expect(ready.json().upstream).toMatchObject({
      reachable: true,
      tls_error: null,
      certificate_expires_at: new Date(certificate.notAfter).toISOString(),
    });
    expect(await metric(app, 'kiosk_upstream_certificate_expiry_timestamp_seconds', 'service="operator"')).toBe(
      certificate.notAfter / 1000,
    );
  });

  it('refuses to start with a CA file that is missing or not PEM, naming the setting', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kiosk-ca-'));
    const notPem = join(dir, 'ca.pem');
    writeFileSync(notPem, 'this is not a certificate\n');
    const broken = join(dir, 'broken.pem');
    writeFileSync(broken, '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n');
    for (const path of [join(dir, 'missing.pem'), notPem, broken]) {
      const load = () =>
        loadConfig({ KIOSK_UPSTREAM_URL: 'https://op.example', KIOSK_API_KEY: 'k', KIOSK_UPSTREAM_CA_FILE: path });
      expect(load).toThrow(ConfigError);
      expect(load).toThrow(/KIOSK_UPSTREAM_CA_FILE must be a readable PEM file/);
    }
  });
});

/** A logging app on 127.0.0.2 (this PC, but not a loopback name the proxy rule always skips). */
async function loggingApp(): Promise<{ url: string; batches: unknown[]; close(): Promise<void> }> {
  const batches: unknown[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      batches.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.2', resolve));
  return {
    url: `http://127.0.0.2:${(server.address() as AddressInfo).port}/applications/logging/log`,
    batches,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('an outbound HTTP proxy', { timeout: DAEMON_TEST_TIMEOUT_MS }, () => {
  let upstream: RecordingUpstream;
  let proxy: RecordingProxy;

  beforeAll(async () => {
    upstream = await startRecordingUpstream();
    // The operator's name resolves only inside the proxy: a call that reaches it went through it.
    proxy = await startRecordingProxy({ [OPERATOR_HOST]: '127.0.0.1' });
  });
  afterAll(async () => {
    await proxy.close();
    await upstream.close();
  });

  it('carries operator calls (HTTP_PROXY) and leaves a NO_PROXY host direct', async () => {
    const logging = await loggingApp();
    closers.push(() => logging.close());
    proxy.targets.length = 0;
    const { app } = await daemon(
      {
        KIOSK_UPSTREAM_URL: `http://${OPERATOR_HOST}:${upstream.port}/api/v1`,
        KIOSK_LOG_URL: logging.url,
        http_proxy: proxy.url,
        NO_PROXY: 'printer.local,127.0.0.2',
      },
      { logBatchSize: 1, logBatchMs: 10 },
    );
    const call = await app.inject({ method: 'GET', url: '/api/facilities/demo/configuration/' });
    expect(call.statusCode).toBe(200);
    expect(upstream.requests.at(-1)).toMatchObject({ path: 'facilities/demo/configuration/' });
    expect(upstream.requests.at(-1)!.headers['x-api-key']).toBe('operator-key-7d1e');

    const posted = await app.inject({
      method: 'POST',
      url: '/log',
      payload: { event_name: 'Navigation next', action: 'next', active_section: 'welcome' },
    });
    expect(posted.statusCode).toBe(202);
    await eventually(() => logging.batches.length > 0);

    expect(proxy.targets).toContain(`${OPERATOR_HOST}:${upstream.port}`);
    expect(proxy.targets.some((target) => target.startsWith('127.0.0.2'))).toBe(false);
  });

  it('tunnels an https operator through HTTPS_PROXY with CONNECT, the private CA checked end to end', async () => {
    const certificate = selfSignedCertificate([OPERATOR_HOST]);
    const operator = await startHttpsServer(certificate, (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end(OK_BODY);
    });
    closers.push(() => operator.close());
    const caFile = join(mkdtempSync(join(tmpdir(), 'kiosk-ca-')), 'ca.pem');
    writeFileSync(caFile, certificate.cert);
    proxy.targets.length = 0;
    const { app, support } = await daemon({
      KIOSK_UPSTREAM_URL: `https://${OPERATOR_HOST}:${operator.port}/api/v1`,
      KIOSK_UPSTREAM_CA_FILE: caFile,
      HTTPS_PROXY: proxy.url,
    });
    const ready = await support.inject({ method: 'GET', url: '/health/ready' });
    expect(ready.json().upstream).toMatchObject({ reachable: true, tls_error: null });
    expect(proxy.targets).toEqual([`${OPERATOR_HOST}:${operator.port}`]);
    expect(await metric(app, 'kiosk_upstream_certificate_expiry_timestamp_seconds', 'service="operator"')).toBe(
      certificate.notAfter / 1000,
    );
  });

  it('refuses a proxy setting that is not an http(s) URL, naming it', () => {
    expect(() => loadConfig({ HTTPS_PROXY: 'proxy.facility.lan:3128' })).toThrow(
      /HTTPS_PROXY must be an http\(s\) URL/,
    );
  });
});

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildServiceApp } from '../test-helpers/fake-services.js';
import { buildSupportApp } from './health.js';
import { updateStateFile } from './update-status.js';

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

const TOKEN = 'support-token-123';
const auth = { authorization: `Bearer ${TOKEN}` };

/** A state file as the update agent writes it (packaging/update/state.mjs). */
const REVERTED = {
  state: 'reverted',
  running: '1.0.0',
  wanted: '1.0.1',
  previous: '1.0.0',
  ring: 'early',
  probationSince: null,
  lastOutcome: {
    at: '2026-11-28T02:12:00.000Z',
    outcome: 'reverted',
    reason: 'ready: no answer from the daemon (ECONNREFUSED) (minute 11 of probation)',
    release: '1.0.1',
  },
  failedReleases: ['1.0.1'],
  channelSerial: 4,
  lastCheckAt: '2026-11-28T02:00:00.000Z',
  lastCheckResult: 'failed-before',
  lastContactAt: '2026-11-28T02:00:00.000Z',
  channelRejections: 2,
  lastChannelError: { at: '2026-11-27T02:00:00.000Z', reason: 'the channel file is not signed (no .sig beside it)' },
};

async function setup(state?: object, conffiles: string[] = []) {
  const dir = mkdtempSync(join(tmpdir(), 'kiosk-update-status-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const stateFile = join(dir, 'state.json');
  if (state) writeFileSync(stateFile, JSON.stringify(state));
  for (const file of conffiles) writeFileSync(join(dir, file), '');
  const app = await buildServiceApp({
    config: { healthToken: TOKEN, facilityId: 'demo' },
    plugins: ['update-status'],
    updateStatus: { stateFile, confDir: dir },
  });
  await app.ready();
  cleanups.push(() => app.close());
  const support: FastifyInstance = await buildSupportApp(app);
  cleanups.push(() => support.close());
  return { support, dir, stateFile };
}

describe("the update agent's state, as the fleet sees it", () => {
  it('a reverted kiosk: its state, releases, last outcome with the reason and its refused channel files', async () => {
    const { support } = await setup(REVERTED);
    const metrics = (await support.inject({ method: 'GET', url: '/metrics', headers: auth })).body;
    expect(metrics).toContain('kiosk_update_state{state="reverted",app="kiosk_daemon"} 1');
    expect(metrics).toContain('kiosk_update_state{state="idle",app="kiosk_daemon"} 0');
    expect(metrics).toContain(
      'kiosk_update_release_info{running="1.0.0",wanted="1.0.1",ring="early",app="kiosk_daemon"} 1',
    );
    expect(metrics).toContain(
      'kiosk_update_last_outcome{outcome="reverted",release="1.0.1",reason="ready: no answer from the daemon (ECONNREFUSED) (minute 11 of probation)",app="kiosk_daemon"} 1',
    );
    expect(metrics).toContain(
      `kiosk_update_last_check_timestamp_seconds{result="failed-before",app="kiosk_daemon"} ${Date.parse('2026-11-28T02:00:00Z') / 1000}`,
    );
    expect(metrics).toContain('kiosk_update_channel_rejected_total{app="kiosk_daemon"} 2');
    expect(metrics).toContain(
      `kiosk_update_last_contact_timestamp_seconds{state="reverted",app="kiosk_daemon"} ${Date.parse('2026-11-28T02:00:00Z') / 1000}`,
    );
    expect(metrics).not.toMatch(/^kiosk_update_probation_since_timestamp_seconds\{/m);
  });

  it('on probation: when it began, for the stuck-on-probation alert', async () => {
    const { support } = await setup({ ...REVERTED, state: 'probation', probationSince: '2026-11-28T02:00:20.000Z' });
    const metrics = (await support.inject({ method: 'GET', url: '/metrics', headers: auth })).body;
    expect(metrics).toContain('kiosk_update_state{state="probation",app="kiosk_daemon"} 1');
    expect(metrics).toContain(
      `kiosk_update_probation_since_timestamp_seconds{release="1.0.1",app="kiosk_daemon"} ${Date.parse('2026-11-28T02:00:20Z') / 1000}`,
    );
  });

  it('a kiosk whose agent never ran has no update series (its fleet updates it another way)', async () => {
    const { support } = await setup();
    const metrics = (await support.inject({ method: 'GET', url: '/metrics', headers: auth })).body;
    // Only the counter of refused channel files, which a counter cannot leave out, at 0.
    expect(metrics.match(/^kiosk_update_\w+\{.*$/gm)).toEqual([
      'kiosk_update_channel_rejected_total{app="kiosk_daemon"} 0',
    ]);
    const ready = (await support.inject({ method: 'GET', url: '/health/ready', headers: auth })).json();
    expect(ready.update).toBeNull();
  });

  it('a state file changed by the agent is read at the next scrape', async () => {
    const { support, stateFile } = await setup(REVERTED);
    writeFileSync(stateFile, JSON.stringify({ ...REVERTED, state: 'idle', running: '1.0.2', wanted: '1.0.2' }));
    const metrics = (await support.inject({ method: 'GET', url: '/metrics', headers: auth })).body;
    expect(metrics).toContain('kiosk_update_state{state="idle",app="kiosk_daemon"} 1');
    expect(metrics).toContain(
      'kiosk_update_release_info{running="1.0.2",wanted="1.0.2",ring="early",app="kiosk_daemon"} 1',
    );
  });
});

describe('a new default settings file left beside an edited one', () => {
  it('is named in /health/ready, the support bundle and a metric', async () => {
    const { support, dir } = await setup(REVERTED, ['daemon.env', 'daemon.env.dpkg-dist']);
    const ready = (await support.inject({ method: 'GET', url: '/health/ready', headers: auth })).json();
    expect(ready.conffiles_pending).toEqual([join(dir, 'daemon.env.dpkg-dist')]);
    expect(ready.update).toMatchObject({ state: 'reverted', running: '1.0.0', failed_releases: ['1.0.1'] });
    const bundle = (await support.inject({ method: 'GET', url: '/support/bundle', headers: auth })).json();
    expect(bundle.conffiles_pending).toEqual([join(dir, 'daemon.env.dpkg-dist')]);
    expect(bundle.update.last_outcome).toMatchObject({ outcome: 'reverted', release: '1.0.1' });
    const metrics = (await support.inject({ method: 'GET', url: '/metrics', headers: auth })).body;
    expect(metrics).toContain('kiosk_conffiles_pending{app="kiosk_daemon"} 1');
  });
});

it("the agent's state file sits beside the daemon's state directory", () => {
  expect(updateStateFile('/var/lib/storage-kiosk/state')).toBe('/var/lib/storage-kiosk/update/state.json');
});

import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { DAEMON_ENDPOINTS, type KioskFacility } from '@kiosk/shared-types';
import { buildTestApp } from '../test-helpers/build-test-app.js';
import { startRecordingUpstream, type RecordingUpstream } from '../test-helpers/recording-upstream.js';
import { FACILITY_STATE_FILE } from './facility-state.js';

const API_KEY = 'state-test-api-key-9f2c';

/** The operator's facility settings: the name and phone are all the kiosk may keep of them. */
const SETTINGS = {
  facility_id: 'demo',
  name: 'Maple Street Self Storage',
  phone: '(217) 555-0182',
  address1: '100 Maple Street',
  city: 'Springfield',
  facility_notes: 'Gate opens at 6',
  email: 'manager@maple.example',
};

const ok = (result: unknown) => ({ application_data: { status: 'ok', result } });

describe('the facility settings kept for the out-of-service screen', () => {
  let app: FastifyInstance | undefined;
  let upstream: RecordingUpstream | undefined;

  afterEach(async () => {
    await app?.close();
    app = undefined;
    await upstream?.close();
    upstream = undefined;
  });

  async function kiosk(stateDir: string, answer?: Parameters<RecordingUpstream['respond']>[0]) {
    upstream = await startRecordingUpstream();
    if (answer) upstream.respond(answer);
    app = await buildTestApp({ upstreamUrl: upstream.url, apiKey: API_KEY, facilityId: 'demo', stateDir });
    return app;
  }

  async function known(kiosk: FastifyInstance): Promise<KioskFacility> {
    const response = await kiosk.inject({ url: DAEMON_ENDPOINTS.kioskFacility });
    expect(response.statusCode).toBe(200);
    return response.json<KioskFacility>();
  }

  const stateFile = (dir: string) => join(dir, FACILITY_STATE_FILE);

  it('knows only the facility id before the operator has ever answered, and keeps no file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kiosk-state-'));
    const daemon = await kiosk(dir);
    expect(await known(daemon)).toEqual({ facility_id: 'demo', name: null, phone: null });
    expect(readdirSync(dir)).toEqual([]);
  });

  it("saves the name and phone of the page's facility-settings call, and serves them after a restart", async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'kiosk-state-')), 'not-yet-created');
    const daemon = await kiosk(dir, (request, res) =>
      upstream!.json(res, 200, request.path === 'facilities/demo/' ? ok(SETTINGS) : ok({})),
    );
    const call = await daemon.inject({ url: '/api/facilities/demo/?All=true&facility_id=demo' });
    expect(call.statusCode).toBe(200);
    await expect.poll(() => readdirSync(dir)).toEqual([FACILITY_STATE_FILE]);
    expect(JSON.parse(readFileSync(stateFile(dir), 'utf8'))).toEqual({
      facility_id: 'demo',
      name: 'Maple Street Self Storage',
      phone: '(217) 555-0182',
    });
    expect(await known(daemon)).toEqual({
      facility_id: 'demo',
      name: 'Maple Street Self Storage',
      phone: '(217) 555-0182',
    });
    await daemon.close();
    await upstream!.close();

    // Restarted with the operator unreachable: the last known facility is still there.
    app = await buildTestApp({
      upstreamUrl: 'http://127.0.0.1:1/api/v1',
      apiKey: API_KEY,
      facilityId: 'demo',
      stateDir: dir,
    });
    upstream = undefined;
    expect(await known(app)).toEqual({
      facility_id: 'demo',
      name: 'Maple Street Self Storage',
      phone: '(217) 555-0182',
    });
  });

  it('keeps nothing else: no address, notes, e-mail, API key, trace id or visitor data', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kiosk-state-'));
    const daemon = await kiosk(dir, (request, res) =>
      upstream!.json(res, 200, request.path === 'facilities/demo/' ? ok(SETTINGS) : ok({})),
    );
    // A visitor's own calls pass through the same proxy meanwhile.
    await daemon.inject({
      method: 'POST',
      url: '/api/facilities/demo/login/',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=visitor%40example.com&password=Secret%211',
    });
    await daemon.inject({ url: '/api/facilities/demo/?All=true&facility_id=demo' });
    await expect.poll(() => readdirSync(dir)).toEqual([FACILITY_STATE_FILE]);
    const saved = readFileSync(stateFile(dir), 'utf8');
    expect(Object.keys(JSON.parse(saved) as object).sort()).toEqual(['facility_id', 'name', 'phone']);
    for (const secret of [
      API_KEY,
      '100 Maple Street',
      'Gate opens',
      'manager@maple.example',
      'visitor',
      'Secret',
      'trace',
      String(upstream!.requests[0]!.headers['x-trace-id']),
    ])
      expect(saved).not.toContain(secret);
  });

  it("ignores another facility's settings, an operator error and a saved file of another facility", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kiosk-state-'));
    writeFileSync(
      stateFile(dir),
      JSON.stringify({ facility_id: 'elsewhere', name: 'Elsewhere', phone: '(555) 555-0100' }),
    );
    const daemon = await kiosk(dir, (request, res) =>
      upstream!.json(
        res,
        200,
        request.path === 'facilities/demo-smart/'
          ? ok({ ...SETTINGS, facility_id: 'demo-smart', phone: '(999) 555-0000' })
          : { application_data: { status: 'error', message: 'Unknown facility' } },
      ),
    );
    expect(await known(daemon)).toEqual({ facility_id: 'demo', name: null, phone: null });
    await daemon.inject({ url: '/api/facilities/demo-smart/?All=true&facility_id=demo-smart' });
    await daemon.inject({ url: '/api/facilities/demo/?All=true&facility_id=demo' });
    expect(await known(daemon)).toEqual({ facility_id: 'demo', name: null, phone: null });
    expect(JSON.parse(readFileSync(stateFile(dir), 'utf8'))).toMatchObject({ facility_id: 'elsewhere' });
  });

  it("saves the settings the daemon preloads for the welcome's first paint", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kiosk-state-'));
    const ui = mkdtempSync(join(tmpdir(), 'kiosk-ui-'));
    mkdirSync(join(ui, 'assets'));
    writeFileSync(
      join(ui, 'index.html'),
      '<!doctype html><html><head></head><body><div id="root"></div></body></html>',
    );
    upstream = await startRecordingUpstream();
    upstream.respond((request, res) =>
      upstream!.json(res, 200, request.path === 'facilities/demo/' ? ok(SETTINGS) : ok({})),
    );
    app = await buildTestApp({
      upstreamUrl: upstream.url,
      apiKey: API_KEY,
      facilityId: 'demo',
      stateDir: dir,
      uiDir: ui,
    });
    await app.ready();
    await expect.poll(() => readdirSync(dir)).toEqual([FACILITY_STATE_FILE]);
    expect(await known(app)).toMatchObject({ phone: '(217) 555-0182' });
  });
});

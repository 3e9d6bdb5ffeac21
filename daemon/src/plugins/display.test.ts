import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { DAEMON_ENDPOINTS } from '@kiosk/shared-types';
import { ConfigError, loadConfig } from '../config.js';
import { buildTestApp } from '../test-helpers/build-test-app.js';

const apps: FastifyInstance[] = [];
afterEach(async () => {
  while (apps.length > 0) await apps.pop()!.close();
});

describe('display settings', () => {
  it('serves the reach zone of the mounting: the lower 60 % unless configured', async () => {
    const app = await buildTestApp();
    apps.push(app);
    const response = await app.inject({ method: 'GET', url: DAEMON_ENDPOINTS.displaySettings });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ reach_zone_percent: 60 });

    const low = await buildTestApp({
      reachZonePercent: loadConfig({ KIOSK_SANDBOX: 'on', KIOSK_REACH_ZONE_PERCENT: '45' }).reachZonePercent,
    });
    apps.push(low);
    expect((await low.inject({ method: 'GET', url: DAEMON_ENDPOINTS.displaySettings })).json()).toEqual({
      reach_zone_percent: 45,
    });
  });

  it.each(['20', '101', '55.5', 'lower half'])(
    'refuses KIOSK_REACH_ZONE_PERCENT=%j, naming it and the range',
    (value) => {
      expect(() => loadConfig({ KIOSK_SANDBOX: 'on', KIOSK_REACH_ZONE_PERCENT: value })).toThrow(ConfigError);
      expect(() => loadConfig({ KIOSK_SANDBOX: 'on', KIOSK_REACH_ZONE_PERCENT: value })).toThrow(
        `Invalid configuration: KIOSK_REACH_ZONE_PERCENT must be a whole number from 30 to 100, got "${value}"`,
      );
    },
  );

  it('answers an unknown display path with the JSON 404, not the UI page', async () => {
    const app = await buildTestApp();
    apps.push(app);
    const response = await app.inject({ method: 'GET', url: '/display/colours' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({
      statusCode: 404,
      message: 'No such kiosk service endpoint: GET /display/colours',
    });
  });
});

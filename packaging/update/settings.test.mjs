import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadSettings } from './settings.mjs';

const dirs = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function conf(files) {
  const dir = mkdtempSync(join(tmpdir(), 'kiosk-update-conf-'));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

describe("the update agent's settings", () => {
  it("the package's defaults: no channel (nothing to do), the night window, 15 minutes' probation, the daemon on loopback", () => {
    const dir = conf({ 'update.env': 'KIOSK_UPDATE_CHANNEL_URL=\nKIOSK_ID=\n' });
    const settings = loadSettings(dir, {});
    expect(settings).toMatchObject({
      kioskId: hostname(),
      channelUrl: '',
      keyring: `${dir}/update-keyring.gpg`,
      window: { start: 60, length: 240 },
      probationMs: 15 * 60_000,
      checkMs: 60_000,
      probe: {
        supportUrl: 'http://127.0.0.1:9100',
        uiUrl: 'http://127.0.0.1:8080',
        token: '',
        facility: 'demo',
        browser: true,
      },
    });
  });

  it("reads update.env, and from the daemon's files its listeners, facility and support token", () => {
    const dir = conf({
      'update.env': [
        'KIOSK_UPDATE_CHANNEL_URL="https://apt.example.com/channel/stable.json"',
        'KIOSK_ID=north-lobby',
        'KIOSK_UPDATE_WINDOW=22:00-02:00',
        'KIOSK_UPDATE_PROBATION_MINUTES=30',
        'KIOSK_UPDATE_CHECK_BROWSER=no',
      ].join('\n'),
      'daemon.env':
        'KIOSK_FACILITY_ID=storage-north\nKIOSK_SUPPORT_HOST=0.0.0.0\nKIOSK_SUPPORT_PORT=9200\nKIOSK_PORT=8181\n',
      'secrets.env': 'KIOSK_HEALTH_TOKEN=abc123\n',
    });
    expect(loadSettings(dir, {})).toMatchObject({
      kioskId: 'north-lobby',
      channelUrl: 'https://apt.example.com/channel/stable.json',
      window: { start: 1320, length: 240 },
      probationMs: 30 * 60_000,
      probe: {
        supportUrl: 'http://127.0.0.1:9200',
        uiUrl: 'http://127.0.0.1:8181',
        token: 'abc123',
        facility: 'storage-north',
        browser: false,
      },
    });
  });

  it('the environment wins over the file; a bad value is named', () => {
    const dir = conf({ 'update.env': 'KIOSK_UPDATE_CHANNEL_URL=https://a.example/stable.json\nKIOSK_ID=one\n' });
    expect(loadSettings(dir, { KIOSK_ID: 'two', KIOSK_UPDATE_CHECK_SECONDS: '5' })).toMatchObject({
      kioskId: 'two',
      checkMs: 5000,
    });
    expect(() => loadSettings(dir, { KIOSK_UPDATE_PROBATION_MINUTES: 'soon' })).toThrow(
      'KIOSK_UPDATE_PROBATION_MINUTES must be a positive number, got "soon"',
    );
    expect(() => loadSettings(dir, { KIOSK_ID: 'kiosk 7' })).toThrow(/KIOSK_ID must be letters, digits/);
  });
});

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, supportListenerProblem } from './config.js';

function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error(`expected a ConfigError for ${JSON.stringify(env)}`);
}

describe('loadConfig', () => {
  it('runs with no environment at all: sandbox mode on the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      host: '127.0.0.1',
      port: 8080,
      upstreamUrl: null,
      facilityId: 'demo',
      headerNames: { apiKey: 'x-api-key', date: 'x-date', traceId: 'x-trace-id', idempotencyKey: 'idempotency-key' },
      timeScale: 1,
      simulateCardReader: true,
    });
  });

  it('reads the upstream, key, facility and header names', () => {
    const config = loadConfig({
      KIOSK_UPSTREAM_URL: 'https://operator.example/api/v1/',
      KIOSK_API_KEY: 'k-123',
      KIOSK_FACILITY_ID: 'fac-7',
      KIOSK_HEADER_API_KEY: 'X-Kiosk-Key',
      KIOSK_PORT: '9000',
    });
    expect(config.upstreamUrl).toBe('https://operator.example/api/v1');
    expect(config.apiKey).toBe('k-123');
    expect(config.facilityId).toBe('fac-7');
    expect(config.headerNames.apiKey).toBe('x-kiosk-key');
    expect(config.port).toBe(9000);
    expect(config.simulateCardReader).toBe(false);
  });

  it.each([
    ['KIOSK_PORT', 'eighty'],
    ['KIOSK_PORT', '70000'],
    ['KIOSK_UPSTREAM_URL', 'not a url'],
    ['KIOSK_UPSTREAM_URL', 'ftp://operator.example/'],
    ['KIOSK_FACILITY_ID', 'demo/../x'],
    ['KIOSK_HEADER_API_KEY', 'x api key'],
    ['KIOSK_HEADER_DATE', 'x:date'],
    ['KIOSK_HEADER_TRACE_ID', 'trace id'],
    ['KIOSK_UPSTREAM_TIMEOUT_MS', '5'],
    ['KIOSK_BODY_LIMIT_BYTES', '-1'],
    ['KIOSK_CARD_READER_URL', 'localhost:9002'],
    ['KIOSK_LOG_URL', 'nope'],
    ['KIOSK_SUPPORT_PORT', '1.5'],
    ['KIOSK_TIME_SCALE', '0'],
    ['KIOSK_TIME_SCALE', '2'],
    ['KIOSK_SANDBOX_PORT', 'x'],
    ['KIOSK_SIMULATE_CARD_READER', 'maybe'],
  ])('names %s in the message when it is %j', (setting, value) => {
    const error = configError({ [setting]: value });
    expect(error.setting).toBe(setting);
    expect(error.message).toContain(setting);
    expect(error.message).toContain(value);
  });

  it('reads the content origins the UI may load frames, media and uploads from', () => {
    expect(
      loadConfig({ KIOSK_CONTENT_ORIGINS: 'https://sign.example.com, https://uploads.example.com/' }).contentOrigins,
    ).toEqual(['https://sign.example.com', 'https://uploads.example.com']);
    expect(() => loadConfig({ KIOSK_CONTENT_ORIGINS: 'https://sign.example.com/path' })).toThrow(
      /KIOSK_CONTENT_ORIGINS/,
    );
    expect(() => loadConfig({ KIOSK_CONTENT_ORIGINS: 'javascript:alert(1)' })).toThrow(/KIOSK_CONTENT_ORIGINS/);
  });

  it('reads the release stage, production unless set, and refuses an unknown one by name', () => {
    expect(loadConfig({}).releaseStage).toBe('production');
    expect(loadConfig({ KIOSK_RELEASE_STAGE: 'staging' }).releaseStage).toBe('staging');
    const error = configError({ KIOSK_RELEASE_STAGE: 'prod' });
    expect(error.setting).toBe('KIOSK_RELEASE_STAGE');
    expect(error.message).toBe(
      'Invalid configuration: KIOSK_RELEASE_STAGE must be one of production, staging, development, test, got "prod"',
    );
  });

  it('asks for the API key when an upstream is configured', () => {
    const error = configError({ KIOSK_UPSTREAM_URL: 'https://operator.example/api/v1' });
    expect(error.setting).toBe('KIOSK_API_KEY');
    expect(error.message).toMatch(/KIOSK_API_KEY is required when KIOSK_UPSTREAM_URL is set/);
  });

  it('reads a JSON file named by KIOSK_CONFIG_FILE, the environment winning', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kiosk-config-'));
    const file = join(dir, 'kiosk.json');
    writeFileSync(file, JSON.stringify({ KIOSK_PORT: 9100, KIOSK_FACILITY_ID: 'from-file' }));
    const config = loadConfig({ KIOSK_CONFIG_FILE: file, KIOSK_FACILITY_ID: 'from-env' });
    expect(config.port).toBe(9100);
    expect(config.facilityId).toBe('from-env');
  });

  it('names KIOSK_CONFIG_FILE when the file is missing or not an object', () => {
    expect(configError({ KIOSK_CONFIG_FILE: '/nonexistent/kiosk.json' }).setting).toBe('KIOSK_CONFIG_FILE');
    const dir = mkdtempSync(join(tmpdir(), 'kiosk-config-'));
    const file = join(dir, 'list.json');
    writeFileSync(file, '[1,2]');
    expect(configError({ KIOSK_CONFIG_FILE: file }).message).toContain('KIOSK_CONFIG_FILE');
  });

  it('refuses a network-facing support listener without a token', () => {
    expect(supportListenerProblem(loadConfig({}))).toContain('KIOSK_HEALTH_TOKEN');
    expect(supportListenerProblem(loadConfig({ KIOSK_SUPPORT_HOST: '127.0.0.1' }))).toBeNull();
    expect(supportListenerProblem(loadConfig({ KIOSK_HEALTH_TOKEN: 'secret' }))).toBeNull();
  });

  it('reads the speech settings and names a bad voice, rate or mute', () => {
    expect(loadConfig({})).toMatchObject({
      speechCommand: 'espeak-ng',
      speechVoices: { en: 'en-us', es: 'es-419' },
      speechRate: 165,
      speechPlayCommand: 'aplay -q',
      muted: false,
    });
    expect(loadConfig({ KIOSK_SPEECH_VOICE_ES: 'es-mx', KIOSK_MUTED: 'true' })).toMatchObject({
      speechVoices: { es: 'es-mx' },
      muted: true,
    });
    expect(configError({ KIOSK_SPEECH_VOICE_EN: 'en; rm -rf /' }).message).toBe(
      'Invalid configuration: KIOSK_SPEECH_VOICE_EN must be an espeak-ng voice such as en-us, got "en; rm -rf /"',
    );
    expect(configError({ KIOSK_SPEECH_RATE: '5' }).setting).toBe('KIOSK_SPEECH_RATE');
    expect(configError({ KIOSK_MUTED: 'maybe' }).setting).toBe('KIOSK_MUTED');
  });
});

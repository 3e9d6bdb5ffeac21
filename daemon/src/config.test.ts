import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, InvalidConfiguration, examineConfig, loadConfig, supportListenerProblem } from './config.js';
import { selfSignedCertificate } from './test-helpers/tls-certificate.js';

/** A demo kiosk's configuration (KIOSK_SANDBOX=on) with these settings. */
function demo(env: Record<string, string> = {}) {
  return loadConfig({ KIOSK_SANDBOX: 'on', ...env });
}

/** Every problem loadConfig reports for this environment (throws when it reports none). */
function problems(env: Record<string, string>): readonly ConfigError[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof InvalidConfiguration) return error.problems;
    throw error;
  }
  throw new Error(`expected a ConfigError for ${JSON.stringify(env)}`);
}

/** The one problem of a demo kiosk with these settings. */
function configError(env: Record<string, string>): ConfigError {
  const found = problems('KIOSK_UPSTREAM_URL' in env ? env : { KIOSK_SANDBOX: 'on', ...env });
  expect(found).toHaveLength(1);
  return found[0]!;
}

describe('loadConfig', () => {
  it('runs a demo with KIOSK_SANDBOX=on alone: sandbox and simulators on the documented defaults', () => {
    const config = demo();
    expect(config).toMatchObject({
      sandbox: true,
      simulatePrinter: true,
      simulateIdScanner: true,
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
      demo({ KIOSK_CONTENT_ORIGINS: 'https://sign.example.com, https://uploads.example.com/' }).contentOrigins,
    ).toEqual(['https://sign.example.com', 'https://uploads.example.com']);
    expect(() => demo({ KIOSK_CONTENT_ORIGINS: 'https://sign.example.com/path' })).toThrow(/KIOSK_CONTENT_ORIGINS/);
    expect(() => demo({ KIOSK_CONTENT_ORIGINS: 'javascript:alert(1)' })).toThrow(/KIOSK_CONTENT_ORIGINS/);
  });

  it('reads the release stage, production unless set, and refuses an unknown one by name', () => {
    expect(demo().releaseStage).toBe('production');
    expect(demo({ KIOSK_RELEASE_STAGE: 'staging' }).releaseStage).toBe('staging');
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
    const config = demo({ KIOSK_CONFIG_FILE: file, KIOSK_FACILITY_ID: 'from-env' });
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
    expect(supportListenerProblem(demo())).toContain('KIOSK_HEALTH_TOKEN');
    expect(supportListenerProblem(demo({ KIOSK_SUPPORT_HOST: '127.0.0.1' }))).toBeNull();
    expect(supportListenerProblem(demo({ KIOSK_HEALTH_TOKEN: 'secret' }))).toBeNull();
  });

  it('reads the speech settings and names a bad voice, rate or mute', () => {
    expect(demo()).toMatchObject({
      speechCommand: 'espeak-ng',
      speechVoices: { en: 'en-us', es: 'es-419' },
      speechRate: 165,
      speechPlayCommand: 'aplay -q',
      muted: false,
    });
    expect(demo({ KIOSK_SPEECH_VOICE_ES: 'es-mx', KIOSK_MUTED: 'true' })).toMatchObject({
      speechVoices: { es: 'es-mx' },
      muted: true,
    });
    expect(configError({ KIOSK_SPEECH_VOICE_EN: 'en; rm -rf /' }).message).toBe(
      'Invalid configuration: KIOSK_SPEECH_VOICE_EN must be an espeak-ng voice such as en-us, got "en; rm -rf /"',
    );
    expect(configError({ KIOSK_SPEECH_RATE: '5' }).setting).toBe('KIOSK_SPEECH_RATE');
    expect(configError({ KIOSK_MUTED: 'maybe' }).setting).toBe('KIOSK_MUTED');
  });

  it('reads the volume: the maximum, the default level among the five under it, checked at start', () => {
    expect(demo()).toMatchObject({ speechVolumeMaxDb: 0, speechVolumeDb: -12 });
    expect(demo({ KIOSK_SPEECH_VOLUME_MAX_DB: '-6' })).toMatchObject({ speechVolumeMaxDb: -6, speechVolumeDb: -18 });
    expect(demo({ KIOSK_SPEECH_VOLUME_DB: '-6' })).toMatchObject({ speechVolumeDb: -6 });
    expect(configError({ KIOSK_SPEECH_VOLUME_DB: '-10' }).message).toBe(
      'Invalid configuration: KIOSK_SPEECH_VOLUME_DB must be one of the volume levels -24, -18, -12, -6, 0 (dB, 6 apart up to KIOSK_SPEECH_VOLUME_MAX_DB), got "-10"',
    );
    expect(configError({ KIOSK_SPEECH_VOLUME_MAX_DB: '-6', KIOSK_SPEECH_VOLUME_DB: '0' }).setting).toBe(
      'KIOSK_SPEECH_VOLUME_DB',
    );
    expect(configError({ KIOSK_SPEECH_VOLUME_MAX_DB: '6' }).message).toBe(
      'Invalid configuration: KIOSK_SPEECH_VOLUME_MAX_DB must be a whole number of decibels from -30 to 0, got "6"',
    );
  });

  it('reads how sound reaches the visitor: speaker, jack or handset; the jack simulated in a demo', () => {
    expect(demo()).toMatchObject({
      speechPrivateListening: 'none',
      speechHeadphonePlayCommand: null,
      simulateHeadphoneJack: true,
      speechJackCommand: "amixer -c 0 cget iface=CARD,name='Headphone Jack'",
    });
    expect(
      demo({
        KIOSK_SPEECH_PRIVATE_LISTENING: 'jack',
        KIOSK_SPEECH_HEADPHONE_PLAY_COMMAND: 'aplay -q -D plughw:1,0',
        KIOSK_SIMULATE_HEADPHONE_JACK: 'false',
      }),
    ).toMatchObject({
      speechPrivateListening: 'jack',
      speechHeadphonePlayCommand: 'aplay -q -D plughw:1,0',
      simulateHeadphoneJack: false,
    });
    expect(configError({ KIOSK_SPEECH_PRIVATE_LISTENING: 'bluetooth' }).message).toBe(
      'Invalid configuration: KIOSK_SPEECH_PRIVATE_LISTENING must be one of none, jack, handset, got "bluetooth"',
    );
  });
});

describe('a kiosk never runs the sandbox unless asked', () => {
  const REFUSAL =
    "Invalid configuration: KIOSK_UPSTREAM_URL is not set: give KIOSK_UPSTREAM_URL and KIOSK_API_KEY to run against the facility's operator API, or KIOSK_SANDBOX=on for a demo on the embedded sandbox (no real rentals or payments)";

  it('refuses to start with neither an operator API nor KIOSK_SANDBOX=on, naming the settings to give', () => {
    expect(() => loadConfig({})).toThrow(REFUSAL);
    // The empty line an installer leaves is no operator either.
    expect(problems({ KIOSK_UPSTREAM_URL: '', KIOSK_RELEASE_STAGE: 'production' }).map((p) => p.message)).toEqual([
      REFUSAL,
    ]);
    expect(() => loadConfig({ KIOSK_SANDBOX: 'off' })).toThrow(REFUSAL);
  });

  it.each([
    ['on', true],
    ['ON', true],
    ['true', true],
    ['1', true],
    ['off', false],
    ['false', false],
    ['0', false],
  ])('reads KIOSK_SANDBOX=%s', (value, sandbox) => {
    const config = loadConfig({
      KIOSK_SANDBOX: value,
      KIOSK_UPSTREAM_URL: 'https://op.example/api/v1',
      KIOSK_API_KEY: 'k',
    });
    expect(config.sandbox).toBe(sandbox);
    expect(config.simulateCardReader).toBe(sandbox);
  });

  it('names KIOSK_SANDBOX when its value is neither on nor off', () => {
    expect(problems({ KIOSK_SANDBOX: 'demo' }).map((p) => p.message)).toEqual([
      'Invalid configuration: KIOSK_SANDBOX must be on or off (or true/false, yes/no, 1/0), got "demo"',
    ]);
  });

  it('runs a demo kiosk against a named operator API when both are given: simulators on, no embedded sandbox', () => {
    const config = loadConfig({
      KIOSK_SANDBOX: 'on',
      KIOSK_UPSTREAM_URL: 'https://staging.example/api/v1',
      KIOSK_API_KEY: 'k',
    });
    expect(config).toMatchObject({
      sandbox: true,
      upstreamUrl: 'https://staging.example/api/v1',
      simulateCardReader: true,
      simulateIdScanner: true,
      simulatePrinter: true,
    });
  });

  it('keeps an explicit KIOSK_SIMULATE_* over the sandbox default, both ways', () => {
    expect(demo({ KIOSK_SIMULATE_CARD_READER: 'off' }).simulateCardReader).toBe(false);
    expect(
      loadConfig({ KIOSK_UPSTREAM_URL: 'https://op.example/api/v1', KIOSK_API_KEY: 'k', KIOSK_SIMULATE_PRINTER: 'on' })
        .simulatePrinter,
    ).toBe(true);
  });
});

describe('unknown settings and every problem at once', () => {
  it('refuses a misspelt KIOSK_ name with the closest known one', () => {
    expect(
      problems({ KIOSK_UPSTREAM_ULR: 'https://op.example/api/v1', KIOSK_SANDBOX: 'on' }).map((p) => p.message),
    ).toEqual(['Invalid configuration: KIOSK_UPSTREAM_ULR is an unknown setting, did you mean KIOSK_UPSTREAM_URL?']);
  });

  it('a misspelt upstream with no sandbox: the typo and the missing operator, both', () => {
    const found = problems({ KIOSK_UPSTREAM_ULR: 'https://op.example/api/v1', KIOSK_API_KEY: 'k' });
    expect(found.map((p) => p.setting)).toEqual(['KIOSK_UPSTREAM_ULR', 'KIOSK_UPSTREAM_URL']);
    expect(found[0]!.message).toContain('did you mean KIOSK_UPSTREAM_URL?');
  });

  it('refuses an unknown name in the JSON file too, and one far from any known name without a guess', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kiosk-config-'));
    const file = join(dir, 'kiosk.json');
    writeFileSync(file, JSON.stringify({ KIOSK_SANDBOX: 'on', KIOSK_FACILTY_ID: 'north', KIOSK_ZEBRA_STRIPES: 'yes' }));
    expect(problems({ KIOSK_CONFIG_FILE: file }).map((p) => p.message)).toEqual([
      'Invalid configuration: KIOSK_FACILTY_ID is an unknown setting, did you mean KIOSK_FACILITY_ID?',
      "Invalid configuration: KIOSK_ZEBRA_STRIPES is an unknown setting (the README's Configuration table lists them all)",
    ]);
  });

  it('ignores names that are not KIOSK_ settings, and accepts the browser unit and build names', () => {
    expect(
      demo({ PATH: '/usr/bin', HOME: '/root', KIOSK_URL: 'http://127.0.0.1:8080/demo', KIOSK_BUILD_COMMIT: 'abc1234' })
        .sandbox,
    ).toBe(true);
  });

  it('reports two bad values and a bad LOG_LEVEL all at once, one line each', () => {
    let thrown: unknown;
    try {
      demo({ KIOSK_PORT: 'eighty', KIOSK_PRINTER_WIDTH: '76', LOG_LEVEL: 'verbose' });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigError);
    expect((thrown as Error).message.split('\n')).toEqual([
      'Invalid configuration: KIOSK_PORT must be a whole number from 0 to 65535, got "eighty"',
      'Invalid configuration: KIOSK_PRINTER_WIDTH must be 80 or 58 (paper width in mm), got "76"',
      'Invalid configuration: LOG_LEVEL must be one of trace, debug, info, warn, error, fatal, silent, got "verbose"',
    ]);
  });

  it("reads LOG_LEVEL when it is one of pino's levels", () => {
    expect(demo({ LOG_LEVEL: 'debug' }).logLevel).toBe('debug');
    expect(demo().logLevel).toBe('info');
  });

  it('knows every setting the README documents, and documents every setting it knows', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const table = readme.slice(readme.indexOf('## Configuration (daemon)'), readme.indexOf('## Decisions'));
    const documented = new Set(
      table
        .split('\n')
        .filter((line) => line.startsWith('| `'))
        .flatMap(
          (line) =>
            line
              .split('|')[1]!
              .match(/\b(?:KIOSK_[A-Z0-9_]+|LOG_LEVEL|HTTPS?_PROXY|NO_PROXY|https?_proxy|no_proxy)\b/g) ?? [],
        ),
    );
    const { known } = examineConfig({ KIOSK_SANDBOX: 'on' });
    expect([...known].sort()).toEqual([...documented].sort());
  });

  describe('the payment terminal (docs/payment-terminal.md)', () => {
    const ca = () => {
      const dir = mkdtempSync(join(tmpdir(), 'kiosk-config-ca-'));
      const file = join(dir, 'ca.pem');
      writeFileSync(file, selfSignedCertificate(['V400m-346403161.test.terminal.adyen.com']).cert);
      return file;
    };
    const facility = {
      KIOSK_UPSTREAM_URL: 'https://operator.invalid/api/v1',
      KIOSK_API_KEY: 'key',
    };

    it('pays on the card reader unless told otherwise, with no terminal and no simulator', () => {
      const config = demo();
      expect(config.payment.mode).toBe('reader');
      expect(config.payment.terminalUrl).toBeNull();
      expect(config.payment.typedEntry).toBe(true);
      expect(config.simulatePaymentTerminal).toBe(false);
    });

    it('simulates the terminal in sandbox mode when one is asked for and none is given', () => {
      const config = demo({ KIOSK_PAYMENT: 'both', KIOSK_PAYMENT_TYPED_ENTRY: 'off' });
      expect(config.simulatePaymentTerminal).toBe(true);
      expect(config.payment.typedEntry).toBe(false);
      expect(demo({ KIOSK_PAYMENT: 'terminal' }).payment.typedEntry).toBe(false);
    });

    it('stops a facility kiosk whose terminal lacks its address, CA or shared key, one line naming the setting', () => {
      expect(() => loadConfig({ ...facility, KIOSK_PAYMENT: 'terminal' })).toThrow(
        /KIOSK_PAYMENT_TERMINAL_URL is required when KIOSK_PAYMENT is terminal/,
      );
      const given = { ...facility, KIOSK_PAYMENT: 'both', KIOSK_PAYMENT_TERMINAL_URL: 'https://10.0.0.7:8443/nexo' };
      expect(() => loadConfig(given)).toThrow(/KIOSK_PAYMENT_TERMINAL_CA is required/);
      expect(() => loadConfig({ ...given, KIOSK_PAYMENT_TERMINAL_CA: ca() })).toThrow(
        /KIOSK_PAYMENT_TERMINAL_KEY_ID is required/,
      );
      const config = loadConfig({
        ...given,
        KIOSK_PAYMENT_TERMINAL_CA: ca(),
        KIOSK_PAYMENT_TERMINAL_KEY_ID: 'kiosk-key',
        KIOSK_PAYMENT_TERMINAL_PASSPHRASE: 'MARKER-terminal-pass-5d1c',
      });
      expect(config.payment).toMatchObject({ mode: 'both', terminalUrl: 'https://10.0.0.7:8443/nexo' });
      expect(config.payment.terminalKey).toEqual({
        identifier: 'kiosk-key',
        version: 1,
        passphrase: 'MARKER-terminal-pass-5d1c',
      });
    });

    it('refuses a bad mode, a plain-http terminal, a POIID that is not model-serial and an unreadable CA', () => {
      expect(() => demo({ KIOSK_PAYMENT: 'cash' })).toThrow(
        'Invalid configuration: KIOSK_PAYMENT must be one of reader, terminal, both, got "cash"',
      );
      expect(() => demo({ KIOSK_PAYMENT_TERMINAL_URL: 'http://10.0.0.7:8443/nexo' })).toThrow(
        /KIOSK_PAYMENT_TERMINAL_URL must be an https URL/,
      );
      expect(() => demo({ KIOSK_PAYMENT_TERMINAL_POI_ID: 'terminal 7' })).toThrow(
        /KIOSK_PAYMENT_TERMINAL_POI_ID must be/,
      );
      expect(() => demo({ KIOSK_PAYMENT_TERMINAL_CA: '/nonexistent/ca.pem' })).toThrow(
        /KIOSK_PAYMENT_TERMINAL_CA must be a readable PEM/,
      );
    });
  });
});

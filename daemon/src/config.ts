import {
  CARD_READER,
  PRIVATE_LISTENING_SETUPS,
  REACH_ZONE_PERCENT,
  SPEECH_VOLUME,
  volumeLevelsDb,
  type PaymentMode,
  type PrivateListeningSetup,
} from '@kiosk/shared-types';
import {
  bool,
  caFile,
  ConfigError,
  decibels,
  devicePath,
  headerName,
  integer,
  logLevel,
  oneOf,
  optionalUrl,
  originList,
  paperWidth,
  positiveNumber,
  printerTarget,
  proxyUrl,
  readFileSource,
  stripEmpty,
  text,
  voice,
  unknownSettings,
  type Source,
} from './config-values.js';

export { ConfigError } from './config-values.js';

/**
 * The daemon's configuration: environment variables, optionally over a JSON file named by
 * KIOSK_CONFIG_FILE (environment wins). Validated at start: every bad value, every unknown KIOSK_*
 * name and a kiosk with neither an operator API nor KIOSK_SANDBOX=on stop the daemon, all reported
 * at once, one line each naming the setting. How each kind of value is read and checked:
 * config-values.ts. The settings the daemon knows are the ones loadConfig() reads, so a new setting
 * is known (and listed by check-config) as soon as it is read here.
 */
export interface DaemonConfig {
  host: string;
  port: number;
  /**
   * KIOSK_SANDBOX: a demo kiosk. Simulated devices by default, and the embedded sandbox as its
   * operator API unless KIOSK_UPSTREAM_URL names another (a staging operator, a shared sandbox).
   * Shown by /health/ready (mode), kiosk_sandbox_mode and the screen's DEMO mark.
   */
  sandbox: boolean;
  /** Operator API base, including its versioned application path. null = embedded sandbox (set by main.ts once it listens). */
  upstreamUrl: string | null;
  apiKey: string;
  facilityId: string;
  /** Header names sent upstream; idempotencyKey goes on every outbox delivery (docs/outbox.md). */
  headerNames: { apiKey: string; date: string; traceId: string; idempotencyKey: string };
  upstreamTimeoutMs: number;
  /** A PEM file of private CA certificates trusted, besides the system's, for the operator API and the logging app. */
  upstreamCaFile: string | null;
  /** Outbound proxies for operator and logging calls (HTTP_PROXY, HTTPS_PROXY, NO_PROXY; outbound.ts). */
  httpProxyUrl: string | null;
  httpsProxyUrl: string | null;
  noProxy: string;
  bodyLimitBytes: number;
  cardReaderUrl: string;
  /** Interval between reader CheckHealth polls. */
  cardReaderPollMs: number;
  /** Bound on one RequestCardSwipe call: WaitTime 45 s plus a margin; a hung reader is abandoned after it. */
  cardReaderTimeoutMs: number;
  /** Receipt printer: `tcp://host:9100` or a device file such as /dev/usb/lp0; null = no printer. */
  printerUrl: string | null;
  /** Paper width in millimetres: 80 (48 columns) or 58 (32 columns). */
  printerWidth: 80 | 58;
  /** Interval between printer status checks. */
  printerPollMs: number;
  /** Bound on one connection step (connect, a status answer) and on a whole job. */
  printerTimeoutMs: number;
  /** Start the printer simulator and print to it (sandbox mode without a printer, or when asked). */
  simulatePrinter: boolean;
  /** Serial driver-licence scanner, e.g. /dev/ttyACM0; null = none (a keyboard-wedge scanner needs no setting). */
  idScannerPath: string | null;
  idScannerBaudRate: number;
  /** Offer POST /device/id/simulate (sandbox mode, or when asked). */
  simulateIdScanner: boolean;
  /** The speech synthesiser: espeak-ng by name on PATH, or a path. */
  speechCommand: string;
  /** espeak-ng voice per kiosk language. */
  speechVoices: { en: string; es: string };
  /** Speaking rate in words per minute. */
  speechRate: number;
  /** Shell command that plays the WAV on its stdin (aplay, paplay, pw-play...). */
  speechPlayCommand: string;
  /** The operator muted the kiosk's own sounds: the idle warning plays no tone (speech a visitor asks for still works). */
  muted: boolean;
  /** The loudest volume level's gain in dB (0: the synthesiser's full output); the levels are 6 dB apart under it. */
  speechVolumeMaxDb: number;
  /** The level every visit starts at, by its gain in dB: one of the levels. */
  speechVolumeDb: number;
  /** How sound reaches the visitor: speaker only, speaker and a headphone jack, or a handset only. */
  speechPrivateListening: PrivateListeningSetup;
  /** Shell command that reports the headphone jack (ALSA's jack control): "values=on" when plugged. */
  speechJackCommand: string;
  /** Shell command that plays to the headphones or handset; null = the play command (the codec mutes the speaker). */
  speechHeadphonePlayCommand: string | null;
  /** The jack is simulated (sandbox mode, or when asked): POST /device/speech/simulate plugs headphones in. */
  simulateHeadphoneJack: boolean;
  logUrl: string | null;
  spoolDir: string;
  spoolMaxBytes: number;
  /** What the kiosk keeps across restarts: the last known facility name and phone (facility-state.ts). */
  stateDir: string;
  logBatchSize: number;
  logBatchMs: number;
  /** First retry delay after a failed ship to the logging app; doubles per failure up to logRetryMaxMs. */
  logRetryBaseMs: number;
  logRetryMaxMs: number;
  /** Bound on one POST of a batch to the logging app. */
  logShipTimeoutMs: number;
  /** The follow-ups of confirmed rentals and payments waiting for the operator (docs/outbox.md). */
  outboxDir: string;
  /** A request that would take the outbox past this many bytes is refused (507); nothing is ever dropped. */
  outboxMaxBytes: number;
  /** First retry delay of an outbox call; doubles per failed attempt up to outboxRetryMaxMs, jittered. */
  outboxRetryBaseMs: number;
  outboxRetryMaxMs: number;
  /**
   * The release stage this kiosk runs in (spec: "Environment setting for the release stage:
   * production"), one of RELEASE_STAGES. Shown by /health/ready and carried by every log line and
   * shipped log entry, so a test or staging kiosk's events are never mistaken for production's.
   */
  releaseStage: ReleaseStage;
  supportHost: string;
  supportPort: number;
  healthToken: string | null;
  /** Directory of the built UI (kiosk-ui/dist). */
  uiDir: string;
  /** Multiplies every session/hold duration; 1 in production, small in tests. Never changes constants. */
  timeScale: number;
  /**
   * Origins the UI may load images, video, frames and uploads from besides itself (the operator's
   * signing, identity-upload and media hosts). The sandbox origin is added automatically.
   */
  contentOrigins: string[];
  /** Extra origins allowed on /events (the daemon's own origin is always allowed). */
  allowedOrigins: string[];
  logLevel: string;
  /**
   * The part of the screen's height, from its bottom edge, a seated visitor reaches (percent), for
   * this kiosk's mounting: "Move controls down" keeps every control inside it (docs/accessibility.md).
   */
  reachZonePercent: number;
  /**
   * Restart the kiosk browser (systemctl restart kiosk-browser.service, allowed by the polkit rule
   * in systemd/) when no UI has been heard for this long; 0 = never (development, tests).
   */
  browserRestartAfterSeconds: number;
  /** Sandbox listener port (only when upstreamUrl is null). 0 = any free port. */
  sandboxPort: number;
  /** Start the card-reader simulator (sandbox mode, or when asked). */
  simulateCardReader: boolean;
  /** The payment terminal and the ways to pay (docs/payment-terminal.md, "Settings"). */
  payment: PaymentSettings;
  /** Start the payment-terminal simulator and pay on it (sandbox mode with KIOSK_PAYMENT terminal or both). */
  simulatePaymentTerminal: boolean;
  /**
   * Origin of the embedded sandbox (http://127.0.0.1:<port>) when it runs, set by main.ts after it
   * listens; the UI's Content-Security-Policy allows its pages (identity, signing) in frames.
   */
  sandboxOrigin?: string | null;
}

/**
 * The origins besides the daemon's own the page may load third-party content from: the sandbox's
 * (offline) and the configured ones. One list for the page's CSP and for the UI (hello), so the UI
 * never tries what the CSP would refuse.
 */
export function pageContentOrigins(config: Pick<DaemonConfig, 'sandboxOrigin' | 'contentOrigins'>): string[] {
  const origins = [config.sandboxOrigin, ...config.contentOrigins].filter((origin): origin is string =>
    Boolean(origin),
  );
  return [...new Set(origins)];
}

export const RELEASE_STAGES = ['production', 'staging', 'development', 'test'] as const;
export type ReleaseStage = (typeof RELEASE_STAGES)[number];

function releaseStage(source: Source): ReleaseStage {
  const value = text(source, 'KIOSK_RELEASE_STAGE', 'production');
  if (!(RELEASE_STAGES as readonly string[]).includes(value)) {
    throw new ConfigError('KIOSK_RELEASE_STAGE', `must be one of ${RELEASE_STAGES.join(', ')}, got "${value}"`);
  }
  return value as ReleaseStage;
}

/** The settings table: each setting read and checked; a bad value throws (examineConfig goes on past it). */
function readSettings(source: Source, defaultUiDir: string): DaemonConfig {
  const sandbox = bool(source, 'KIOSK_SANDBOX', false);
  const upstreamUrl = optionalUrl(source, 'KIOSK_UPSTREAM_URL');
  const facilityId = text(source, 'KIOSK_FACILITY_ID', 'demo');
  if (!/^[A-Za-z0-9_-]+$/.test(facilityId)) {
    throw new ConfigError('KIOSK_FACILITY_ID', `must be letters, digits, - or _, got "${facilityId}"`);
  }
  const apiKey = text(source, 'KIOSK_API_KEY', upstreamUrl === null ? 'sandbox-api-key' : '');
  const supportHost = text(source, 'KIOSK_SUPPORT_HOST', '0.0.0.0');
  const healthToken = text(source, 'KIOSK_HEALTH_TOKEN', '') || null;
  return {
    host: text(source, 'KIOSK_HOST', '127.0.0.1'),
    port: integer(source, 'KIOSK_PORT', 8080, 0, 65535),
    sandbox,
    upstreamUrl,
    apiKey,
    facilityId,
    headerNames: {
      apiKey: headerName(source, 'KIOSK_HEADER_API_KEY', 'x-api-key'),
      date: headerName(source, 'KIOSK_HEADER_DATE', 'x-date'),
      traceId: headerName(source, 'KIOSK_HEADER_TRACE_ID', 'x-trace-id'),
      idempotencyKey: headerName(source, 'KIOSK_HEADER_IDEMPOTENCY_KEY', 'idempotency-key'),
    },
    upstreamTimeoutMs: integer(source, 'KIOSK_UPSTREAM_TIMEOUT_MS', 15_000, 100, 300_000),
    upstreamCaFile: caFile(source, 'KIOSK_UPSTREAM_CA_FILE'),
    httpProxyUrl: proxyUrl(source, 'HTTP_PROXY'),
    httpsProxyUrl: proxyUrl(source, 'HTTPS_PROXY'),
    noProxy: text(source, 'no_proxy', text(source, 'NO_PROXY', '')),
    bodyLimitBytes: integer(source, 'KIOSK_BODY_LIMIT_BYTES', 1_048_576, 1024, 50 * 1_048_576),
    cardReaderUrl: optionalUrl(source, 'KIOSK_CARD_READER_URL') ?? CARD_READER.defaultUrl,
    cardReaderPollMs: integer(source, 'KIOSK_CARD_READER_POLL_MS', 10_000, 100, 3_600_000),
    cardReaderTimeoutMs: integer(source, 'KIOSK_CARD_READER_TIMEOUT_MS', 50_000, 100, 600_000),
    printerUrl: printerTarget(source, 'KIOSK_PRINTER_URL'),
    printerWidth: paperWidth(source, 'KIOSK_PRINTER_WIDTH'),
    printerPollMs: integer(source, 'KIOSK_PRINTER_POLL_MS', 30_000, 100, 3_600_000),
    printerTimeoutMs: integer(source, 'KIOSK_PRINTER_TIMEOUT_MS', 10_000, 100, 120_000),
    simulatePrinter: bool(
      source,
      'KIOSK_SIMULATE_PRINTER',
      sandbox && printerTarget(source, 'KIOSK_PRINTER_URL') === null,
    ),
    idScannerPath: devicePath(source, 'KIOSK_ID_SCANNER_PATH'),
    idScannerBaudRate: integer(source, 'KIOSK_ID_SCANNER_BAUD_RATE', 9600, 1200, 921_600),
    simulateIdScanner: bool(source, 'KIOSK_SIMULATE_ID_SCANNER', sandbox),
    speechCommand: text(source, 'KIOSK_SPEECH_COMMAND', 'espeak-ng'),
    speechVoices: {
      en: voice(source, 'KIOSK_SPEECH_VOICE_EN', 'en-us'),
      es: voice(source, 'KIOSK_SPEECH_VOICE_ES', 'es-419'),
    },
    speechRate: integer(source, 'KIOSK_SPEECH_RATE', 165, 80, 450),
    speechPlayCommand: text(source, 'KIOSK_SPEECH_PLAY_COMMAND', 'aplay -q'),
    muted: bool(source, 'KIOSK_MUTED', false),
    ...speechVolume(source),
    speechPrivateListening: oneOf(source, 'KIOSK_SPEECH_PRIVATE_LISTENING', PRIVATE_LISTENING_SETUPS, 'none'),
    speechJackCommand: text(source, 'KIOSK_SPEECH_JACK_COMMAND', DEFAULT_JACK_COMMAND),
    speechHeadphonePlayCommand: text(source, 'KIOSK_SPEECH_HEADPHONE_PLAY_COMMAND', '') || null,
    simulateHeadphoneJack: bool(source, 'KIOSK_SIMULATE_HEADPHONE_JACK', sandbox),
    logUrl: optionalUrl(source, 'KIOSK_LOG_URL'),
    spoolDir: text(source, 'KIOSK_SPOOL_DIR', 'var/spool'),
    spoolMaxBytes: integer(source, 'KIOSK_SPOOL_MAX_BYTES', 50 * 1_048_576, 1024, 10 * 1024 * 1_048_576),
    stateDir: text(source, 'KIOSK_STATE_DIR', 'var/state'),
    logBatchSize: integer(source, 'KIOSK_LOG_BATCH_SIZE', 50, 1, 10_000),
    logBatchMs: integer(source, 'KIOSK_LOG_BATCH_MS', 2000, 10, 600_000),
    logRetryBaseMs: integer(source, 'KIOSK_LOG_RETRY_BASE_MS', 1000, 1, 600_000),
    logRetryMaxMs: integer(source, 'KIOSK_LOG_RETRY_MAX_MS', 60_000, 1, 3_600_000),
    logShipTimeoutMs: integer(source, 'KIOSK_LOG_SHIP_TIMEOUT_MS', 10_000, 100, 300_000),
    outboxDir: text(source, 'KIOSK_OUTBOX_DIR', 'var/outbox'),
    outboxMaxBytes: integer(source, 'KIOSK_OUTBOX_MAX_BYTES', 20 * 1_048_576, 64 * 1024, 10 * 1024 * 1_048_576),
    outboxRetryBaseMs: integer(source, 'KIOSK_OUTBOX_RETRY_BASE_MS', 1000, 1, 600_000),
    outboxRetryMaxMs: integer(source, 'KIOSK_OUTBOX_RETRY_MAX_MS', 300_000, 1, 3_600_000),
    releaseStage: releaseStage(source),
    supportHost,
    supportPort: integer(source, 'KIOSK_SUPPORT_PORT', 9100, 0, 65535),
    healthToken,
    uiDir: text(source, 'KIOSK_UI_DIR', defaultUiDir),
    timeScale: positiveNumber(source, 'KIOSK_TIME_SCALE', 1),
    contentOrigins: originList(source, 'KIOSK_CONTENT_ORIGINS'),
    allowedOrigins: text(source, 'KIOSK_ALLOWED_ORIGINS', '')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    logLevel: logLevel(source, 'LOG_LEVEL', 'info'),
    reachZonePercent: integer(
      source,
      'KIOSK_REACH_ZONE_PERCENT',
      REACH_ZONE_PERCENT.default,
      REACH_ZONE_PERCENT.min,
      REACH_ZONE_PERCENT.max,
    ),
    browserRestartAfterSeconds: browserRestartAfter(source),
    sandboxPort: integer(source, 'KIOSK_SANDBOX_PORT', 8090, 0, 65535),
    simulateCardReader: bool(source, 'KIOSK_SIMULATE_CARD_READER', sandbox),
    ...paymentSettings(source, sandbox),
    sandboxOrigin: null,
  };
}

/**
 * KIOSK_PAYMENT and the terminal's settings (docs/payment-terminal.md). Every terminal setting is
 * read whatever the mode, so that each is a known name; a terminal the mode needs and that has no
 * address (and no simulator) stops the start.
 */
export interface PaymentSettings {
  mode: PaymentMode;
  /** KIOSK_PAYMENT_TYPED_ENTRY: typed card entry on screen (reader or both only). */
  typedEntry: boolean;
  /** The terminal's nexo endpoint, https://host:8443/nexo; null = no terminal (or the simulator's, set by main.ts). */
  terminalUrl: string | null;
  /** The terminal's POIID (`V400m-346403161`): its answers must carry it, its certificate must name it. */
  terminalPoiId: string;
  /** PEM file of the CA that issued the terminal's certificate (Adyen's terminal CA); null = the simulator's own. */
  terminalCaFile: string | null;
  /** The shared key the nexo messages are encrypted with (NexoCrypto): identifier, version, passphrase (a secret). */
  terminalKey: { identifier: string; version: number; passphrase: string };
  /** The operator takes the terminal's card-on-file token for autopay. */
  terminalAutopay: boolean;
  /** Bound on one Payment request: the visitor's time at the terminal plus the acquirer's answer. */
  terminalTimeoutMs: number;
}

/** The simulator's shared key, used when no key is configured and the simulator plays the terminal. */
export const SIMULATED_TERMINAL_KEY = {
  identifier: 'kiosk-simulator',
  version: 1,
  passphrase: 'simulated-terminal-passphrase',
};
export const SIMULATED_TERMINAL_POI_ID = 'V400m-346403161';

const PAYMENT_MODES = ['reader', 'terminal', 'both'] as const satisfies readonly PaymentMode[];

function paymentSettings(
  source: Source,
  sandbox: boolean,
): { payment: PaymentSettings; simulatePaymentTerminal: boolean } {
  const mode = oneOf(source, 'KIOSK_PAYMENT', PAYMENT_MODES, 'reader');
  const typedEntry = bool(source, 'KIOSK_PAYMENT_TYPED_ENTRY', true);
  const url = optionalUrl(source, 'KIOSK_PAYMENT_TERMINAL_URL');
  if (url !== null && !url.startsWith('https:')) {
    throw new ConfigError(
      'KIOSK_PAYMENT_TERMINAL_URL',
      `must be an https URL (the terminal's certificate is checked), got "${url}"`,
    );
  }
  const poiId = text(source, 'KIOSK_PAYMENT_TERMINAL_POI_ID', SIMULATED_TERMINAL_POI_ID);
  if (!/^[A-Za-z0-9]+-[A-Za-z0-9]+$/.test(poiId)) {
    throw new ConfigError(
      'KIOSK_PAYMENT_TERMINAL_POI_ID',
      `must be the terminal's POIID, model-serial such as V400m-346403161, got "${poiId}"`,
    );
  }
  const caFilePath = caFile(source, 'KIOSK_PAYMENT_TERMINAL_CA');
  const identifier = text(source, 'KIOSK_PAYMENT_TERMINAL_KEY_ID', '');
  const version = integer(source, 'KIOSK_PAYMENT_TERMINAL_KEY_VERSION', 1, 0, 1_000_000);
  const passphrase = text(source, 'KIOSK_PAYMENT_TERMINAL_PASSPHRASE', '');
  const terminalAutopay = bool(source, 'KIOSK_PAYMENT_TERMINAL_AUTOPAY', false);
  const terminalTimeoutMs = integer(source, 'KIOSK_PAYMENT_TERMINAL_TIMEOUT_MS', 150_000, 1000, 600_000);
  const wantsTerminal = mode !== 'reader';
  const simulate = bool(source, 'KIOSK_SIMULATE_PAYMENT_TERMINAL', sandbox && wantsTerminal && url === null);
  if (wantsTerminal && !simulate) {
    if (url === null)
      throw new ConfigError(
        'KIOSK_PAYMENT_TERMINAL_URL',
        `is required when KIOSK_PAYMENT is ${mode} (the terminal's https://host:8443/nexo)`,
      );
    if (caFilePath === null)
      throw new ConfigError(
        'KIOSK_PAYMENT_TERMINAL_CA',
        `is required when KIOSK_PAYMENT is ${mode} (the CA of the terminal's certificate)`,
      );
    if (identifier === '' || passphrase === '')
      throw new ConfigError(
        identifier === '' ? 'KIOSK_PAYMENT_TERMINAL_KEY_ID' : 'KIOSK_PAYMENT_TERMINAL_PASSPHRASE',
        `is required when KIOSK_PAYMENT is ${mode} (the terminal's shared key, set on the terminal too)`,
      );
  }
  const key = identifier === '' && passphrase === '' ? SIMULATED_TERMINAL_KEY : { identifier, version, passphrase };
  return {
    payment: {
      mode,
      typedEntry: mode !== 'terminal' && typedEntry,
      terminalUrl: wantsTerminal ? url : null,
      terminalPoiId: poiId,
      terminalCaFile: caFilePath,
      terminalKey: key,
      terminalAutopay,
      terminalTimeoutMs,
    },
    simulatePaymentTerminal: wantsTerminal && simulate,
  };
}

/** Every problem of a configuration, at once. */
export class InvalidConfiguration extends ConfigError {
  constructor(readonly problems: readonly ConfigError[]) {
    super(problems[0]?.setting ?? '', '');
    this.message = problems.map((problem) => problem.message).join('\n');
  }
}

export interface ConfigExamination {
  /** null when the problems leave nothing to run (the JSON file cannot be read). */
  config: DaemonConfig | null;
  problems: ConfigError[];
  /** Every setting the daemon knows: what loadConfig() reads, and KIOSK_* names read elsewhere. */
  known: Set<string>;
}

/**
 * KIOSK_* names read by other parts than the settings table: the config file's own name, the
 * build commit (build-info.ts), the kiosk browser's unit (systemd/, often in the same shell or
 * file) and the tests' screenshot switch. Accepted, never reported as unknown.
 */
export const SETTINGS_READ_ELSEWHERE = ['KIOSK_CONFIG_FILE', 'KIOSK_BUILD_COMMIT'];
const OTHER_PROGRAMS_SETTINGS = ['KIOSK_URL', 'KIOSK_WAIT_SECONDS', 'KIOSK_DOC_SHOTS'];

/** The settings table, recording each name it reads. */
function readRecorded(source: Source, defaultUiDir: string, read: Set<string>): DaemonConfig {
  const recorder = new Proxy(source, {
    get(target, name) {
      if (typeof name === 'string') read.add(name);
      return target[name as string];
    },
  });
  return readSettings(recorder, defaultUiDir);
}

let tableNames: Set<string> | undefined;
/** The names the settings table reads, in a demo and in a facility's configuration. */
function settingsTableNames(): Set<string> {
  if (tableNames !== undefined) return tableNames;
  const read = new Set<string>();
  for (const example of [
    { KIOSK_SANDBOX: 'on' },
    { KIOSK_UPSTREAM_URL: 'https://operator.invalid/api/v1', KIOSK_API_KEY: 'key' },
  ]) {
    try {
      readRecorded(example, '', read);
    } catch {
      // A default that does not pass its own check is reported when a real configuration is read.
    }
  }
  tableNames = read;
  return read;
}

/** The daemon's settings, with every problem found: bad values, unknown KIOSK_* names, no operator. */
export function examineConfig(env: Source, defaultUiDir = ''): ConfigExamination {
  const known = new Set([...settingsTableNames(), ...SETTINGS_READ_ELSEWHERE]);
  let file: Source;
  try {
    file = readFileSource(env.KIOSK_CONFIG_FILE);
  } catch (error) {
    if (error instanceof ConfigError) return { config: null, problems: [error], known };
    throw error;
  }
  const given: Source = { ...file, ...stripEmpty(env) };
  const accepted = new Set([...known, ...OTHER_PROGRAMS_SETTINGS]);
  const problems: ConfigError[] = [];
  // A bad value is reported, then left out so that it takes its default, until the rest reads clean.
  const remaining: Source = { ...given };
  let config: DaemonConfig | null = null;
  while (config === null) {
    try {
      config = readRecorded(remaining, defaultUiDir, accepted);
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      problems.push(error);
      if (remaining[error.setting] === undefined) break;
      delete remaining[error.setting];
    }
  }
  for (const name of accepted) if (!OTHER_PROGRAMS_SETTINGS.includes(name)) known.add(name);
  problems.unshift(...unknownSettings(Object.keys(given), accepted));
  if (config !== null) problems.push(...operatorProblems(config, problems));
  return { config, problems, known };
}

/** Which operator API the kiosk talks to, once every value has been read. */
function operatorProblems(config: DaemonConfig, found: readonly ConfigError[]): ConfigError[] {
  if (found.some((problem) => ['KIOSK_UPSTREAM_URL', 'KIOSK_SANDBOX'].includes(problem.setting))) return [];
  if (config.upstreamUrl === null && !config.sandbox) {
    return [
      new ConfigError(
        'KIOSK_UPSTREAM_URL',
        "is not set: give KIOSK_UPSTREAM_URL and KIOSK_API_KEY to run against the facility's operator API, " +
          'or KIOSK_SANDBOX=on for a demo on the embedded sandbox (no real rentals or payments)',
      ),
    ];
  }
  if (config.upstreamUrl !== null && config.apiKey === '') {
    return [new ConfigError('KIOSK_API_KEY', 'is required when KIOSK_UPSTREAM_URL is set')];
  }
  return [];
}

/** Build and validate the configuration from the environment (and KIOSK_CONFIG_FILE). */
export function loadConfig(env: Source = process.env, defaultUiDir = ''): DaemonConfig {
  const { config, problems } = examineConfig(env, defaultUiDir);
  if (problems.length > 0 || config === null) throw new InvalidConfiguration(problems);
  return config;
}

/** ALSA's headphone jack control on the first sound card, as most PC codecs name it. */
export const DEFAULT_JACK_COMMAND = "amixer -c 0 cget iface=CARD,name='Headphone Jack'";

/** The loudest level and the default one, which must be one of the levels under it. */
function speechVolume(source: Source): { speechVolumeMaxDb: number; speechVolumeDb: number } {
  const { min, max } = SPEECH_VOLUME.maxDb;
  const maxDb = decibels(source, 'KIOSK_SPEECH_VOLUME_MAX_DB', SPEECH_VOLUME.maxDb.default, min, max);
  const levels = volumeLevelsDb(maxDb);
  // The middle level: 12 dB to go up, 12 dB to go down.
  const middle = levels[Math.floor(levels.length / 2)]!;
  const name = 'KIOSK_SPEECH_VOLUME_DB';
  const given = source[name];
  if (given === undefined || given === '') return { speechVolumeMaxDb: maxDb, speechVolumeDb: middle };
  if (!/^-?\d+$/.test(given.trim()) || !levels.includes(Number(given))) {
    throw new ConfigError(
      name,
      `must be one of the volume levels ${levels.join(', ')} (dB, 6 apart up to KIOSK_SPEECH_VOLUME_MAX_DB), got "${given}"`,
    );
  }
  return { speechVolumeMaxDb: maxDb, speechVolumeDb: Number(given) };
}

/** 0 (never) or at least a minute: a browser needs time to start and send its first heartbeat. */
function browserRestartAfter(source: Source): number {
  const name = 'KIOSK_BROWSER_RESTART_AFTER_SECONDS';
  const seconds = integer(source, name, 0, 0, 86_400);
  if (seconds !== 0 && seconds < 60)
    throw new ConfigError(name, `must be 0 (never) or from 60 to 86400, got "${seconds}"`);
  return seconds;
}

/** Whether the support listener may start: a token is required unless it is bound to loopback. */
export function supportListenerProblem(config: DaemonConfig): string | null {
  const loopback = ['127.0.0.1', '::1', 'localhost'].includes(config.supportHost);
  if (config.healthToken === null && !loopback) {
    return 'KIOSK_HEALTH_TOKEN is required when KIOSK_SUPPORT_HOST is not a loopback address';
  }
  return null;
}

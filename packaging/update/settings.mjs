// The update agent's settings: /etc/storage-kiosk/update.env (the package's conffile), and from the
// daemon's own files what probation needs to reach it (its listeners, facility and support token).
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { parseWindow } from './window.mjs';

/** KEY=value lines of an environment file, quotes removed (systemd's EnvironmentFile= syntax, simply). */
export function envFile(path) {
  let text;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return {};
  }
  const settings = {};
  for (const line of text.split('\n')) {
    const match = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(line);
    if (match) settings[match[1]] = match[2].trim().replace(/^(["'])(.*)\1$/, '$2');
  }
  return settings;
}

function jsonFile(path) {
  try {
    const value = JSON.parse(readFileSync(path, 'utf8'));
    return typeof value === 'object' && value !== null ? value : {};
  } catch {
    return {};
  }
}

function minutes(value, name, fallback) {
  const number = value === undefined || value === '' ? fallback : Number(value);
  if (!(number > 0)) throw new Error(`${name} must be a positive number, got "${value}"`);
  return number;
}

const loopback = (host) => (!host || ['0.0.0.0', '::'].includes(host) ? '127.0.0.1' : host);
const url = (host, port) => `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

/** Every setting, checked; throws naming the first bad one. */
export function loadSettings(conf, env = process.env) {
  const update = { ...envFile(`${conf}/update.env`), ...pick(env) };
  const daemonEnv = envFile(`${conf}/daemon.env`);
  const daemon = {
    ...jsonFile(daemonEnv.KIOSK_CONFIG_FILE || `${conf}/fleet.json`),
    ...daemonEnv,
    ...envFile(`${conf}/secrets.env`),
  };
  const kioskId = update.KIOSK_ID || hostname();
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/.test(kioskId))
    throw new Error(`KIOSK_ID must be letters, digits, . _ -, got "${kioskId}"`);
  return {
    kioskId,
    // Empty: this kiosk is updated some other way (Ansible over a LAN or VPN); the agent does nothing.
    channelUrl: update.KIOSK_UPDATE_CHANNEL_URL ?? '',
    keyring: update.KIOSK_UPDATE_KEYRING || `${conf}/update-keyring.gpg`,
    window: parseWindow(update.KIOSK_UPDATE_WINDOW || '01:00-05:00'),
    probationMs: minutes(update.KIOSK_UPDATE_PROBATION_MINUTES, 'KIOSK_UPDATE_PROBATION_MINUTES', 15) * 60_000,
    checkMs: minutes(update.KIOSK_UPDATE_CHECK_SECONDS, 'KIOSK_UPDATE_CHECK_SECONDS', 60) * 1000,
    probe: {
      supportUrl: url(loopback(daemon.KIOSK_SUPPORT_HOST), daemon.KIOSK_SUPPORT_PORT || 9100),
      uiUrl: url(loopback(daemon.KIOSK_HOST), daemon.KIOSK_PORT || 8080),
      token: daemon.KIOSK_HEALTH_TOKEN || '',
      facility: daemon.KIOSK_FACILITY_ID || 'demo',
      // No browser's heartbeat to wait for where no browser runs (KIOSK_UPDATE_CHECK_BROWSER=no).
      browser: (update.KIOSK_UPDATE_CHECK_BROWSER || 'yes') !== 'no',
    },
  };
}

/** KIOSK_ID and KIOSK_UPDATE_* from the environment win over the file (systemd drop-ins, tests). */
function pick(env) {
  return Object.fromEntries(
    Object.entries(env).filter(([key]) => key === 'KIOSK_ID' || key.startsWith('KIOSK_UPDATE_')),
  );
}

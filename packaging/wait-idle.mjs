#!/usr/bin/env node
// storage-kiosk wait-idle [--timeout SECONDS] [--url SUPPORT_URL] [--token TOKEN] [--every SECONDS] [--journal]
//
// Waits until the kiosk daemon is idle (no visitor session running, no space held: "idle" in
// /health/ready), so that restarting it drops no visitor mid-rental. The package's postinst runs it
// before restarting the daemon after an upgrade or a downgrade. The support listener's address and
// token come from /etc/storage-kiosk/{fleet.json,daemon.env,secrets.env} as the daemon reads them.
// What it waits for is said on stdout and, with --journal (the postinst), in the journal too.
// Exit 0: idle, or no daemon answering (nothing to wait for); 1: still busy when the time was up.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const CONF = process.env.STORAGE_KIOSK_CONF_DIR ?? '/etc/storage-kiosk';
const { values } = parseArgs({
  options: {
    timeout: { type: 'string', default: '600' },
    every: { type: 'string', default: '2' },
    url: { type: 'string' },
    token: { type: 'string' },
    journal: { type: 'boolean', default: false },
  },
});

/** A line on stdout and, with --journal, in the journal (logger, when there is one). */
function say(line) {
  console.log(line);
  if (values.journal) spawnSync('logger', ['-t', 'storage-kiosk', '--', line], { stdio: 'ignore' });
}

/** What keeps the kiosk busy, named: a visitor's session, held spaces, or both. */
function busyWith(state) {
  const held = Number(state.session?.held_spaces ?? 0);
  const parts = [];
  if (state.session?.active) parts.push('a visitor session is running');
  if (held > 0) parts.push(held === 1 ? 'a space is held' : `${held} spaces are held`);
  return parts.length > 0 ? parts.join(' and ') : 'the daemon is not idle';
}
const timeoutSeconds = Number(values.timeout);
const everySeconds = Number(values.every);
if (!(timeoutSeconds >= 0) || !(everySeconds > 0)) {
  console.error('wait-idle: --timeout and --every must be numbers of seconds');
  process.exit(2);
}

/** KEY=value lines of an environment file, quotes removed (systemd's EnvironmentFile= syntax, simply). */
function envFile(path) {
  let text;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return {};
  }
  const settings = {};
  for (const line of text.split('\n')) {
    const match = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(line);
    if (!match) continue;
    settings[match[1]] = match[2].trim().replace(/^(["'])(.*)\1$/, '$2');
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

const env = envFile(`${CONF}/daemon.env`);
const settings = {
  ...jsonFile(env.KIOSK_CONFIG_FILE || `${CONF}/fleet.json`),
  ...env,
  ...envFile(`${CONF}/secrets.env`),
};
const host =
  !settings.KIOSK_SUPPORT_HOST || ['0.0.0.0', '::'].includes(settings.KIOSK_SUPPORT_HOST)
    ? '127.0.0.1'
    : settings.KIOSK_SUPPORT_HOST;
const url = values.url ?? `http://${host.includes(':') ? `[${host}]` : host}:${settings.KIOSK_SUPPORT_PORT || 9100}`;
const token = values.token ?? settings.KIOSK_HEALTH_TOKEN ?? '';

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
const deadline = Date.now() + timeoutSeconds * 1000;
let told = false;
for (;;) {
  let state;
  try {
    const response = await fetch(`${url}/health/ready`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
      signal: AbortSignal.timeout(5000),
    });
    const body = await response.json().catch(() => ({}));
    if (response.status === 401 || response.status === 429)
      state = { unknown: `support listener answered ${response.status}` };
    else if (typeof body.idle !== 'boolean') state = { unknown: 'this daemon does not report whether it is idle' };
    else state = body;
  } catch (error) {
    say(`wait-idle: no daemon answers at ${url} (${error.cause?.code ?? error.message}): nothing to wait for`);
    process.exit(0);
  }
  if (state.unknown) {
    say(`wait-idle: ${state.unknown}: not waiting`);
    process.exit(0);
  }
  if (state.idle) {
    say(told ? 'wait-idle: the kiosk is idle now' : 'wait-idle: the kiosk is idle');
    process.exit(0);
  }
  if (Date.now() >= deadline) {
    say(`wait-idle: still busy after ${timeoutSeconds} s: ${busyWith(state)}`);
    process.exit(1);
  }
  if (!told) {
    say(`wait-idle: waiting up to ${timeoutSeconds} s: ${busyWith(state)}`);
    told = true;
  }
  await sleep(everySeconds * 1000);
}

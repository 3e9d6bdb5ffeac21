#!/usr/bin/env node
// The Debian package, built and installed on this machine (run by npm test after the build, as root
// on Debian; needs no running systemd; alone: `node scripts/package-checks.mjs`). Each is one test:
//   contents         no dev dependency, test file, source map or declaration; size reported
//   lintian          no error, no warning left without an override
//   install          dpkg -i; the daemon started from the installed files (as its user, sandboxed)
//                    answers /health/ready 200 with the package's version; wait-idle waits for a
//                    held space
//   upgrade          a conffile edit and spooled events survive dpkg -i of the next version
//   rollback         the same for dpkg -i of the first version again (a downgrade)
//   purge            dpkg --purge leaves nothing behind
// The package is built once; the next version is the same staged tree re-versioned.
// Refuses to run where storage-kiosk is already installed (a real kiosk), and removes all it made.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildDeb, PACKAGE, packageVersion, reversion, stage } from './package.mjs';

const LIB = '/usr/lib/storage-kiosk';
const CONF = '/etc/storage-kiosk';
const STATE = '/var/lib/storage-kiosk';
/** Names that must never be in the package's node_modules: the build and test tool chain. */
const DEV_MODULES = [
  'typescript',
  'vite',
  'vitest',
  'eslint',
  '@playwright/test',
  'playwright',
  'prettier',
  'jsdom',
  'supertest',
  '@types/node',
  'fast-check',
  'autocannon',
  'react',
  '@vitejs/plugin-react',
];
/** What dpkg --purge must leave no trace of. */
export const PACKAGE_PATHS = [
  LIB,
  CONF,
  STATE,
  '/usr/bin/storage-kiosk',
  '/lib/systemd/system/kiosk-daemon.service',
  '/etc/systemd/system/multi-user.target.wants/kiosk-daemon.service',
  '/etc/systemd/system/kiosk-daemon.service',
  '/etc/chromium/policies/managed/storage-kiosk.json',
  '/usr/share/doc/storage-kiosk',
];

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

export function cmd(command, args, options = {}) {
  const result = spawnSync(command, args, { encoding: 'utf8', timeout: 300_000, ...options });
  return {
    ok: result.status === 0,
    status: result.status,
    output: `${result.stdout ?? ''}${result.stderr ?? ''}${result.error ? result.error.message : ''}`.trim(),
  };
}

/** dpkg -i as apt would run it unattended: keep the operator's conffiles, say what it did. */
export function dpkgInstall(deb) {
  const started = Date.now();
  const result = cmd('dpkg', ['--force-confdef', '--force-confold', '-i', deb], {
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return { ...result, seconds: (Date.now() - started) / 1000 };
}

export function installedVersion() {
  const result = cmd('dpkg-query', ['-W', '-f=${Status} ${Version}', PACKAGE]);
  const match = /install ok installed (\S+)/.exec(result.output);
  return match?.[1] ?? null;
}

/** KEY=value lines of an environment file (as systemd's EnvironmentFile= reads them, simply). */
export function envFile(path) {
  const settings = {};
  if (!existsSync(path)) return settings;
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const match = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(line.trim());
    if (match) settings[match[1]] = match[2].replace(/^(["'])(.*)\1$/, '$2');
  }
  return settings;
}

/**
 * The installed daemon, started as kiosk-daemon.service would start it (its user, its settings
 * files, /usr/bin/node on the installed main.js), with the embedded sandbox and free ports.
 */
export async function startInstalledDaemon(extraEnv = {}) {
  const settings = { ...envFile(`${CONF}/daemon.env`), ...envFile(`${CONF}/secrets.env`) };
  const env = {
    PATH: '/usr/sbin:/usr/bin:/sbin:/bin',
    NODE_ENV: 'production',
    ...settings,
    KIOSK_SANDBOX: 'on',
    KIOSK_PORT: '0',
    KIOSK_SANDBOX_PORT: '0',
    KIOSK_SUPPORT_HOST: '127.0.0.1',
    KIOSK_SUPPORT_PORT: '0',
    KIOSK_CARD_READER_URL: 'http://127.0.0.1:0',
    KIOSK_SIMULATE_PRINTER: 'false',
    KIOSK_SPEECH_COMMAND: '/bin/true',
    LOG_LEVEL: 'warn',
    ...extraEnv,
  };
  const child = spawn(
    'setpriv',
    ['--reuid=kiosk-daemon', '--regid=kiosk-daemon', '--init-groups', '/usr/bin/node', '--max-semi-space-size=8', `${LIB}/daemon/dist/main.js`],
    { cwd: LIB, env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const line = (label) => new RegExp(`^${label}: (\\S+)`, 'm').exec(output)?.[1];
  const deadline = Date.now() + 60_000;
  while (!line('Support')) {
    if (child.exitCode !== null) throw new Error(`the installed daemon exited with ${child.exitCode}:\n${output.slice(-2000)}`);
    if (Date.now() > deadline) throw new Error(`the installed daemon did not start:\n${output.slice(-2000)}`);
    await sleep(100);
  }
  const token = settings.KIOSK_HEALTH_TOKEN;
  const support = line('Support');
  const daemon = {
    url: new URL(line('Kiosk ready')).origin,
    sandboxUrl: line('Sandbox'),
    supportUrl: support,
    token,
    auth: { authorization: `Bearer ${token}` },
    async ready() {
      const response = await fetch(`${support}/health/ready`, { headers: daemon.auth });
      return { status: response.status, body: await response.json() };
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
    output: () => output,
  };
  return daemon;
}

/** Every file of the spool with its checksum. */
function spoolDigest() {
  const dir = `${STATE}/spool`;
  if (!existsSync(dir)) return {};
  return Object.fromEntries(
    readdirSync(dir).map((name) => [name, createHash('sha256').update(readFileSync(join(dir, name))).digest('hex')]),
  );
}

/** Post UI log events while the logging app is down, then stop: they wait in the spool. */
async function spoolEvents(daemon, count, tag) {
  await fetch(`${daemon.sandboxUrl}/__sandbox/logging`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ down: true }),
  });
  for (let i = 0; i < count; i += 1) {
    const response = await fetch(`${daemon.url}/log`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ event_name: `${tag} ${i}`, action: 'test', active_section: 'home' }),
    });
    if (response.status !== 202) throw new Error(`POST /log answered ${response.status}`);
  }
}

/** Paths, the user and dpkg's own records the package may have left. */
export function leftovers() {
  const found = PACKAGE_PATHS.filter((path) => existsSync(path));
  if (cmd('getent', ['passwd', 'kiosk-daemon']).ok) found.push('user kiosk-daemon');
  if (cmd('getent', ['group', 'kiosk-daemon']).ok) found.push('group kiosk-daemon');
  for (const dir of ['/var/lib/systemd/deb-systemd-helper-enabled', '/var/lib/systemd/deb-systemd-helper-masked']) {
    if (!existsSync(dir)) continue;
    const walk = (d) =>
      readdirSync(d, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? walk(join(d, e.name)) : e.name.includes('kiosk') ? [join(d, e.name)] : [],
      );
    found.push(...walk(dir));
  }
  if (cmd('dpkg-query', ['-W', PACKAGE]).ok) found.push(`dpkg still knows ${PACKAGE}`);
  return found;
}

export function purge() {
  return cmd('dpkg', ['--purge', PACKAGE], { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}

/** Checks the package can run here at all: root, dpkg, lintian, setpriv; none installed. */
export function preconditions() {
  if (process.getuid?.() !== 0) return 'needs root (dpkg -i)';
  for (const tool of ['dpkg-deb', 'lintian', 'setpriv']) if (!cmd('which', [tool]).ok) return `needs ${tool}`;
  if (installedVersion() !== null || existsSync(CONF))
    return `${PACKAGE} is installed on this machine already: not touching a real kiosk`;
  return null;
}

/** Build the package once (and its next version, re-versioned): returns the .deb files and the staging. */
export function buildPackages(dir) {
  const { version, commit } = packageVersion();
  const staged = stage({ dir, version, commit });
  const first = buildDeb(staged, join(dir, 'debs'));
  const [major, minor, patch] = version.split('+')[0].split('.').map(Number);
  const nextVersion = `${major}.${minor}.${patch + 1}+g${commit}`;
  const next = buildDeb(reversion(staged, nextVersion), join(dir, 'debs'));
  reversion(staged, version);
  return { staged, first: { deb: first, version }, next: { deb: next, version: nextVersion } };
}

function contentsCheck(deb) {
  const listing = cmd('dpkg-deb', ['-c', deb]).output.split('\n');
  const paths = listing.map((line) => line.split(/\s+/).slice(5).join(' ').replace(/^\.\//, '/').replace(/ -> .*$/, ''));
  const problems = [];
  for (const name of DEV_MODULES) {
    if (paths.some((path) => path.startsWith(`${LIB}/node_modules/${name}/`)))
      problems.push(`dev dependency ${name} in node_modules`);
  }
  const bad = paths.filter((path) => /\.(test|spec)\.[cm]?[jt]sx?$|\.map$|\.d\.ts$|\/(test|tests|__tests__|spec|specs)\//.test(path));
  if (bad.length) problems.push(`test files, maps or declarations: ${bad.slice(0, 5).join(', ')}…`);
  for (const needed of [
    `${LIB}/daemon/dist/main.js`,
    `${LIB}/kiosk-ui/dist/index.html`,
    `${LIB}/scripts/browser-policy.mjs`,
    `${LIB}/build-info.json`,
    '/usr/bin/storage-kiosk',
    '/lib/systemd/system/kiosk-daemon.service',
    '/lib/systemd/system/kiosk-browser.service',
    '/usr/share/polkit-1/rules.d/50-kiosk-browser-restart.rules',
    '/etc/storage-kiosk/daemon.env',
  ])
    if (!paths.includes(needed)) problems.push(`missing ${needed}`);
  const conffiles = cmd('dpkg-deb', ['-I', deb, 'conffiles']).output.split('\n');
  if (!conffiles.includes('/etc/storage-kiosk/daemon.env')) problems.push('daemon.env is not a conffile');
  const control = cmd('dpkg-deb', ['-f', deb, 'Installed-Size']).output;
  const size = statSync(deb).size;
  return {
    ok: problems.length === 0,
    detail:
      problems.join('\n') ||
      `${(size / 1_048_576).toFixed(1)} MB .deb, ${(Number(control) / 1024).toFixed(1)} MB installed, ${paths.length} entries`,
    size,
    installedKiB: Number(control),
  };
}

function lintianCheck(deb) {
  const result = cmd('lintian', ['--suppress-tags', 'running-with-root-privileges', deb]);
  const lines = result.output.split('\n').filter((line) => /^[EW]: /.test(line));
  return { ok: lines.length === 0, detail: lines.join('\n') || 'no errors, no warnings (overrides apply)' };
}

export async function runPackageChecks({ dir: givenDir, keep = false } = {}) {
  const results = [];
  const timeline = [];
  const problem = preconditions();
  if (problem) return { results: [{ name: 'Debian package checks', ok: false, detail: problem }], timeline };
  const dir = givenDir ?? mkdtempSync(join(tmpdir(), 'kiosk-deb-'));
  let daemon;
  const step = async (name, body) => {
    try {
      const detail = await body();
      results.push({ name, ok: true, detail });
    } catch (error) {
      results.push({ name, ok: false, detail: error.message });
      throw error;
    }
  };
  let built;
  try {
    const started = Date.now();
    built = buildPackages(dir);
    timeline.push(['build both packages', (Date.now() - started) / 1000]);
    const contents = contentsCheck(built.first.deb);
    results.push({ name: `package contents (${contents.detail})`, ...contents });
    results.push({ name: 'lintian', ...lintianCheck(built.first.deb) });

    await step('install: dpkg -i, ready 200 with the package version, wait-idle waits for a held space', async () => {
      const install = dpkgInstall(built.first.deb);
      timeline.push(['install (dpkg -i)', install.seconds]);
      if (!install.ok) throw new Error(`dpkg -i failed:\n${install.output}`);
      const shown = cmd('storage-kiosk', ['version']).output;
      if (shown !== built.first.version) throw new Error(`storage-kiosk version says ${shown}, not ${built.first.version}`);
      daemon = await startInstalledDaemon();
      const ready = await daemon.ready();
      if (ready.status !== 200 || ready.body.version !== built.first.version)
        throw new Error(`ready ${ready.status} version ${ready.body.version} (want 200, ${built.first.version})`);
      const metrics = await (await fetch(`${daemon.supportUrl}/metrics`, { headers: daemon.auth })).text();
      if (!metrics.includes(`kiosk_build_info{version="${built.first.version}"`))
        throw new Error('kiosk_build_info does not show the package version');
      // A held space: wait-idle (what the postinst runs before a restart) keeps waiting.
      const hold = await fetch(`${daemon.url}/session/holds`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ facility_id: 'demo', space_id: '1042', hold_token: 'hold-token-1' }),
      });
      if (hold.status !== 201) throw new Error(`registering a hold answered ${hold.status}`);
      const waitArgs = ['wait-idle', '--url', daemon.supportUrl, '--token', daemon.token, '--every', '0.2'];
      const busy = cmd('storage-kiosk', [...waitArgs, '--timeout', '1']);
      if (busy.status !== 1 || !/held spaces: 1/.test(busy.output))
        throw new Error(`wait-idle with a held space: exit ${busy.status}: ${busy.output}`);
      await fetch(`${daemon.url}/session/holds/1042`, { method: 'DELETE' });
      const idle = cmd('storage-kiosk', [...waitArgs, '--timeout', '5']);
      if (!idle.ok) throw new Error(`wait-idle once released: exit ${idle.status}: ${idle.output}`);
      return `${built.first.version} ready; wait-idle: "${busy.output.split('\n').pop()}", then "${idle.output}"`;
    });

    // The operator's edit of a conffile, and events waiting in the spool.
    writeFileSync(`${CONF}/daemon.env`, `${readFileSync(`${CONF}/daemon.env`, 'utf8')}KIOSK_LOG_BATCH_SIZE=77\n`);
    const token = envFile(`${CONF}/secrets.env`).KIOSK_HEALTH_TOKEN;
    const kept = (what) => {
      const problems = [];
      if (envFile(`${CONF}/daemon.env`).KIOSK_LOG_BATCH_SIZE !== '77') problems.push('the daemon.env edit is gone');
      if (envFile(`${CONF}/secrets.env`).KIOSK_HEALTH_TOKEN !== token) problems.push('the support token changed');
      const now = spoolDigest();
      if (JSON.stringify(now) !== JSON.stringify(what)) problems.push(`spool changed: ${JSON.stringify(what)} → ${JSON.stringify(now)}`);
      return problems;
    };

    for (const [name, target] of [
      ['upgrade', built.next],
      ['rollback (downgrade to the first version)', built.first],
    ]) {
      await step(`${name}: conffile edit and spool kept, ready 200 with ${target.version}`, async () => {
        await spoolEvents(daemon, 5, name);
        await daemon.stop();
        const spool = spoolDigest();
        if (Object.keys(spool).length === 0) throw new Error('no spool file after posting events with the logging app down');
        const result = dpkgInstall(target.deb);
        timeline.push([`${name} (dpkg -i)`, result.seconds]);
        if (!result.ok) throw new Error(`dpkg -i failed:\n${result.output}`);
        const problems = kept(spool);
        if (problems.length) throw new Error(problems.join('; '));
        daemon = await startInstalledDaemon();
        const ready = await daemon.ready();
        if (ready.status !== 200 || ready.body.version !== target.version)
          throw new Error(`ready ${ready.status} version ${ready.body.version} (want 200, ${target.version})`);
        return `${Object.keys(spool).length} spool file(s) byte-identical, ${installedVersion()} running`;
      });
    }
    await daemon.stop();
    daemon = undefined;

    await step('purge: nothing left behind', async () => {
      const started = Date.now();
      const result = purge();
      timeline.push(['purge (dpkg --purge)', (Date.now() - started) / 1000]);
      if (!result.ok) throw new Error(`dpkg --purge failed:\n${result.output}`);
      const left = leftovers();
      if (left.length) throw new Error(`left behind: ${left.join(', ')}`);
      return 'no file, user, unit link or dpkg record left';
    });
  } catch {
    // the failed step is in the results
  } finally {
    await daemon?.stop();
    if (installedVersion() !== null || existsSync(CONF)) purge();
    if (!keep && !givenDir) rmSync(dir, { recursive: true, force: true });
  }
  return { results, timeline, built };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { results, timeline } = await runPackageChecks();
  for (const result of results) {
    console.log(`${result.ok ? '✓' : '✗'} ${result.name}`);
    console.log(result.detail.replace(/^/gm, '    '));
  }
  console.log('timeline (s):', timeline.map(([what, s]) => `${what} ${s.toFixed(1)}`).join('; '));
  process.exit(results.every((result) => result.ok) ? 0 : 1);
}

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
//   planted link     a state directory the daemon's user replaced with a link to a directory of
//                    root's: an upgrade and a purge leave that directory's owner and mode as they
//                    were, and the upgrade says on stderr that it left the link alone
//   purge            dpkg --purge leaves nothing behind
//   ansible          ops/ansible/rollout.yml against this machine (connection: local) from an APT
//                    repository made with dpkg-scanpackages: the release passes the health gate; a
//                    release whose daemon never gets ready is rolled back and reported
//   agent            Prometheus in agent mode remote-writing to a central one (scripts/agent-check.mjs)
// The package is built once; the next version is the same staged tree re-versioned.
// Refuses to run where storage-kiosk is already installed (a real kiosk), and removes all it made.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runAgentCheck } from './agent-check.mjs';
import { freePort } from './lib/fleet.mjs';
import { ROOT } from './lib/setup.mjs';
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
  '/lib/systemd/system/kiosk-prometheus-agent.service',
  '/lib/systemd/system/storage-kiosk-update.service',
  '/lib/systemd/system/storage-kiosk-update-boot.service',
  '/lib/systemd/system/storage-kiosk-update.timer',
  '/etc/systemd/system/timers.target.wants/storage-kiosk-update.timer',
  '/etc/systemd/system/multi-user.target.wants/storage-kiosk-update-boot.service',
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
    stderr: result.stderr ?? '',
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
    [
      '--reuid=kiosk-daemon',
      '--regid=kiosk-daemon',
      '--init-groups',
      '/usr/bin/node',
      '--max-semi-space-size=8',
      `${LIB}/daemon/dist/main.js`,
    ],
    { cwd: LIB, env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const line = (label) => new RegExp(`^${label}: (\\S+)`, 'm').exec(output)?.[1];
  const deadline = Date.now() + 60_000;
  while (!line('Support')) {
    if (child.exitCode !== null)
      throw new Error(`the installed daemon exited with ${child.exitCode}:\n${output.slice(-2000)}`);
    if (Date.now() > deadline) throw new Error(`the installed daemon did not start:\n${output.slice(-2000)}`);
    await sleep(100);
  }
  const token = settings.KIOSK_HEALTH_TOKEN;
  const support = line('Support');
  const { KIOSK_PAGE_HEADER, KIOSK_PAGE_HEADER_VALUE } = await import(
    new URL('../shared-types/dist/events.js', import.meta.url).href
  );
  const daemon = {
    url: new URL(line('Kiosk ready')).origin,
    sandboxUrl: line('Sandbox'),
    supportUrl: support,
    token,
    auth: { authorization: `Bearer ${token}` },
    /** The header the kiosk's own page sends: the daemon refuses its calls without it (docs/security.md). */
    page: { [KIOSK_PAGE_HEADER]: KIOSK_PAGE_HEADER_VALUE },
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
    readdirSync(dir).map((name) => [
      name,
      createHash('sha256')
        .update(readFileSync(join(dir, name)))
        .digest('hex'),
    ]),
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
      headers: { 'content-type': 'application/json', ...daemon.page },
      body: JSON.stringify({ event_name: `${tag} ${i}`, action: 'test', active_section: 'home' }),
    });
    if (response.status !== 202) throw new Error(`POST /log answered ${response.status}`);
  }
}

/** A command as the daemon's user: what a compromised daemon could do. */
function asDaemonUser(command, args) {
  return cmd('setpriv', ['--reuid=kiosk-daemon', '--regid=kiosk-daemon', '--init-groups', command, ...args], {
    cwd: '/',
  });
}

/**
 * The daemon's user owns /var/lib/storage-kiosk, so it can swap one of its directories for a link
 * to any directory of root's. The maintainer scripts run as root at the next upgrade or purge: a
 * chown or chmod that followed the link would hand root's directory to the daemon's user. The first
 * version is installed when this starts and again when it ends.
 */
export function plantedLinkCheck(built) {
  const target = mkdtempSync('/root/kiosk-planted-link-target-');
  writeFileSync(join(target, 'root-only'), "not the daemon user's\n");
  const link = `${STATE}/state`;
  const describe = (stat) => `${stat.uid}:${stat.gid} ${(stat.mode & 0o7777).toString(8)}`;
  const before = describe(statSync(target));
  try {
    const plant = asDaemonUser('sh', ['-c', 'rm -rf "$1" && ln -s "$2" "$1"', 'sh', link, target]);
    if (!plant.ok || !lstatSync(link).isSymbolicLink())
      throw new Error(`the daemon's user could not plant ${link} -> ${target}: ${plant.output}`);

    const upgrade = dpkgInstall(built.next.deb);
    if (!upgrade.ok) throw new Error(`dpkg -i ${built.next.version} failed:\n${upgrade.output}`);
    const problems = [];
    if (describe(statSync(target)) !== before)
      problems.push(`the upgrade changed ${target} from ${before} to ${describe(statSync(target))}`);
    if (!lstatSync(link).isSymbolicLink()) problems.push(`the upgrade replaced the link ${link}`);
    const said = upgrade.stderr.split('\n').find((line) => line.includes(`${link} is a symbolic link`));
    if (!said) problems.push(`the upgrade said nothing about ${link} on stderr:\n${upgrade.output}`);
    for (const dir of [STATE, `${STATE}/spool`, `${STATE}/outbox`]) {
      const owner = cmd('stat', ['-c', '%U:%G %a', dir]).output;
      if (owner !== 'kiosk-daemon:kiosk-daemon 700') problems.push(`${dir} is ${owner} after the upgrade`);
    }

    const purged = purge();
    if (!purged.ok) problems.push(`dpkg --purge failed:\n${purged.output}`);
    if (!existsSync(join(target, 'root-only')) || describe(statSync(target)) !== before)
      problems.push(`the purge changed or emptied ${target}`);
    if (problems.length) throw new Error(problems.join('\n'));

    const again = dpkgInstall(built.first.deb);
    if (!again.ok) throw new Error(`dpkg -i ${built.first.version} after the purge failed:\n${again.output}`);
    return `${target} still ${before} after the upgrade and the purge; the upgrade said:\n${said.trim()}`;
  } finally {
    rmSync(target, { recursive: true, force: true });
  }
}

/** Paths, the user and dpkg's own records the package may have left. */
/** The browser policy's directories: the postinst makes them, a purge removes them when they are its own. */
const POLICY_DIRS = ['/etc/chromium/policies/managed', '/etc/chromium/policies'];

/** What a purge left; `keptDirs`: those of POLICY_DIRS that were there before the package. */
export function leftovers(keptDirs = []) {
  const found = PACKAGE_PATHS.filter((path) => existsSync(path));
  found.push(...POLICY_DIRS.filter((dir) => !keptDirs.includes(dir) && existsSync(dir)));
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
  // A release whose daemon never becomes ready: what the rollout's health gate must catch.
  const brokenVersion = `${major}.${minor}.${patch + 2}+g${commit}`;
  const main = join(staged.root, LIB.slice(1), 'daemon/dist/main.js');
  const good = readFileSync(main);
  writeFileSync(main, "#!/usr/bin/env node\nconsole.error('this release cannot start');\nprocess.exit(1);\n");
  const broken = buildDeb(reversion(staged, brokenVersion), join(dir, 'debs'));
  writeFileSync(main, good);
  reversion(staged, version);
  return {
    staged,
    first: { deb: first, version },
    next: { deb: next, version: nextVersion },
    broken: { deb: broken, version: brokenVersion },
  };
}

function contentsCheck(deb) {
  const listing = cmd('dpkg-deb', ['-c', deb]).output.split('\n');
  const paths = listing.map((line) =>
    line
      .split(/\s+/)
      .slice(5)
      .join(' ')
      .replace(/^\.\//, '/')
      .replace(/ -> .*$/, ''),
  );
  const problems = [];
  for (const name of DEV_MODULES) {
    if (paths.some((path) => path.startsWith(`${LIB}/node_modules/${name}/`)))
      problems.push(`dev dependency ${name} in node_modules`);
  }
  const bad = paths.filter((path) =>
    /\.(test|spec)\.[cm]?[jt]sx?$|\.map$|\.d\.ts$|\/(test|tests|__tests__|spec|specs)\//.test(path),
  );
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
    '/etc/storage-kiosk/prometheus-agent.yml',
    '/lib/systemd/system/kiosk-prometheus-agent.service',
    '/lib/systemd/system/storage-kiosk-update.service',
    '/lib/systemd/system/storage-kiosk-update-boot.service',
    '/lib/systemd/system/storage-kiosk-update.timer',
    '/etc/storage-kiosk/update.env',
    `${LIB}/update/main.mjs`,
    `${LIB}/update/agent.mjs`,
  ])
    if (!paths.includes(needed)) problems.push(`missing ${needed}`);
  if (paths.some((path) => path.startsWith(`${LIB}/update/`) && path.endsWith('.test.mjs')))
    problems.push('a test file of the update agent is in the package');
  const conffiles = cmd('dpkg-deb', ['-I', deb, 'conffiles']).output.split('\n');
  for (const file of ['daemon.env', 'update.env'])
    if (!conffiles.includes(`/etc/storage-kiosk/${file}`)) problems.push(`${file} is not a conffile`);
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

const ANSIBLE_DIR = join(ROOT, 'ops/ansible');
const APT_LIST = '/etc/apt/sources.list.d/storage-kiosk.list';

function ansible(args, extraEnv = {}) {
  const started = Date.now();
  const result = cmd('ansible-playbook', args, {
    cwd: ANSIBLE_DIR,
    env: {
      ...process.env,
      ANSIBLE_CONFIG: join(ANSIBLE_DIR, 'ansible.cfg'),
      ANSIBLE_NOCOLOR: '1',
      ANSIBLE_LOCALHOST_WARNING: 'false',
      ANSIBLE_INVENTORY_UNPARSED_WARNING: 'false',
      ...extraEnv,
    },
    timeout: 600_000,
  });
  return { ...result, seconds: (Date.now() - started) / 1000 };
}

/**
 * The rollout against this machine (connection: local) from an APT repository made here with
 * dpkg-scanpackages: the first release passes the gate; a release whose daemon never gets ready is
 * rolled back to the first, named in the output, and fails the run.
 */
async function ansibleChecks(dir, built, results, timeline) {
  const repo = join(dir, 'apt');
  mkdirSync(repo, { recursive: true });
  // apt reads the repository as its own user (_apt).
  chmodSync(dir, 0o755);
  chmodSync(repo, 0o755);
  for (const { deb } of [built.first, built.broken]) copyFileSync(deb, join(repo, deb.split('/').pop()));
  const scan = cmd('dpkg-scanpackages', ['--multiversion', '.', '/dev/null'], { cwd: repo });
  if (!scan.ok) throw new Error(`dpkg-scanpackages: ${scan.output}`);
  writeFileSync(
    join(repo, 'Packages'),
    `${scan.output
      .split('\n')
      .filter((l) => !l.startsWith('dpkg-scanpackages:'))
      .join('\n')}\n`,
  );

  const pidFile = join(dir, 'daemon.pid');
  const restart = join(dir, 'restart-daemon.sh');
  // The lab's service manager: stop the running daemon, start the installed one as its unit would.
  writeFileSync(
    restart,
    `#!/bin/sh
[ -f ${pidFile} ] && kill "$(cat ${pidFile})" 2>/dev/null && for i in $(seq 150); do kill -0 "$(cat ${pidFile})" 2>/dev/null || break; sleep 0.1; done
set -a; . ${CONF}/daemon.env; . ${CONF}/secrets.env; set +a
export NODE_ENV=production
cd ${LIB}
setpriv --reuid=kiosk-daemon --regid=kiosk-daemon --init-groups /usr/bin/node --max-semi-space-size=8 ${LIB}/daemon/dist/main.js > ${dir}/daemon.log 2>&1 < /dev/null &
echo $! > ${pidFile}
`,
  );
  chmodSync(restart, 0o755);
  const [uiPort, supportPort] = [await freePort(), await freePort()];
  const token = 'lab-kiosk-support-token-0123456789';
  const inventory = join(dir, 'inventory.yml');
  writeFileSync(
    inventory,
    JSON.stringify({
      kiosks: {
        hosts: {
          'lab-kiosk': {
            ansible_connection: 'local',
            ansible_python_interpreter: '/usr/bin/python3',
            kiosk_facility_id: 'demo',
            kiosk_name: 'lab-kiosk',
            kiosk_health_token: token,
          },
        },
        vars: {
          storage_kiosk_source: 'apt',
          storage_kiosk_apt_repo: `deb [trusted=yes] file:${repo} ./`,
          storage_kiosk_service_manager: 'command',
          storage_kiosk_restart_command: restart,
          storage_kiosk_restart_wait: 5,
          storage_kiosk_gate_retries: 10,
          storage_kiosk_gate_delay: 2,
          storage_kiosk_os_updates: false,
          storage_kiosk_remote_write_password: 'lab-password',
          kiosk_card_reader_url: 'http://127.0.0.1:0',
          kiosk_support_port: supportPort,
          kiosk_settings: {
            KIOSK_SANDBOX: 'on',
            KIOSK_PORT: uiPort,
            KIOSK_SANDBOX_PORT: 0,
            KIOSK_SIMULATE_PRINTER: 'false',
            KIOSK_SPEECH_COMMAND: '/bin/true',
            LOG_LEVEL: 'warn',
          },
        },
      },
    }),
  );
  const ready = async () => {
    const response = await fetch(`http://127.0.0.1:${supportPort}/health/ready`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return { status: response.status, version: (await response.json()).version };
  };
  const stopDaemon = () => {
    if (existsSync(pidFile)) cmd('sh', ['-c', `kill $(cat ${pidFile}) 2>/dev/null; sleep 1`]);
  };
  try {
    results.push({
      name: 'ansible-playbook --syntax-check',
      ...ansible(['-i', inventory, 'rollout.yml', '--syntax-check']),
    });
    if (existsSync('/usr/bin/ansible-lint')) {
      const lint = cmd('ansible-lint', ['--offline', '-q', 'rollout.yml', 'roles/storage_kiosk'], { cwd: ANSIBLE_DIR });
      results.push({ name: 'ansible-lint', ok: lint.ok, detail: lint.output || 'clean' });
    }
    const canary = ansible(['-i', inventory, 'rollout.yml', '-e', `storage_kiosk_version=${built.first.version}`]);
    timeline.push(['ansible rollout, first install from APT + gate', canary.seconds]);
    const first = canary.ok ? await ready() : { status: 0 };
    results.push({
      name: `ansible rollout: ${built.first.version} from the APT repository passes the health gate`,
      ok:
        canary.ok &&
        first.status === 200 &&
        first.version === built.first.version &&
        installedVersion() === built.first.version,
      detail: canary.output
        .split('\n')
        .filter((line) => /^(PLAY|TASK|ok|changed|fatal|lab-kiosk)/.test(line))
        .join('\n'),
      output: canary.output,
    });
    const bad = ansible(['-i', inventory, 'rollout.yml', '-e', `storage_kiosk_version=${built.broken.version}`]);
    timeline.push(['ansible rollout of a broken release, gate fails, rollback', bad.seconds]);
    const after = await ready().catch(() => ({ status: 0 }));
    const reported = /ROLLBACK kiosk lab-kiosk[\s\S]*Rolled back to/.test(bad.output);
    results.push({
      name: `ansible rollout: ${built.broken.version} fails the gate, is rolled back to ${built.first.version} and reported`,
      ok:
        !bad.ok &&
        reported &&
        installedVersion() === built.first.version &&
        after.status === 200 &&
        after.version === built.first.version,
      detail: `exit ${bad.status}; installed ${installedVersion()}; ready ${after.status} ${after.version}\n${bad.output
        .split('\n')
        .filter((line) => /ROLLBACK|PLAY RECAP|lab-kiosk +:/.test(line))
        .join('\n')}`,
      output: bad.output,
    });
  } finally {
    stopDaemon();
    rmSync(APT_LIST, { force: true });
  }
}

export async function runPackageChecks({ dir: givenDir, keep = false } = {}) {
  const results = [];
  const timeline = [];
  const problem = preconditions();
  if (problem) {
    return {
      results: [{ name: 'Debian package checks', ok: false, detail: problem }, await runAgentCheck()],
      timeline,
    };
  }
  const dir = givenDir ?? mkdtempSync(join(tmpdir(), 'kiosk-deb-'));
  const policyDirsBefore = POLICY_DIRS.filter((path) => existsSync(path));
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
      if (shown !== built.first.version)
        throw new Error(`storage-kiosk version says ${shown}, not ${built.first.version}`);
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
        headers: { 'content-type': 'application/json', ...daemon.page },
        body: JSON.stringify({ facility_id: 'demo', space_id: '1042', hold_token: 'hold-token-1' }),
      });
      if (hold.status !== 201) throw new Error(`registering a hold answered ${hold.status}`);
      const waitArgs = ['wait-idle', '--url', daemon.supportUrl, '--token', daemon.token, '--every', '0.2'];
      const busy = cmd('storage-kiosk', [...waitArgs, '--timeout', '1']);
      if (busy.status !== 1 || !/a space is held/.test(busy.output))
        throw new Error(`wait-idle with a held space: exit ${busy.status}: ${busy.output}`);
      await fetch(`${daemon.url}/session/holds/1042`, { method: 'DELETE', headers: daemon.page });
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
      if (JSON.stringify(now) !== JSON.stringify(what))
        problems.push(`spool changed: ${JSON.stringify(what)} → ${JSON.stringify(now)}`);
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
        if (Object.keys(spool).length === 0)
          throw new Error('no spool file after posting events with the logging app down');
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

    await step("planted link: upgrade and purge follow no link the daemon's user put in its state directory", () =>
      plantedLinkCheck(built),
    );

    await step('purge: nothing left behind', async () => {
      const started = Date.now();
      const result = purge();
      timeline.push(['purge (dpkg --purge)', (Date.now() - started) / 1000]);
      if (!result.ok) throw new Error(`dpkg --purge failed:\n${result.output}`);
      const left = leftovers(policyDirsBefore);
      if (left.length) throw new Error(`left behind: ${left.join(', ')}`);
      return 'no file, user, unit link or dpkg record left';
    });

    try {
      await ansibleChecks(dir, built, results, timeline);
    } catch (error) {
      results.push({ name: 'ansible rollout', ok: false, detail: error.message });
    }
    purge();
  } catch {
    // the failed step is in the results
  } finally {
    await daemon?.stop();
    if (installedVersion() !== null || existsSync(CONF)) purge();
    rmSync(APT_LIST, { force: true });
    if (!keep && !givenDir) rmSync(dir, { recursive: true, force: true });
  }
  results.push(await runAgentCheck());
  return { results, timeline, built };
}

/** Print each check (its detail too: the figures are part of the report) and the timeline; returns the results. */
export function printPackageChecks({ results, timeline }) {
  for (const result of results) {
    console.log(`${result.ok ? '✓' : '✗'} ${result.name}`);
    if (result.detail) console.log(result.detail.replace(/^/gm, '    '));
  }
  console.log(`timeline (s): ${timeline.map(([what, seconds]) => `${what} ${seconds.toFixed(1)}`).join('; ')}`);
  return results;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const results = printPackageChecks(await runPackageChecks());
  process.exit(results.every((result) => result.ok) ? 0 : 1);
}

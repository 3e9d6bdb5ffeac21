#!/usr/bin/env node
// The update agent live, under Debian 13's own systemd in a container (run by npm test after the
// package checks, as root; alone: `node scripts/update-checks.mjs [--keep] [--only NAME]`).
// A trixie root made once with debootstrap (cached in /var/cache/storage-kiosk-tests, with the
// built releases) boots under systemd-nspawn --private-network, one overlay per walk. Inside, on
// 127.0.0.1:8077, a central place serves a signed APT repository with three releases of the
// package (1.0.0; 1.0.1; 1.0.2, whose daemon exits a set time after it starts) and a channel file
// signed with a throwaway key. Each walk prints its timeline in seconds:
//   pull       a kiosk on 1.0.0 pulls 1.0.1, passes probation and commits
//   revert     1.0.2's daemon dies during probation: 1.0.1 is reinstalled, the failure reported,
//              and 1.0.2 is not tried again while the channel names it
//   bad        an unsigned, a badly signed, an unparsable, a replayed channel file and one naming a
//              release the repository lacks: each changes nothing and is reported
//   plug-download / plug-unpack / plug-configure / plug-probation
//              the container killed (every process at once) mid-download, with dpkg frozen
//              mid-unpack and mid-configure, and on probation: the next boot serves one whole
//              release (inside dpkg: the boot step finishes or undoes the install before the
//              daemon starts), and the update ends committed
// Skips with one line when not root or no container can be booted here.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { baseRoot, CACHE, Container, containerPreconditions, sh } from './lib/container.mjs';
import { ROOT } from './lib/setup.mjs';
import { buildDeb, reversion, stage } from './package.mjs';

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
const LIB = 'usr/lib/storage-kiosk';
const KIOSK_ID = 'walk-kiosk-01';
const CENTRAL = 'http://127.0.0.1:8077';
/** The three releases of the walks, and when 1.0.2's daemon exits after it starts. */
export const RELEASES = { first: '1.0.0', next: '1.0.1', dying: '1.0.2' };
export const DIES_AFTER_SECONDS = 25;
/** Probation in the walks: one minute, checked every 10 s (a kiosk's default: 15 minutes, every minute). */
const PROBATION_MINUTES = 1;
const CHECK_SECONDS = 10;

/** A hash of everything a release is made of: the built output, the packaging, the lockfile. */
function buildKey() {
  const hash = createHash('sha256');
  const add = (path) => {
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const name of readdirSync(path).sort()) add(join(path, name));
      return;
    }
    hash.update(path.slice(ROOT.length));
    hash.update(readFileSync(path));
  };
  for (const path of [
    'daemon/dist',
    'shared-types/dist',
    'kiosk-ui/dist',
    'packaging',
    'systemd',
    'scripts/package.mjs',
    'scripts/browser-policy.mjs',
    'package-lock.json',
    'CHANGELOG.md',
    'docs/fleet.md',
    'docs/updates.md',
  ])
    add(join(ROOT, path));
  hash.update(String(DIES_AFTER_SECONDS));
  return hash.digest('hex').slice(0, 16);
}

/**
 * The walks' releases, built once per content (cached under CACHE/debs/<key>): the package staged
 * from this tree, versioned 1.0.0 and 1.0.1, and 1.0.2 whose daemon exits DIES_AFTER_SECONDS after
 * it starts (a release that passes the install and breaks in service). Plus a stand-in for
 * Debian's chromium, which the package depends on and which cannot run without a display.
 */
export function buildReleases({ log = () => {} } = {}) {
  const key = buildKey();
  const dir = join(CACHE, 'debs', key);
  const names = [
    ...Object.values(RELEASES).map((version) => `storage-kiosk_${version}_amd64.deb`),
    'chromium_0~walk_all.deb',
  ];
  if (names.every((name) => existsSync(join(dir, name)))) return { dir, cached: true, key };
  log(`building the walks' releases (${key}), kept in ${dir} for the next runs`);
  rmSync(join(CACHE, 'debs'), { recursive: true, force: true });
  const work = mkdtempSync(join(tmpdir(), 'kiosk-walk-build-'));
  const building = `${dir}.building`;
  try {
    const commit = sh('git', ['rev-parse', '--short=12', 'HEAD'], { cwd: ROOT }).stdout.trim() || 'unknown';
    const staged = stage({ dir: work, version: RELEASES.first, commit });
    buildDeb(staged, building, { compression: 'gzip' });
    buildDeb(reversion(staged, RELEASES.next), building, { compression: 'gzip' });
    const main = join(staged.root, LIB, 'daemon/dist/main.js');
    const good = readFileSync(main, 'utf8');
    const [shebang, ...rest] = good.split('\n');
    writeFileSync(
      main,
      [
        shebang,
        `// A release of the update walks that breaks in service: it exits ${DIES_AFTER_SECONDS} s after it starts.`,
        `setTimeout(() => { console.error('this release exits ${DIES_AFTER_SECONDS} s after it starts'); process.exit(70); }, ${DIES_AFTER_SECONDS * 1000});`,
        ...rest,
      ].join('\n'),
    );
    buildDeb(reversion(staged, RELEASES.dying), building, { compression: 'gzip' });
    writeFileSync(main, good);
    // The browser's stand-in: an empty package named chromium.
    const stand = join(work, 'chromium');
    mkdirSync(join(stand, 'DEBIAN'), { recursive: true });
    writeFileSync(
      join(stand, 'DEBIAN/control'),
      'Package: chromium\nVersion: 0~walk\nArchitecture: all\nMaintainer: Storage Kiosk Maintainers <kiosk-maintainers@example.com>\n' +
        'Description: stand-in for Chromium in the update walks\n The walks run without a display; nothing here runs.\n',
    );
    sh('dpkg-deb', ['--root-owner-group', '--build', stand, join(building, 'chromium_0~walk_all.deb')]);
    for (const name of names)
      if (!existsSync(join(building, name))) throw new Error(`building ${name} failed (see above)`);
    rmSync(dir, { recursive: true, force: true });
    sh('mv', [building, dir]);
    return { dir, cached: false, key };
  } finally {
    rmSync(work, { recursive: true, force: true });
    rmSync(building, { recursive: true, force: true });
  }
}

/** A throwaway OpenPGP key (the fleet's), and a stranger's: GNUPGHOMEs in `dir`. */
function makeKeys(dir) {
  const keys = {};
  for (const who of ['fleet', 'stranger']) {
    const home = join(dir, `gnupg-${who}`);
    mkdirSync(home, { recursive: true, mode: 0o700 });
    const made = sh('gpg', [
      '--batch',
      '--homedir',
      home,
      '--passphrase',
      '',
      '--quick-gen-key',
      `Kiosk walks ${who} <${who}@walks.invalid>`,
      'ed25519',
      'sign',
      'never',
    ]);
    if (!made.ok) throw new Error(`gpg --quick-gen-key: ${made.output}`);
    const keyring = join(dir, `${who}.gpg`);
    const exported = spawnSync('gpg', ['--batch', '--homedir', home, '--export'], { maxBuffer: 1 << 20 });
    writeFileSync(keyring, exported.stdout);
    keys[who] = { home, keyring };
  }
  return keys;
}

function sign(key, file, { clear = false, out } = {}) {
  const args = ['--batch', '--yes', '--homedir', key.home, '--pinentry-mode', 'loopback', '--passphrase', ''];
  const result = clear
    ? sh('gpg', [...args, '--clearsign', '-o', out, file])
    : sh('gpg', [...args, '--detach-sign', '-o', out ?? `${file}.sig`, file]);
  if (!result.ok) throw new Error(`gpg sign ${file}: ${result.output}`);
}

/** The APT repository: the releases and the stand-in, indexed by apt-ftparchive, InRelease signed. */
function makeRepository(dir, releases, key) {
  const repo = join(dir, 'apt');
  const pool = join(repo, 'pool');
  const binary = join(repo, 'dists/kiosk/main/binary-amd64');
  mkdirSync(pool, { recursive: true });
  mkdirSync(binary, { recursive: true });
  for (const name of readdirSync(releases.dir)) copyFileSync(join(releases.dir, name), join(pool, name));
  const packages = sh('apt-ftparchive', ['packages', 'pool'], { cwd: repo });
  if (!packages.ok) throw new Error(`apt-ftparchive packages: ${packages.output}`);
  writeFileSync(join(binary, 'Packages'), packages.stdout);
  const release = sh(
    'apt-ftparchive',
    [
      '-o',
      'APT::FTPArchive::Release::Suite=kiosk',
      '-o',
      'APT::FTPArchive::Release::Codename=kiosk',
      '-o',
      'APT::FTPArchive::Release::Components=main',
      '-o',
      'APT::FTPArchive::Release::Architectures=amd64 all',
      'release',
      'dists/kiosk',
    ],
    { cwd: repo },
  );
  if (!release.ok) throw new Error(`apt-ftparchive release: ${release.output}`);
  writeFileSync(join(repo, 'dists/kiosk/Release'), release.stdout);
  sign(key, join(repo, 'dists/kiosk/Release'), { clear: true, out: join(repo, 'dists/kiosk/InRelease') });
  for (const path of [dir, repo]) chmodSync(path, 0o755);
  return repo;
}

/** A channel of the walks; `ring` names the canary ring's release for this kiosk. */
export function channel({ serial, release, paused = false }) {
  return {
    channel: 'stable',
    serial,
    paused,
    rings: [
      { name: 'canary', kiosks: [KIOSK_ID], release },
      { name: 'early', percent: 10, release: RELEASES.first },
      { name: 'all', release: RELEASES.first },
    ],
    maxRevertShare: 0.2,
  };
}

/**
 * One walk: its container (an overlay of the base root), its central place's channel directory and
 * control directory, its timeline.
 */
export class Walk {
  constructor({ name, base, dir, repo, keys }) {
    this.name = name;
    this.dir = join(dir, name.replace(/[^a-z0-9-]/gi, '-'));
    this.keys = keys;
    this.central = join(this.dir, 'central');
    this.control = join(this.dir, 'control');
    for (const sub of [join(this.central, 'channel'), this.control]) mkdirSync(sub, { recursive: true });
    chmodSync(this.control, 0o777);
    this.container = new Container({
      base,
      dir: join(this.dir, 'machine'),
      name: `updl-${name.replace(/[^a-z0-9]/gi, '')}`.slice(0, 60),
      binds: [
        [repo, '/srv/kiosk-apt', true],
        [this.central, '/srv/kiosk-central', true],
        [this.control, '/srv/kiosk-control', false],
        [join(ROOT, 'scripts/lib'), '/srv/kiosk-walks', true],
      ],
    });
    this.started = Date.now();
    this.timeline = [];
    this.steps = [];
  }

  /** A mark on the timeline, in seconds since the walk began. */
  mark(what) {
    this.timeline.push([what, (Date.now() - this.started) / 1000]);
  }

  /** Publish the channel file: signed by the fleet's key (default), a stranger's, tampered after signing, unsigned, or raw text. */
  publish(content, { signature = 'fleet' } = {}) {
    const file = join(this.central, 'channel/stable.json');
    writeFileSync(file, typeof content === 'string' ? content : `${JSON.stringify(content, null, 2)}\n`);
    rmSync(`${file}.sig`, { force: true });
    if (signature === 'fleet' || signature === 'tampered') sign(this.keys.fleet, file);
    if (signature === 'stranger') sign(this.keys.stranger, file);
    if (signature === 'tampered')
      writeFileSync(file, readFileSync(file, 'utf8').replace(/"serial": \d+/, '"serial": 999'));
  }

  /** Files the container needs before its first boot: the APT source, keys, the central and page units. */
  prepare() {
    const root = this.container.root;
    const put = (path, text, mode = 0o644) => {
      mkdirSync(join(root, path, '..'), { recursive: true });
      writeFileSync(join(root, path), text, { mode });
    };
    put('etc/apt/keyrings/storage-kiosk.gpg', readFileSync(this.keys.fleet.keyring));
    put(
      'etc/apt/sources.list.d/storage-kiosk.sources',
      `Types: deb\nURIs: ${CENTRAL}/apt\nSuites: kiosk\nComponents: main\nSigned-By: /etc/apt/keyrings/storage-kiosk.gpg\n`,
    );
    put(
      'etc/systemd/system/kiosk-walk-central.service',
      '[Unit]\nDescription=Update walks: the central place (channel and APT repository)\nBefore=storage-kiosk-update.service\n' +
        '[Service]\nExecStart=/usr/bin/node /srv/kiosk-walks/update-central.mjs\nRestart=always\n' +
        '[Install]\nWantedBy=multi-user.target\n',
    );
    put(
      'etc/systemd/system/kiosk-walk-page.service',
      "[Unit]\nDescription=Update walks: the kiosk page's stand-in (heartbeat over /events)\nAfter=kiosk-daemon.service\n" +
        '[Service]\nExecStart=/usr/bin/node /srv/kiosk-walks/update-page.mjs\nRestart=always\nUser=nobody\n' +
        '[Install]\nWantedBy=multi-user.target\n',
    );
    // The agent as its unit runs it, but with --now: the walks do not wait for the facility's window.
    put(
      'etc/systemd/system/storage-kiosk-update.service.d/walks.conf',
      '[Service]\nExecStart=\nExecStart=/usr/bin/storage-kiosk update --now\n',
    );
    this.timerAfterBoot('1h');
    for (const unit of ['kiosk-walk-central.service', 'kiosk-walk-page.service']) {
      mkdirSync(join(root, 'etc/systemd/system/multi-user.target.wants'), { recursive: true });
      rmSync(join(root, 'etc/systemd/system/multi-user.target.wants', unit), { force: true });
      symlinkSync(`/etc/systemd/system/${unit}`, join(root, 'etc/systemd/system/multi-user.target.wants', unit));
    }
  }

  async boot() {
    const started = Date.now();
    const state = await this.container.boot();
    this.mark(
      `booted (${this.container.boots}) in ${((Date.now() - started) / 1000).toFixed(1)} s${state === 'running' ? '' : ` (${state})`}`,
    );
    // The central place answers before anything asks it.
    for (let i = 0; i < 50; i += 1) {
      if (this.node(`(await fetch('${CENTRAL}/apt/dists/kiosk/InRelease')).status`).stdout.trim() === '200') return;
      await sleep(200);
    }
    throw new Error(`the central place does not answer on ${CENTRAL}`);
  }

  /** A Node expression evaluated in the container (its Node 20), printed. */
  node(expression, options) {
    const script = `(async () => { try { console.log(await (async () => ${expression})()); } catch (e) { console.log('error ' + e.message); } })()`;
    return this.container.exec('node -e "$SCRIPT"', { ...options, env: { SCRIPT: script } });
  }

  /** The installed version as dpkg has it, with its status when not "install ok installed". */
  dpkgStatus() {
    const result = this.container.exec("dpkg-query -W -f='${Status} ${Version}' storage-kiosk 2>/dev/null");
    return result.stdout.trim();
  }

  installed() {
    return /^install ok installed (\S+)$/.exec(this.dpkgStatus())?.[1] ?? null;
  }

  /** /health/ready of the daemon through its support listener: { status, version }. */
  ready() {
    const token = /^KIOSK_HEALTH_TOKEN=(.*)$/m.exec(this.container.read('etc/storage-kiosk/secrets.env') ?? '')?.[1];
    const out = this.node(
      `(async () => { const r = await fetch('http://127.0.0.1:9100/health/ready', { headers: { authorization: 'Bearer ${token}' } }); const b = await r.json(); return r.status + ' ' + b.version; })()`,
    ).stdout.trim();
    const [status, version] = out.split(' ');
    return { status: Number(status) || 0, version: version ?? null, raw: out };
  }

  async waitReady(version, timeoutMs = 90_000) {
    const deadline = Date.now() + timeoutMs;
    let last;
    while (Date.now() < deadline) {
      last = this.ready();
      if (last.status === 200 && (!version || last.version === version)) return last;
      await sleep(500);
    }
    throw new Error(`the daemon is not ready with ${version ?? 'any version'}: last ${last?.raw}`);
  }

  /** The agent's state file, read through the overlay (null when absent or half-written). */
  state() {
    try {
      return JSON.parse(this.container.read('var/lib/storage-kiosk/update/state.json'));
    } catch {
      return null;
    }
  }

  /** Install the first release from the repository, as a new kiosk is set up, and make it serve. */
  async installFirst() {
    const started = Date.now();
    const apt = this.container.exec(
      `apt-get update -q && apt-get install -y -q -o Dpkg::Options::=--force-confdef -o Dpkg::Options::=--force-confold storage-kiosk=${RELEASES.first}`,
      { env: { DEBIAN_FRONTEND: 'noninteractive' } },
    );
    if (!apt.ok) throw new Error(`apt-get install storage-kiosk=${RELEASES.first}:\n${apt.output.slice(-3000)}`);
    this.mark(`${RELEASES.first} installed from the repository in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    // The facility's settings: the sandbox stands in for the operator API (no network here), and the
    // update agent's channel, keyring, probation and the kiosk's id.
    const env = this.container.read('etc/storage-kiosk/daemon.env');
    writeFileSync(
      join(this.container.root, 'etc/storage-kiosk/daemon.env'),
      `${env}\n# The update walks' kiosk\nKIOSK_SANDBOX=on\nKIOSK_SPEECH_COMMAND=/bin/true\n`,
    );
    writeFileSync(
      join(this.container.root, 'etc/storage-kiosk/update-keyring.gpg'),
      readFileSync(this.keys.fleet.keyring),
    );
    writeFileSync(
      join(this.container.root, 'etc/storage-kiosk/update.env'),
      [
        `KIOSK_ID=${KIOSK_ID}`,
        `KIOSK_UPDATE_CHANNEL_URL=${CENTRAL}/channel/stable.json`,
        'KIOSK_UPDATE_KEYRING=/etc/storage-kiosk/update-keyring.gpg',
        `KIOSK_UPDATE_PROBATION_MINUTES=${PROBATION_MINUTES}`,
        `KIOSK_UPDATE_CHECK_SECONDS=${CHECK_SECONDS}`,
        '',
      ].join('\n'),
    );
    this.container.exec('systemctl restart kiosk-daemon.service');
    await this.waitReady(RELEASES.first);
    this.mark(`${RELEASES.first} ready`);
  }

  /** A unit's ActiveState in the container. */
  unitState(unit) {
    return this.container.exec(`systemctl show -p ActiveState --value ${unit}`).stdout.trim();
  }

  /**
   * The agent's boot step on this boot (storage-kiosk-update-boot.service): its result, its journal
   * lines, how long it ran, and whether it had ended before kiosk-daemon.service started.
   */
  bootStep() {
    const show = (unit, properties) =>
      Object.fromEntries(
        this.container
          .exec(`systemctl show -p ${properties.join(',')} ${unit}`)
          .stdout.trim()
          .split('\n')
          .map((line) => line.split(/=(.*)/s).slice(0, 2)),
      );
    const step = show('storage-kiosk-update-boot.service', [
      'Result',
      'ExecMainStatus',
      'ExecMainStartTimestampMonotonic',
      'ExecMainExitTimestampMonotonic',
    ]);
    const daemon = show('kiosk-daemon.service', ['ExecMainStartTimestampMonotonic']);
    const [started, ended, daemonStarted] = [
      step.ExecMainStartTimestampMonotonic,
      step.ExecMainExitTimestampMonotonic,
      daemon.ExecMainStartTimestampMonotonic,
    ].map(Number);
    const ran = started > 0 && ended >= started;
    const lines = this.container
      .exec('journalctl --no-pager -b -o cat -u storage-kiosk-update-boot.service')
      .stdout.trim()
      .split('\n')
      .filter((line) => line.startsWith('update: '));
    return {
      ran,
      ok: ran && step.Result === 'success',
      beforeDaemon: ran && daemonStarted > ended,
      seconds: ran ? (ended - started) / 1e6 : null,
      daemonAfter: ran && daemonStarted > 0 ? (daemonStarted - ended) / 1e6 : null,
      lines,
      summary: ran
        ? `${step.Result} (exit ${step.ExecMainStatus}) in ${((ended - started) / 1e6).toFixed(1)} s, kiosk-daemon started ${((daemonStarted - ended) / 1e6).toFixed(1)} s after it`
        : 'did not run',
    };
  }

  /** The agent's own lines in the container's journal (every boot). */
  journal() {
    return this.container.exec('journalctl --no-pager -o short-monotonic -t storage-kiosk-update -t storage-kiosk')
      .stdout;
  }

  /**
   * The walks start the agent themselves (the drop-in's --now) and the hourly timer stays quiet;
   * before the plug is pulled, the timer is set to run the agent this long after the next boot, as
   * the package's timer does 2 minutes after boot.
   */
  timerAfterBoot(after) {
    const dir = join(this.container.root, 'etc/systemd/system/storage-kiosk-update.timer.d');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'walks.conf'), `[Timer]\nOnCalendar=\nOnBootSec=${after}\n`);
  }

  async remove(keep) {
    await this.container.remove({ keep });
    if (!keep) rmSync(this.dir, { recursive: true, force: true });
  }
}

/** Everything the walks share: base root, releases, keys, repository. */
export async function prepareWalks({ dir, log = console.log }) {
  const timeline = [];
  let started = Date.now();
  const base = baseRoot({ log });
  const seconds = (Date.now() - started) / 1000;
  timeline.push([seconds > 1 ? 'base root made (debootstrap trixie)' : 'base root (cached)', seconds]);
  started = Date.now();
  const releases = buildReleases({ log });
  timeline.push([`releases ${releases.cached ? '(cached)' : 'built'}`, (Date.now() - started) / 1000]);
  const keys = makeKeys(dir);
  const repo = makeRepository(dir, releases, keys.fleet);
  return { base, releases, keys, repo, timeline };
}

export async function runUpdateChecks({ keep = false, only, parallel = 5 } = {}) {
  const results = [];
  const problem = containerPreconditions();
  if (problem) return { skipped: problem, results, timelines: [] };
  const dir = mkdtempSync(join(tmpdir(), 'kiosk-walks-'));
  chmodSync(dir, 0o755);
  const timelines = [];
  let shared;
  try {
    shared = await prepareWalks({ dir });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    // No Debian root could be made (no mirror reachable): as good as no container.
    if (error.rootUnavailable) return { skipped: error.message.split('\n')[0], results, timelines };
    return { results: [{ name: 'update walks: set-up', ok: false, detail: error.message }], timelines };
  }
  // Where systemd-nspawn cannot boot a container at all (a CI machine's kernel or cgroups), the
  // walks are skipped, said in one line, instead of failing.
  const probe = new Container({ base: shared.base, dir: join(dir, 'probe'), name: 'updl-probe' });
  try {
    await probe.boot({ timeoutMs: 60_000 });
  } catch (error) {
    await probe.remove();
    rmSync(dir, { recursive: true, force: true });
    const line = error.message.split('\n').find((text) => /fail|error|cannot|denied/i.test(text)) ?? '';
    return {
      skipped: `systemd-nspawn cannot boot a container here (${line.trim()})`,
      results,
      timelines,
    };
  }
  await probe.remove();
  timelines.push(['set-up', shared.timeline]);
  const walks = WALKS.filter((walk) => !only || walk.name === only);
  const runWalk = async (spec) => {
    const walk = new Walk({ name: spec.name, dir, ...shared });
    const own = [];
    try {
      walk.container.mount();
      walk.prepare();
      await walk.boot();
      await spec.run(walk, own);
    } catch (error) {
      own.push({ name: spec.title, ok: false, detail: error.stack ?? error.message });
    } finally {
      await walk.remove(keep);
    }
    return { own, timeline: [spec.name, walk.timeline] };
  };
  // Walks run side by side (each mostly waits out its probation), `parallel` at a time.
  const queue = [...walks];
  const done = new Map();
  await Promise.all(
    Array.from({ length: Math.max(1, parallel) }, async () => {
      while (queue.length) {
        const spec = queue.shift();
        done.set(spec, await runWalk(spec));
      }
    }),
  );
  for (const spec of walks) {
    results.push(...done.get(spec).own);
    timelines.push(done.get(spec).timeline);
  }
  if (!keep) rmSync(dir, { recursive: true, force: true });
  return { results, timelines };
}

/** A channel with a 10 % ring and nothing else: who falls in it. */
const TEN_PERCENT = {
  channel: 'stable',
  serial: 1,
  rings: [
    { name: 'early', percent: 10, release: RELEASES.next },
    { name: 'all', release: RELEASES.first },
  ],
};

/** Poll every tenth of a second until `done(walk)` is true; marks each change of the agent's state. */
async function follow(walk, done, { timeoutMs, what }) {
  const deadline = Date.now() + timeoutMs;
  let seen = walk.lastSeen;
  while (Date.now() < deadline) {
    const state = walk.state();
    const now = state ? `${state.state}${state.running ? ` (running ${state.running})` : ''}` : null;
    if (now && now !== seen) {
      walk.mark(`state ${now}`);
      seen = now;
      walk.lastSeen = now;
    }
    if (await done(walk, state)) return state;
    await sleep(100);
  }
  throw new Error(
    `timed out after ${timeoutMs / 1000} s waiting for ${what}; state ${JSON.stringify(walk.state())}\n${walk.journal().slice(-3000)}`,
  );
}

const agentIdle = (walk) => !/^(active|activating|deactivating)$/.test(walk.unitState('storage-kiosk-update.service'));

/** Each walk's agent runs as its unit, started here with --now (the walks' drop-in) instead of by the timer. */
function startAgent(walk) {
  const started = walk.container.exec('systemctl start --no-block storage-kiosk-update.service');
  if (!started.ok) throw new Error(`systemctl start storage-kiosk-update.service: ${started.output}`);
  walk.mark('agent started (storage-kiosk update --now)');
}

/** Run the agent once to its end (a check that does not update): systemctl start waits for a oneshot. */
function runAgentOnce(walk) {
  const ran = walk.container.exec('systemctl start storage-kiosk-update.service');
  walk.mark(
    `agent ran (storage-kiosk update --now): ${ran.ok ? walk.state()?.lastCheckResult : `failed: ${ran.output}`}`,
  );
}

function metrics(walk) {
  const token = /^KIOSK_HEALTH_TOKEN=(.*)$/m.exec(walk.container.read('etc/storage-kiosk/secrets.env') ?? '')?.[1];
  return walk
    .node(
      `(async () => (await fetch('http://127.0.0.1:9100/metrics', { headers: { authorization: 'Bearer ${token}' } })).text())()`,
    )
    .stdout.split('\n')
    .filter((line) => line.startsWith('kiosk_update_'))
    .join('\n');
}

const seconds = (from, to) => ((Date.parse(to) - Date.parse(from)) / 1000).toFixed(1);

/** The kiosk serves one whole release: dpkg says installed, nothing pending, the daemon ready with it. */
async function wholeRelease(walk, version) {
  const status = walk.dpkgStatus();
  const audit = walk.container.exec('dpkg --audit').stdout.trim();
  const ready = await walk.waitReady(version).catch((error) => ({ raw: error.message }));
  const ok = status === `install ok installed ${version}` && audit === '' && ready.version === version;
  return { ok, detail: `dpkg: ${status}; dpkg --audit: ${audit || 'clean'}; ready: ${ready.raw}` };
}

/** Pull the plug: the boot after it runs the agent 15 s after boot (the walks' timer drop-in), then boot again. */
async function plugAndBoot(walk, stage, whileOff = () => {}) {
  walk.timerAfterBoot('15s');
  await walk.container.kill();
  walk.mark(`PLUG PULLED ${stage}`);
  whileOff();
  await walk.boot();
}

/** What the agent keeps in releases/ (its .partial download directory too), read from the container's disk. */
function listReleases(walk) {
  const dir = join(walk.container.root, 'var/lib/storage-kiosk/update/releases');
  const list = (path) =>
    existsSync(path)
      ? readdirSync(path).map((name) => {
          const full = join(path, name);
          return statSync(full).isDirectory()
            ? `${name}/[${list(full).join(', ')}]`
            : `${name} (${statSync(full).size} B)`;
        })
      : [];
  return list(dir).join(', ') || 'empty';
}

const PROBATION_TIMEOUT = (PROBATION_MINUTES * 60 + 120) * 1000;
const committed = (version) => (walk, state) =>
  state?.state === 'idle' && state.running === version && state.lastOutcome?.outcome === 'committed' && agentIdle(walk);

/**
 * A walk that pulls the plug inside dpkg: the moment a process whose command line has `pattern`
 * starts, a watcher of its own (scripts/lib/freeze-when.mjs) stops every process of the container,
 * dpkg's status is read (it must match `says`), and the container is killed. The next boot's boot
 * step must finish or undo the install before the daemon starts (one whole release, dpkg clean);
 * a power cut is no fault of the release, so the timer's run then installs it again (when undone)
 * or holds it on probation, and it commits.
 */
function plugInDpkg({ name, stage, pattern, says }) {
  return {
    name,
    title: `plug pulled during ${stage}`,
    async run(walk, results) {
      await walk.installFirst();
      walk.publish(channel({ serial: 1, release: RELEASES.next }));
      const watcher = spawn(
        process.execPath,
        [join(ROOT, 'scripts/lib/freeze-when.mjs'), String(walk.container.leader), pattern, '180'],
        { stdio: ['ignore', 'pipe', 'inherit'] },
      );
      let caught = '';
      watcher.stdout.on('data', (chunk) => (caught += chunk));
      const watched = new Promise((done) => watcher.once('exit', done));
      startAgent(walk);
      if ((await watched) !== 0) throw new Error(`${stage} was never caught; state ${JSON.stringify(walk.state())}`);
      const status = walk.container
        .exec("dpkg-query -W -f='${db:Status-Abbrev} ${Version}' storage-kiosk")
        .stdout.trim();
      if (!says.test(status)) throw new Error(`the container was frozen with dpkg saying ${status}, not in ${stage}`);
      walk.mark(`the container frozen in ${stage} (${caught.trim()}): dpkg says ${status}`);
      await plugAndBoot(walk, `during ${stage}`);
      const afterBoot = walk.dpkgStatus();
      const bootStep = walk.bootStep();
      const booted = walk.state();
      walk.mark(`boot step ${bootStep.summary}`);
      walk.mark(
        `after boot dpkg says: ${afterBoot}; state ${booted?.state}${booted?.lastOutcome ? `, last outcome ${booted.lastOutcome.outcome}` : ''}`,
      );
      const end = await follow(walk, committed(RELEASES.next), {
        timeoutMs: PROBATION_TIMEOUT + 90_000,
        what: `${RELEASES.next} committed`,
      });
      const whole = await wholeRelease(walk, RELEASES.next);
      results.push({
        name: `plug pulled during ${stage}: the boot step finishes or undoes the install before the daemon starts; ${RELEASES.next} is not counted as failed, and is installed and committed`,
        ok:
          whole.ok &&
          bootStep.ok &&
          bootStep.beforeDaemon &&
          // What the boot step left, in its own last line: dpkg done (the timer's run may already
          // be installing again by the time the walk reads dpkg itself).
          /^update: state (idle|installing), running /.test(bootStep.lines.at(-1) ?? '') &&
          !end.failedReleases.includes(RELEASES.next) &&
          !booted?.failedReleases?.includes(RELEASES.next),
        detail:
          `frozen at ${caught.trim()} with dpkg saying ${status}; boot step: ${bootStep.summary}; after boot: ${afterBoot}, ` +
          `state ${booted?.state} (${booted?.lastOutcome?.outcome ?? 'no outcome'}: ${booted?.lastOutcome?.reason ?? '-'}); ` +
          `at the end: ${end.state} on ${end.running}, failed releases [${end.failedReleases.join(', ')}]: ${end.lastOutcome?.outcome} (${end.lastOutcome?.reason}); ${whole.detail}\n` +
          bootStep.lines.join('\n'),
      });
    },
  };
}

/** The walks; each pushes its results (one per thing a support person or operator would notice). */
const WALKS = [
  {
    name: 'pull',
    title: `pull ${RELEASES.next}, probation, commit; ${RELEASES.dying} reverted and not retried; bad channel files`,
    async run(walk, results) {
      await walk.installFirst();

      // 0. The rings: 20 kiosk ids against a 10 % ring, by the agent installed on the kiosk (its
      // Node, its files) and by the same module here: the same kiosks, run after run.
      const ringsOf = (module) =>
        `(async () => { const { parseChannel, ringFor } = await import('${module}'); const c = parseChannel(${JSON.stringify(
          JSON.stringify(TEN_PERCENT),
        )}); return Array.from({ length: 20 }, (_, i) => 'kiosk-' + (i + 1)).filter((id) => ringFor(c, id).name === 'early').join(' '); })()`;
      const onKiosk = walk.node(ringsOf('/usr/lib/storage-kiosk/update/channel.mjs')).stdout.trim();
      const onKioskAgain = walk.node(ringsOf('/usr/lib/storage-kiosk/update/channel.mjs')).stdout.trim();
      const { parseChannel, ringFor } = await import(join(ROOT, 'packaging/update/channel.mjs'));
      const parsed = parseChannel(JSON.stringify(TEN_PERCENT));
      const here = Array.from({ length: 20 }, (_, i) => `kiosk-${i + 1}`)
        .filter((id) => ringFor(parsed, id).name === 'early')
        .join(' ');
      results.push({
        name: 'rings: 20 kiosk ids against a 10 % ring take the release the same way on the kiosk, twice, and here',
        ok: onKiosk !== '' && !onKiosk.startsWith('error') && onKiosk === onKioskAgain && onKiosk === here,
        detail: `in the 10 % ring: ${onKiosk} (on the kiosk), ${onKioskAgain} (again), ${here} (here); the other ${20 - onKiosk.split(' ').length} stay on "all"`,
      });

      // 1. The canary ring names 1.0.1: pulled, installed, on probation, committed.
      walk.publish(channel({ serial: 1, release: RELEASES.next }));
      walk.mark(`channel serial 1: canary ${RELEASES.next}`);
      startAgent(walk);
      const pulled = await follow(walk, committed(RELEASES.next), {
        timeoutMs: PROBATION_TIMEOUT + 60_000,
        what: `${RELEASES.next} committed`,
      });
      const whole = await wholeRelease(walk, RELEASES.next);
      const shown = metrics(walk);
      results.push({
        name: `pull: a kiosk on ${RELEASES.first} pulls ${RELEASES.next}, passes ${PROBATION_MINUTES} min of probation and commits`,
        ok:
          whole.ok &&
          /kiosk_update_last_outcome\{[^}]*outcome="committed"/.test(shown) &&
          new RegExp(`kiosk_update_release_info\\{[^}]*running="${RELEASES.next.replace(/\./g, '\\.')}"`).test(shown),
        detail: `${whole.detail}; ${pulled.lastOutcome.reason}\n${shown}`,
      });

      // 2. The canary ring names 1.0.2, whose daemon dies 25 s after it starts: reverted within probation.
      walk.publish(channel({ serial: 2, release: RELEASES.dying }));
      walk.mark(`channel serial 2: canary ${RELEASES.dying} (its daemon exits ${DIES_AFTER_SECONDS} s after start)`);
      startAgent(walk);
      let probationSince;
      // When the agent gave up on the release: the reinstall of the one before takes its own
      // seconds after that (longer on a loaded machine), and is not part of probation.
      let revertingSeenAt;
      const reverted = await follow(
        walk,
        (w, state) => {
          if (state?.probationSince) probationSince = state.probationSince;
          if (state?.state === 'reverting' && revertingSeenAt === undefined) revertingSeenAt = Date.now();
          return state?.state === 'reverted' && agentIdle(w);
        },
        { timeoutMs: PROBATION_TIMEOUT + 60_000, what: `${RELEASES.dying} reverted` },
      );
      const back = await wholeRelease(walk, RELEASES.next);
      const decidedAt = revertingSeenAt ?? Date.parse(reverted.lastOutcome.at);
      const within = probationSince && decidedAt - Date.parse(probationSince) < PROBATION_MINUTES * 60_000;
      results.push({
        name: `revert: ${RELEASES.dying}, whose daemon dies ${DIES_AFTER_SECONDS} s in, is reverted to ${RELEASES.next} within probation and the reason reported`,
        ok:
          back.ok &&
          Boolean(within) &&
          reverted.failedReleases.includes(RELEASES.dying) &&
          reverted.lastOutcome.outcome === 'reverted' &&
          /kiosk_update_last_outcome\{[^}]*outcome="reverted"/.test(metrics(walk)),
        detail: `${back.detail}; given up ${probationSince ? ((decidedAt - Date.parse(probationSince)) / 1000).toFixed(1) : '?'} s into probation, reverted at ${probationSince ? seconds(probationSince, reverted.lastOutcome.at) : '?'} s: ${reverted.lastOutcome.reason}`,
      });

      // 3. The channel still names 1.0.2 (a newer serial): not tried again.
      walk.publish(channel({ serial: 3, release: RELEASES.dying }));
      runAgentOnce(walk);
      const again = walk.state();
      results.push({
        name: `never retried: a newer channel still naming ${RELEASES.dying} leaves ${RELEASES.next} running`,
        ok: walk.installed() === RELEASES.next && again.lastCheckResult === 'failed-before',
        detail: `installed ${walk.installed()}; last check: ${again.lastCheckResult}`,
      });

      // 4. Bad channel files: nothing changes, each is counted and reported.
      const cases = [
        ['unsigned', channel({ serial: 4, release: RELEASES.first }), { signature: 'none' }, /not signed/],
        [
          "signed by a key not in the kiosk's keyring",
          channel({ serial: 4, release: RELEASES.first }),
          { signature: 'stranger' },
          /does not verify/,
        ],
        [
          'changed after signing',
          channel({ serial: 4, release: RELEASES.first }),
          { signature: 'tampered' },
          /does not verify/,
        ],
        ['unparsable (signed)', '{ "channel": "stable", "serial": 4, "rings": [', {}, /not JSON/],
        ['naming a release the repository lacks', channel({ serial: 4, release: '1.0.9' }), {}, /lacks/],
        ['replayed (an older serial, validly signed)', channel({ serial: 1, release: RELEASES.first }), {}, /replay/],
      ];
      const before = walk.state().channelRejections ?? 0;
      for (const [what, content, options, reason] of cases) {
        walk.publish(content, options);
        walk.mark(`channel ${what}`);
        runAgentOnce(walk);
        const state = walk.state();
        results.push({
          name: `bad channel file, ${what}: refused, nothing changes, reported`,
          ok:
            walk.installed() === RELEASES.next &&
            state.running === RELEASES.next &&
            state.lastCheckResult === 'rejected' &&
            reason.test(state.lastChannelError?.reason ?? ''),
          detail: `installed ${walk.installed()}; ${state.lastChannelError?.reason}`,
        });
      }
      const counted = /^kiosk_update_channel_rejected_total(?:\{[^}]*\})? (\d+)/m.exec(metrics(walk))?.[1];
      results.push({
        name: 'bad channel files are counted in kiosk_update_channel_rejected_total',
        ok: Number(counted) === before + cases.length,
        detail: `kiosk_update_channel_rejected_total ${counted} (${cases.length} refused in this walk)`,
      });
    },
  },
  {
    name: 'plug-download',
    title: 'plug pulled during the download',
    async run(walk, results) {
      await walk.installFirst();
      writeFileSync(join(walk.control, 'hold-debs'), '');
      walk.publish(channel({ serial: 1, release: RELEASES.next }));
      startAgent(walk);
      await follow(walk, (w, state) => state?.state === 'downloading' && existsSync(join(w.control, 'held')), {
        timeoutMs: 60_000,
        what: 'the download half-way',
      });
      const held = readFileSync(join(walk.control, 'held'), 'utf8').trim();
      walk.mark(`download held at ${held}`);
      // The rest of the file is held until the container is dead; the next boot's download gets it whole.
      let atPlug;
      let partial;
      await plugAndBoot(walk, 'during the download', () => {
        rmSync(join(walk.control, 'hold-debs'));
        atPlug = walk.state();
        partial = listReleases(walk);
      });
      const afterBoot = await wholeRelease(walk, RELEASES.first);
      walk.mark(`after boot: ${RELEASES.first} whole and ready`);
      await follow(walk, committed(RELEASES.next), {
        timeoutMs: PROBATION_TIMEOUT + 90_000,
        what: `${RELEASES.next} committed`,
      });
      const whole = await wholeRelease(walk, RELEASES.next);
      results.push({
        name: `plug pulled during the download: the next boot serves ${RELEASES.first} whole, the half download is never installed, the update then commits`,
        ok: afterBoot.ok && whole.ok && atPlug?.state === 'downloading' && !partial.includes(`${RELEASES.next}.deb`),
        detail: `held: ${held}; at the plug: state ${atPlug?.state}, releases/ ${partial}; after boot: ${afterBoot.detail}; at the end: ${whole.detail}`,
      });
    },
  },
  plugInDpkg({
    name: 'plug-unpack',
    stage: "dpkg's unpack",
    // dpkg's unpack of an upgrade: the old release's prerm, the new files, the old release's
    // postrm ("postrm upgrade"), then the files the new release no longer has are removed. The
    // moment that postrm starts, dpkg says half-installed.
    pattern: 'storage-kiosk.postrm upgrade',
    says: /^i[HU]/,
  }),
  plugInDpkg({
    name: 'plug-configure',
    stage: "dpkg's configure",
    // dpkg's configure: the new release's postinst, which waits until the kiosk is idle and
    // restarts the daemon; meanwhile dpkg says half-configured.
    pattern: 'storage-kiosk.postinst configure',
    says: /^i[FU]/,
  }),
  {
    name: 'plug-probation',
    title: 'plug pulled on probation',
    async run(walk, results) {
      await walk.installFirst();
      walk.publish(channel({ serial: 1, release: RELEASES.next }));
      startAgent(walk);
      await follow(walk, (w, state) => state?.state === 'probation', { timeoutMs: 120_000, what: 'probation' });
      await sleep((CHECK_SECONDS + 2) * 1000);
      await plugAndBoot(walk, 'on probation');
      const afterBoot = await wholeRelease(walk, RELEASES.next);
      walk.mark(`after boot: ${RELEASES.next} whole and ready`);
      const end = await follow(walk, committed(RELEASES.next), {
        timeoutMs: PROBATION_TIMEOUT + 60_000,
        what: `${RELEASES.next} committed`,
      });
      results.push({
        name: `plug pulled on probation: the next boot serves ${RELEASES.next} whole, probation starts again and commits`,
        ok: afterBoot.ok && end.lastOutcome.outcome === 'committed',
        detail: `after boot: ${afterBoot.detail}; ${end.lastOutcome.reason}`,
      });
    },
  },
];

export function printUpdateChecks({ skipped, results, timelines }) {
  if (skipped) {
    console.log(`update walks skipped: ${skipped}`);
    return results;
  }
  for (const result of results) {
    console.log(`${result.ok ? '✓' : '✗'} ${result.name}`);
    if (result.detail) console.log(result.detail.replace(/^/gm, '    '));
  }
  for (const [name, timeline] of timelines)
    console.log(
      `timeline ${name} (s): ${timeline.map(([what, seconds]) => `${seconds.toFixed(1)} ${what}`).join('; ')}`,
    );
  return results;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      keep: { type: 'boolean', default: false },
      only: { type: 'string' },
      parallel: { type: 'string' },
      // Where `npm test` reads the outcome when it ran the walks beside the end-to-end suite.
      json: { type: 'string' },
    },
  });
  const { json, ...options } = values;
  const outcome = await runUpdateChecks({ ...options, parallel: Number(values.parallel ?? 5) });
  if (json) writeFileSync(json, JSON.stringify(outcome));
  const results = printUpdateChecks(outcome);
  process.exit(results.every((result) => result.ok) ? 0 : 1);
}

// A Debian 13 (trixie) machine booted with its own systemd under systemd-nspawn, for the update
// agent's live walks (scripts/update-checks.mjs). The root is made once with debootstrap and kept
// under /var/cache/storage-kiosk-tests; each walk boots an overlay of it, so walks share no state
// and a walk's disk outlives the container being killed (the plug pulled) and booted again.
//
// Driven from the host with nsenter into the container's namespaces (no machined is needed on the
// host: CI's machine runs no systemd); the host reads the container's files through the overlay.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  readdirSync,
  readlinkSync,
  renameSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { join } from 'node:path';

export const CACHE = process.env.KIOSK_TEST_CACHE ?? '/var/cache/storage-kiosk-tests';
const SUITE = 'trixie';
const MIRROR = 'http://deb.debian.org/debian';
/**
 * What the kiosk's package needs from the OS (scripts/package.mjs DEPENDS, but chromium: the
 * browser cannot run without a display, and the walks stand a small package in for it), the
 * boot itself (systemd, dbus), apt with its signature checkers, and ps/kill for the walks.
 */
const INCLUDE = [
  'systemd',
  'systemd-sysv',
  'dbus',
  'apt',
  'gpgv',
  'sqv',
  'ca-certificates',
  'nodejs',
  'adduser',
  'libstdc++6',
  'espeak-ng',
  'alsa-utils',
  'util-linux',
  'procps',
];

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

export function sh(command, args, options = {}) {
  const result = spawnSync(command, args, { encoding: 'utf8', timeout: 600_000, ...options });
  return {
    ok: result.status === 0,
    status: result.status,
    stdout: result.stdout ?? '',
    output: `${result.stdout ?? ''}${result.stderr ?? ''}${result.error ? result.error.message : ''}`.trim(),
  };
}

/** Why no container can be booted here, or null: root, systemd-nspawn, debootstrap, overlayfs. */
export function containerPreconditions() {
  if (process.getuid?.() !== 0) return 'needs root (debootstrap, mount, systemd-nspawn)';
  for (const tool of ['systemd-nspawn', 'debootstrap', 'nsenter', 'apt-ftparchive', 'gpg', 'dpkg-deb'])
    if (!sh('which', [tool]).ok) return `needs ${tool}`;
  if (!readFileSync('/proc/filesystems', 'utf8').includes('overlay')) {
    sh('modprobe', ['overlay']);
    if (!readFileSync('/proc/filesystems', 'utf8').includes('overlay')) return 'needs overlayfs';
  }
  return null;
}

/**
 * The cached trixie root (debootstrap --variant=minbase), made when missing; its name carries a
 * hash of what it includes, so a changed list makes a new one. Returns its path.
 */
export function baseRoot({ log = () => {} } = {}) {
  const key = createHash('sha256')
    .update(`${SUITE} ${INCLUDE.join(',')} v1`)
    .digest('hex')
    .slice(0, 12);
  const root = join(CACHE, `${SUITE}-${key}`);
  if (existsSync(join(root, '.complete'))) return root;
  mkdirSync(CACHE, { recursive: true });
  const building = `${root}.building`;
  rmSync(building, { recursive: true, force: true });
  log(`debootstrap ${SUITE} into ${root} (once: kept for the next runs)`);
  const made = sh('debootstrap', ['--variant=minbase', `--include=${INCLUDE.join(',')}`, SUITE, building, MIRROR], {
    timeout: 1_200_000,
  });
  if (!made.ok) {
    rmSync(building, { recursive: true, force: true });
    const error = new Error(`debootstrap ${SUITE} failed:\n${made.output.slice(-2000)}`);
    error.rootUnavailable = true;
    throw error;
  }
  // The container has no network but loopback: only the walk's own repository is a source.
  rmSync(join(building, 'etc/apt/sources.list'), { force: true });
  rmSync(join(building, 'etc/apt/sources.list.d'), { recursive: true, force: true });
  mkdirSync(join(building, 'etc/apt/sources.list.d'));
  // apt's daily timers would take the dpkg lock in the middle of a walk.
  // (A mask is a link to /dev/null: made here, so the host needs no systemctl of its own.)
  for (const unit of ['apt-daily.timer', 'apt-daily-upgrade.timer', 'dpkg-db-backup.timer', 'console-getty.service']) {
    rmSync(join(building, 'etc/systemd/system', unit), { force: true });
    symlinkSync('/dev/null', join(building, 'etc/systemd/system', unit));
  }
  sh('sh', ['-c', `: > ${building}/etc/machine-id`]);
  sh('sh', ['-c', `printf 'kiosk\\n' > ${building}/etc/hostname`]);
  closeSync(openSync(join(building, '.complete'), 'w'));
  renameSync(building, root);
  return root;
}

/** Processes on the host whose parent is `pid`. */
function children(pid) {
  const found = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) found.push(Number(name));
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

/** The container's PID 1 (its systemd) as the host sees it: the nspawn descendant whose inner PID is 1. */
function findLeader(nspawnPid) {
  const queue = [nspawnPid];
  while (queue.length) {
    const pid = queue.shift();
    for (const child of children(pid)) {
      try {
        const nspid = /^NSpid:\s+(.*)$/m.exec(readFileSync(`/proc/${child}/status`, 'utf8'))?.[1].split(/\s+/);
        if (nspid && nspid.length > 1 && nspid.at(-1) === '1') return child;
      } catch {
        continue;
      }
      queue.push(child);
    }
  }
  return null;
}

/**
 * One walk's machine: an overlay of `base` in `dir` (upper layer, work dir, mount point), booted
 * with `binds` (host path → container path) under the name `name`.
 */
export class Container {
  constructor({ base, dir, name, binds = [] }) {
    Object.assign(this, { base, dir, name, binds });
    this.root = join(dir, 'root');
    this.boots = 0;
    this.nspawn = null;
    this.leader = null;
  }

  mount() {
    for (const sub of ['upper', 'work', 'root']) mkdirSync(join(this.dir, sub), { recursive: true });
    const mounted = sh('mount', [
      '-t',
      'overlay',
      'overlay',
      '-o',
      `lowerdir=${this.base},upperdir=${join(this.dir, 'upper')},workdir=${join(this.dir, 'work')}`,
      this.root,
    ]);
    if (!mounted.ok) throw new Error(`mounting the overlay failed: ${mounted.output}`);
    this.mounted = true;
  }

  /** Boot (again); resolves when systemd says the system is running (or degraded). */
  async boot({ timeoutMs = 90_000 } = {}) {
    if (!this.mounted) this.mount();
    this.boots += 1;
    const console = openSync(join(this.dir, `console-${this.boots}.log`), 'w');
    const args = [
      '-b',
      '--keep-unit',
      '--register=no',
      '--private-network',
      '--console=read-only',
      `--machine=${this.name}`,
      '-D',
      this.root,
      ...this.binds.map(([from, to, ro]) => `--bind${ro ? '-ro' : ''}=${from}:${to}`),
    ];
    this.nspawn = spawn('systemd-nspawn', args, {
      env: { ...process.env, SYSTEMD_NSPAWN_UNIFIED_HIERARCHY: '1' },
      stdio: ['ignore', console, console],
    });
    closeSync(console);
    this.exited = new Promise((done) => this.nspawn.once('exit', (code, signal) => done({ code, signal })));
    const deadline = Date.now() + timeoutMs;
    this.leader = null;
    while (Date.now() < deadline) {
      if (this.nspawn.exitCode !== null) break;
      this.leader ??= findLeader(this.nspawn.pid);
      if (this.leader) {
        const state = this.exec('systemctl is-system-running').stdout.trim();
        if (state === 'running' || state === 'degraded') return state;
        // A long job keeps systemd "starting" though every unit of the boot is up: the update
        // agent's run after boot (install and probation), when its timer fires before the boot has
        // ended (a slow boot step: dpkg reinstalling a release on a busy machine). Booted, then,
        // once multi-user.target is active.
        if (state === 'starting' && this.exec('systemctl is-active multi-user.target').stdout.trim() === 'active')
          return 'multi-user.target reached';
      }
      await sleep(200);
    }
    const log = readFileSync(join(this.dir, `console-${this.boots}.log`), 'utf8');
    await this.kill();
    throw new Error(`the container did not boot:\n${log.slice(-3000)}`);
  }

  /** A shell command inside the running container (all its namespaces), as root. */
  exec(command, { timeout = 300_000, env = {} } = {}) {
    if (!this.leader) throw new Error('the container is not running');
    return sh(
      'nsenter',
      [
        '-t',
        String(this.leader),
        '-a',
        '--',
        '/usr/bin/env',
        '-i',
        'PATH=/usr/sbin:/usr/bin:/sbin:/bin',
        'LANG=C.UTF-8',
        ...Object.entries(env).map(([key, value]) => `${key}=${value}`),
        '/bin/sh',
        '-c',
        command,
      ],
      { timeout },
    );
  }

  /** A file of the container's disk, read through the overlay (null when absent). */
  read(path) {
    try {
      return readFileSync(join(this.root, path), 'utf8');
    } catch {
      return null;
    }
  }

  /**
   * The plug pulled: SIGKILL to the container's PID 1 ends every process in it at once (the
   * kernel kills a PID namespace with its init), no unit stops, nothing is flushed by the container.
   */
  async kill() {
    if (!this.nspawn || this.nspawn.exitCode !== null) return;
    if (this.leader) {
      try {
        process.kill(this.leader, 'SIGKILL');
      } catch {
        // already gone
      }
    } else this.nspawn.kill('SIGKILL');
    const timer = setTimeout(() => this.nspawn.kill('SIGKILL'), 10_000);
    await this.exited;
    clearTimeout(timer);
    this.leader = null;
  }

  /** Host PIDs of the container's processes named `comm` (those in its PID namespace). */
  pids(comm) {
    if (!this.leader) return [];
    const namespace = readlinkSync(`/proc/${this.leader}/ns/pid`);
    const found = [];
    for (const name of readdirSync('/proc')) {
      if (!/^\d+$/.test(name)) continue;
      try {
        if (readFileSync(`/proc/${name}/comm`, 'utf8').trim() !== comm) continue;
        if (readlinkSync(`/proc/${name}/ns/pid`) !== namespace) continue;
        found.push(Number(name));
      } catch {
        continue;
      }
    }
    return found;
  }

  /** Stop (the hard way: the walk is over) and remove the overlay and its layers. */
  async remove({ keep = false } = {}) {
    await this.kill();
    if (this.mounted) {
      let unmounted = sh('umount', [this.root]);
      for (let i = 0; !unmounted.ok && i < 20; i += 1) {
        await sleep(250);
        unmounted = sh('umount', [this.root]);
      }
      if (!unmounted.ok) sh('umount', ['-l', this.root]);
      this.mounted = false;
    }
    if (!keep) rmSync(this.dir, { recursive: true, force: true });
  }
}

// The update agent's effects on a real kiosk: the channel over HTTPS, its signature by Debian's
// gpgv, APT and dpkg for the packages, systemd for the restart counts, the daemon's own listeners
// for probation. agent.mjs decides; this file only does.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  createReadStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
  copyFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { ChannelError } from './channel.mjs';
import { readState, writeState } from './state.mjs';

export const PACKAGE = 'storage-kiosk';
/** A channel file is a few rings: anything this large is not one. */
const CHANNEL_MAX_BYTES = 1_048_576;
/** Never a question: keep the facility's edited settings, leave the release's new file as .dpkg-dist. */
export const DPKG_OPTIONS = ['--force-confdef', '--force-confold'];
const QUIET_ENV = { ...process.env, DEBIAN_FRONTEND: 'noninteractive', APT_LISTCHANGES_FRONTEND: 'none' };

/** Run a command; resolves with its exit code and output (never rejects on a non-zero exit). */
export function run(command, args, { cwd, env = QUIET_ENV, input } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env, stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (out += chunk));
    child.on('error', (error) => resolve({ code: 127, out: `${command}: ${error.message}` }));
    child.on('close', (code) => resolve({ code: code ?? 1, out: out.trim() }));
    if (input !== undefined) child.stdin.end(input);
  });
}

const lastLine = (text) => text.split('\n').filter(Boolean).at(-1) ?? '';
/** APT's and dpkg's own error line (E: ..., dpkg: error ...) when there is one, else the last line. */
const errorLine = (text) =>
  text
    .split('\n')
    .filter((line) => /^(E: |dpkg: error|dpkg: dependency problems)/.test(line))
    .at(0) ?? lastLine(text);

/** What dpkg and APT say when another of them (unattended-upgrades, an operator) holds the database. */
const LOCKED = /Could not get lock|dpkg frontend lock|dpkg status database is locked|Unable to acquire the dpkg/i;

/**
 * Run a dpkg or APT command, waiting while another one holds dpkg's lock (unattended-upgrades
 * runs in the same night): up to `waitMs`, checking every `everyMs`. A revert must not fail
 * because the OS was patching itself.
 */
export async function runLocked(
  command,
  args,
  { waitMs = 900_000, everyMs = 10_000, log = () => {}, env = QUIET_ENV } = {},
) {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const result = await run(command, args, { env });
    if (result.code === 0 || !LOCKED.test(result.out) || Date.now() >= deadline) return result;
    log(`dpkg is busy (${errorLine(result.out)}): waiting`);
    await new Promise((done) => setTimeout(done, everyMs));
  }
}

/** The SHA-256 of a file, streamed. */
export function sha256File(path) {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(path)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')));
  });
}

/** apt-cache show's stanza for one version: Size, SHA256 and Filename from the repository's signed index. */
export function parseAptStanza(text, version) {
  for (const stanza of text.split(/\n\s*\n/)) {
    const field = (name) => new RegExp(`^${name}: (.*)$`, 'm').exec(stanza)?.[1]?.trim();
    if (field('Package') === PACKAGE && field('Version') === version) {
      const size = Number(field('Size'));
      const sha256 = field('SHA256');
      if (!(size > 0) || !/^[0-9a-f]{64}$/.test(sha256 ?? '')) return null;
      return { version, size, sha256, filename: field('Filename') };
    }
  }
  return null;
}

/** gpgv on temporary files: 0 only for a good signature by a key in the keyring. */
export async function gpgvVerify({ keyring, data, signature, gpgv = 'gpgv' }) {
  if (signature === null || signature.length === 0)
    throw new ChannelError('the channel file is not signed (no .sig beside it)');
  const dir = mkdtempSync(join(tmpdir(), 'kiosk-channel-'));
  try {
    writeFileSync(join(dir, 'channel.json'), data);
    writeFileSync(join(dir, 'channel.json.sig'), signature);
    const result = await run(gpgv, ['--keyring', keyring, join(dir, 'channel.json.sig'), join(dir, 'channel.json')], {
      // A home of its own: the unit keeps root's home read-only, and gpgv needs nothing from it.
      env: { ...process.env, LC_ALL: 'C', GNUPGHOME: dir },
    });
    if (result.code !== 0)
      throw new ChannelError(
        `the channel file's signature does not verify against ${keyring} (gpgv: ${lastLine(result.out)})`,
      );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** GET a URL (https:, http:, or file: for a local mirror and the tests) as bytes; null when absent (404). */
export async function getBytes(url, { timeoutMs = 30_000 } = {}) {
  if (url.startsWith('file:')) {
    const path = new URL(url).pathname;
    return existsSync(path) ? readFileSync(path) : null;
  }
  const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), redirect: 'follow' });
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return Buffer.from(await response.arrayBuffer());
}

/**
 * dpkg's environment at boot. The boot step runs before kiosk-daemon.service; a maintainer script
 * there that restarts the daemon (systemctl restart, deb-systemd-invoke) would wait for a start job
 * that itself waits for the boot step to end: neither would ever finish. Offline, systemctl skips
 * starts, restarts and reloads (is-active answers yes, and the postinst's wait for an idle kiosk
 * finds no daemon): the boot goes on and starts the units in their order.
 */
export const BOOT_ENV = { ...QUIET_ENV, SYSTEMD_OFFLINE: '1' };

/** The io of agent.mjs on a kiosk; `boot`: the boot step's (dpkg's maintainer scripts start no unit). */
export function systemIo({ settings, stateDir, releasesDir, log, bin = {}, lockWait = {}, boot = false }) {
  const dpkgEnv = boot ? BOOT_ENV : QUIET_ENV;
  const probe = settings.probe;
  // The tools by name; the tests put fakes in their place.
  const {
    aptGet = 'apt-get',
    aptCache = 'apt-cache',
    dpkg = 'dpkg',
    dpkgQuery = 'dpkg-query',
    systemctl = 'systemctl',
    aptCacheDir = '/var/cache/apt/archives',
    aptSourceList = '/etc/apt/sources.list.d/storage-kiosk.list',
  } = bin;
  const deb = (version) => join(releasesDir, `${PACKAGE}_${version}.deb`);
  return {
    now: () => Date.now(),
    sleep: (ms) => new Promise((done) => setTimeout(done, ms)),
    log,
    loadState: (running) => readState(stateDir, running),
    saveState: (state) => writeState(stateDir, state),

    /**
     * The installed version and whether dpkg left it half-done. dpkg's abbreviated status: the
     * second letter is the package's state: i installed, U unpacked, F half-configured, H
     * half-installed, W/t triggers awaiting or pending; n or c (config files only) is not installed.
     */
    async installed() {
      const result = await run(dpkgQuery, ['-W', '-f=${Version}\t${db:Status-Abbrev}', PACKAGE]);
      const [version = '', abbrev = ''] = result.out.split('\t');
      const state = abbrev.charAt(1);
      if (result.code !== 0 || version === '' || state === 'n' || state === 'c')
        return { version: null, status: 'not-installed', pending: false };
      return { version, status: abbrev.trim(), pending: state !== 'i' || abbrev.charAt(2).trim() !== '' };
    },

    async configurePending() {
      const result = await runLocked(dpkg, [...DPKG_OPTIONS, '--configure', '-a'], { log, env: dpkgEnv, ...lockWait });
      return result.code === 0 ? { ok: true } : { ok: false, reason: errorLine(result.out) };
    },

    async fetchChannel() {
      const data = await getBytes(settings.channelUrl);
      if (data === null) throw new Error(`${settings.channelUrl} not found (404)`);
      if (data.length > CHANNEL_MAX_BYTES)
        throw new ChannelError(`the channel file is over ${CHANNEL_MAX_BYTES} bytes`);
      const signature = await getBytes(`${settings.channelUrl}.sig`);
      return { data, signature };
    },

    verifySignature: (data, signature) => gpgvVerify({ keyring: settings.keyring, data, signature }),

    /** The release's entry in the repository's signed index (apt-get update first), or null. */
    async repositoryEntry(version) {
      // Only the kiosk's repository when it has a list of its own (the fleet's role writes it), as
      // the role refreshes it: a Debian mirror down tonight says nothing of the kiosk's releases.
      const own = existsSync(aptSourceList)
        ? [
            '-o',
            `Dir::Etc::SourceList=${aptSourceList}`,
            '-o',
            'Dir::Etc::SourceParts=-',
            '-o',
            'APT::Get::List-Cleanup=0',
          ]
        : [];
      const update = await run(aptGet, ['-q', ...own, 'update']);
      const shown = await run(aptCache, ['show', `${PACKAGE}=${version}`]);
      const entry = shown.code === 0 ? parseAptStanza(shown.out, version) : null;
      // Lists APT could not refresh say nothing of a release they lack: the repository was not reached.
      if (entry === null && update.code !== 0) throw new Error(`apt-get update failed: ${errorLine(update.out)}`);
      return entry;
    },

    /**
     * Download into a directory of its own, check size and SHA-256 against the signed index, and
     * only then rename into releases/: an interrupted or corrupted download is never installed.
     */
    async download(version, entry) {
      const partial = join(releasesDir, '.partial');
      rmSync(partial, { recursive: true, force: true });
      mkdirSync(partial);
      try {
        const result = await run(aptGet, ['-q', 'download', `${PACKAGE}=${version}`], { cwd: partial });
        const files = readdirSync(partial).filter((name) => name.endsWith('.deb'));
        if (result.code !== 0 || files.length !== 1)
          throw new Error(`apt-get download ${PACKAGE}=${version} failed: ${errorLine(result.out)}`);
        const file = join(partial, files[0]);
        const hash = await sha256File(file);
        if (hash !== entry.sha256) throw new Error(`${files[0]}: SHA-256 ${hash} is not the index's ${entry.sha256}`);
        renameSync(file, deb(version));
        return deb(version);
      } finally {
        rmSync(partial, { recursive: true, force: true });
      }
    },

    /** A copy of this release kept for a revert: releases/, else APT's cache, else the repository. */
    async keepRelease(version) {
      const local = await this.localRelease(version);
      if (local !== null) return local;
      const entry = await this.repositoryEntry(version);
      if (entry === null)
        throw new Error(`no copy of the running release ${version} to go back to (not in the repository)`);
      return this.download(version, entry);
    },

    async localRelease(version) {
      if (existsSync(deb(version))) return deb(version);
      // APT's cache names files with ':' and '+' escaped (%3a, %2b).
      const cache = aptCacheDir;
      const escaped = version.replaceAll(':', '%3a');
      const found = existsSync(cache)
        ? readdirSync(cache).find(
            (name) =>
              name.startsWith(`${PACKAGE}_`) &&
              [version, escaped, escaped.replaceAll('+', '%2b')].some((v) => name.startsWith(`${PACKAGE}_${v}_`)),
          )
        : undefined;
      if (found === undefined) return null;
      copyFileSync(join(cache, found), deb(version));
      return deb(version);
    },

    /**
     * apt-get installs the release with whatever it newly depends on; a revert uses dpkg alone, which
     * needs no network (the release it goes back to had its dependencies). Both non-interactive,
     * keeping the facility's settings files.
     */
    async install(path, { downgrade = false } = {}) {
      const result = downgrade
        ? await runLocked(dpkg, [...DPKG_OPTIONS, '-i', path], { log, env: dpkgEnv, ...lockWait })
        : await runLocked(
            aptGet,
            [
              'install',
              '-y',
              '-q',
              '--allow-downgrades',
              '--no-install-recommends',
              ...DPKG_OPTIONS.map((option) => `-oDpkg::Options::=${option}`),
              path,
            ],
            { log, env: dpkgEnv, ...lockWait },
          );
      if (result.out) for (const line of result.out.split('\n').slice(-20)) log(`  ${line}`);
      return result.code === 0 ? { ok: true } : { ok: false, reason: errorLine(result.out) || `exit ${result.code}` };
    },

    /** systemd reads the unit files dpkg changed (the maintainer scripts' own reload was skipped at boot). */
    async reloadUnits() {
      const result = await run(systemctl, ['daemon-reload']);
      if (result.code !== 0) log(`systemctl daemon-reload failed: ${errorLine(result.out)}`);
    },

    async pruneReleases(keep) {
      const names = new Set(keep.map((version) => basename(deb(version))));
      for (const name of readdirSync(releasesDir))
        if (name.endsWith('.deb') && !names.has(name)) rmSync(join(releasesDir, name));
    },

    /** systemd's count of automatic restarts of the kiosk's units (NRestarts). */
    async restartCounts() {
      const counts = {};
      for (const unit of ['kiosk-daemon.service', 'kiosk-browser.service']) {
        const result = await run(systemctl, ['show', '-p', 'NRestarts', '--value', unit]);
        const count = Number(result.out);
        if (result.code === 0 && Number.isInteger(count)) counts[unit] = count;
      }
      return counts;
    },

    /**
     * The probation checks, each a problem when it fails. While the operator's API is unreachable
     * (the daemon's own probe says so), what depends on it proves nothing either way: those
     * problems are inconclusive, and probation waits for the API rather than blame the release.
     */
    async probe(release) {
      const problems = [];
      const auth = probe.token ? { authorization: `Bearer ${probe.token}` } : {};
      const get = async (url, headers) => {
        const response = await fetch(url, { headers, signal: AbortSignal.timeout(10_000) });
        return { status: response.status, text: await response.text() };
      };
      let upstreamDown = false;
      try {
        const ready = await get(`${probe.supportUrl}/health/ready`, auth);
        const body = JSON.parse(ready.text);
        upstreamDown = body.upstream?.reachable === false;
        if (body.version !== release)
          problems.push({ check: 'ready', reason: `the daemon runs ${body.version}, not ${release}` });
        else if (ready.status !== 200)
          problems.push({
            check: 'ready',
            reason: `/health/ready answered ${ready.status}${upstreamDown ? ` (operator API unreachable: ${body.upstream.error ?? body.upstream.statusCode})` : ''}`,
            inconclusive: upstreamDown,
          });
      } catch (error) {
        problems.push({ check: 'ready', reason: `no answer from the daemon (${error.cause?.code ?? error.message})` });
      }
      if (probe.browser) {
        try {
          const metrics = await get(`${probe.supportUrl}/metrics`, auth);
          // The daemon's series carry its default label: kiosk_ui_connected{app="kiosk_daemon"} 1.
          if (!/^kiosk_ui_connected(\{[^}]*\})? 1$/m.test(metrics.text))
            problems.push({ check: 'heartbeat', reason: 'no kiosk page sends its heartbeat (kiosk_ui_connected 0)' });
        } catch (error) {
          problems.push({
            check: 'heartbeat',
            reason: `no metrics from the daemon (${error.cause?.code ?? error.message})`,
          });
        }
      }
      // The synthetic walk: what the welcome and Select a Space ask first, as the page asks it.
      const page = { 'x-kiosk-page': '1' };
      for (const [step, path] of [
        ['welcome', `/api/facilities/${probe.facility}/configuration/`],
        ['select-a-space', `/api/facilities/${probe.facility}/space-types/?All=true`],
      ]) {
        try {
          const answer = await get(`${probe.uiUrl}${path}`, page);
          if (answer.status !== 200)
            problems.push({
              check: `walk-${step}`,
              reason: `${path} answered ${answer.status}`,
              inconclusive: upstreamDown && answer.status >= 500,
            });
          else JSON.parse(answer.text);
        } catch (error) {
          problems.push({ check: `walk-${step}`, reason: `${path}: ${error.cause?.code ?? error.message}` });
        }
      }
      return problems;
    },
  };
}

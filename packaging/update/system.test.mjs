import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UpdateAgent } from './agent.mjs';
import { ChannelError } from './channel.mjs';
import { ownDirectory, readState, writeState } from './state.mjs';
import { gpgvVerify, parseAptStanza, systemIo } from './system.mjs';
import { parseWindow } from './window.mjs';

const dirs = [];
const tempDir = (prefix) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) {
    // The gpg-agent a key generation started in a throwaway home goes with it.
    if (existsSync(join(dir, 'pubring.kbx'))) spawnSync('gpgconf', ['--homedir', dir, '--kill', 'gpg-agent']);
    rmSync(dir, { recursive: true, force: true });
  }
});

const hasGpg = spawnSync('gpg', ['--version']).status === 0 && spawnSync('gpgv', ['--version']).status === 0;

describe.skipIf(!hasGpg)('the channel signature, checked by gpgv against a throwaway key', () => {
  let home;
  let keyring;
  let otherHome;
  const gpg = (gnupgHome, args, input) => {
    const result = spawnSync(
      'gpg',
      ['--batch', '--quiet', '--pinentry-mode', 'loopback', '--passphrase', '', ...args],
      {
        env: { ...process.env, GNUPGHOME: gnupgHome },
        input,
      },
    );
    if (result.status !== 0) throw new Error(`gpg ${args.join(' ')}: ${result.stderr}`);
    return result.stdout;
  };
  const sign = (gnupgHome, data) => gpg(gnupgHome, ['--detach-sign', '--output', '-'], data);

  beforeAll(() => {
    home = tempDir('kiosk-gpg-');
    otherHome = tempDir('kiosk-gpg-other-');
    chmodSync(home, 0o700);
    chmodSync(otherHome, 0o700);
    gpg(home, ['--quick-gen-key', 'Kiosk Releases <releases@example.com>', 'ed25519', 'sign', 'never']);
    gpg(otherHome, ['--quick-gen-key', 'Someone Else <else@example.com>', 'ed25519', 'sign', 'never']);
    keyring = join(home, 'update-keyring.gpg');
    writeFileSync(keyring, gpg(home, ['--export']));
  });

  const data = Buffer.from(
    JSON.stringify({ channel: 'stable', serial: 1, rings: [{ name: 'all', release: '1.0.1' }] }),
  );

  it('a file signed by the release key passes', async () => {
    await expect(gpgvVerify({ keyring, data, signature: sign(home, data) })).resolves.toBeUndefined();
  });

  it('an unsigned file, one signed by another key and one changed after signing are refused', async () => {
    await expect(gpgvVerify({ keyring, data, signature: null })).rejects.toThrow(
      'the channel file is not signed (no .sig beside it)',
    );
    const other = gpgvVerify({ keyring, data, signature: sign(otherHome, data) });
    await expect(other).rejects.toBeInstanceOf(ChannelError);
    await expect(other).rejects.toThrow(/signature does not verify against .*update-keyring\.gpg \(gpgv: /);
    const changed = Buffer.from(data.toString().replace('1.0.1', '6.6.6'));
    await expect(gpgvVerify({ keyring, data: changed, signature: sign(home, data) })).rejects.toThrow(
      /does not verify/,
    );
    await expect(gpgvVerify({ keyring, data, signature: Buffer.from('not a signature') })).rejects.toThrow(
      /does not verify/,
    );
  });
});

describe('APT', () => {
  const deb = Buffer.from('!<arch>\ndebian-binary   a whole package\n');
  const sha256 = createHash('sha256').update(deb).digest('hex');
  const stanza = (version) =>
    `Package: storage-kiosk\nVersion: ${version}\nArchitecture: amd64\nSize: ${deb.length}\nSHA256: ${sha256}\nFilename: ./storage-kiosk_${version}_amd64.deb\n`;

  it("reads the release's size and hash from the repository's index", () => {
    const text = `${stanza('1.0.0')}\n${stanza('1.0.1')}`;
    expect(parseAptStanza(text, '1.0.1')).toEqual({
      version: '1.0.1',
      size: deb.length,
      sha256,
      filename: './storage-kiosk_1.0.1_amd64.deb',
    });
    expect(parseAptStanza(text, '1.0.2')).toBeNull();
  });

  /** Fake apt-get and apt-cache: `download` writes the whole package, or half of it. */
  function fakeApt({ half }) {
    const bin = tempDir('kiosk-bin-');
    const body = (half ? deb.subarray(0, deb.length / 2) : deb).toString('base64');
    writeFileSync(
      join(bin, 'apt-get'),
      `#!/bin/sh\n[ "$2" = download ] || exit 0\nv="\${3#storage-kiosk=}"\necho ${body} | base64 -d > "storage-kiosk_\${v}_amd64.deb"\n`,
    );
    writeFileSync(
      join(bin, 'apt-cache'),
      `#!/bin/sh\nv="\${2#storage-kiosk=}"\nprintf 'Package: storage-kiosk\\nVersion: %s\\nSize: ${deb.length}\\nSHA256: ${sha256}\\n' "$v"\n`,
    );
    writeFileSync(join(bin, 'dpkg-query'), '#!/bin/sh\nprintf "1.0.0\\tii "\n');
    writeFileSync(join(bin, 'dpkg'), `#!/bin/sh\necho "dpkg $*" >> "${bin}/dpkg.log"\n`);
    for (const tool of ['apt-get', 'apt-cache', 'dpkg-query', 'dpkg']) chmodSync(join(bin, tool), 0o755);
    return bin;
  }

  async function pull({ half }) {
    const bin = fakeApt({ half });
    const stateDir = tempDir('kiosk-update-');
    const releasesDir = join(stateDir, 'releases');
    mkdirSync(releasesDir);
    writeFileSync(join(releasesDir, 'storage-kiosk_1.0.0.deb'), deb);
    const logs = [];
    const settings = { kioskId: 'kiosk-7', window: parseWindow('01:00-05:00'), probationMs: 60_000, checkMs: 60_000 };
    const io = systemIo({
      settings,
      stateDir,
      releasesDir,
      log: (line) => logs.push(line),
      bin: {
        aptGet: join(bin, 'apt-get'),
        aptCache: join(bin, 'apt-cache'),
        dpkgQuery: join(bin, 'dpkg-query'),
        dpkg: join(bin, 'dpkg'),
        aptCacheDir: join(bin, 'none'),
      },
    });
    io.fetchChannel = async () => ({
      data: Buffer.from(JSON.stringify({ channel: 'stable', serial: 1, rings: [{ name: 'all', release: '1.0.1' }] })),
      signature: Buffer.from('sig'),
    });
    io.verifySignature = async () => {};
    const installs = [];
    io.install = async (path) => {
      installs.push(path);
      return { ok: false, reason: 'stopped by the test' };
    };
    const state = await new UpdateAgent({ io, settings }).run({ now: true });
    return { state, installs, releases: readdirSync(releasesDir), logs };
  }

  it("a half-downloaded package is never installed: its hash is not the index's", async () => {
    const { state, installs, releases, logs } = await pull({ half: true });
    expect(installs).toEqual([]);
    expect(releases).toEqual(['storage-kiosk_1.0.0.deb']);
    expect(state).toMatchObject({
      state: 'idle',
      running: '1.0.0',
      lastOutcome: {
        outcome: 'download-failed',
        reason: expect.stringMatching(/SHA-256 [0-9a-f]{64} is not the index's/),
      },
    });
    expect(logs.join('\n')).toMatch(/download failed: storage-kiosk_1\.0\.1_amd64\.deb: SHA-256/);
  });

  it('a whole package is kept in releases/ beside the one to go back to, then installed', async () => {
    const { installs, releases } = await pull({ half: false });
    expect(releases.sort()).toEqual(['storage-kiosk_1.0.0.deb', 'storage-kiosk_1.0.1.deb']);
    expect(installs).toHaveLength(2);
    expect(installs[0]).toMatch(/storage-kiosk_1\.0\.1\.deb$/);
    // The install was stopped by the test: the revert installs the kept 1.0.0.
    expect(installs[1]).toMatch(/storage-kiosk_1\.0\.0\.deb$/);
  });
});

describe("dpkg's word on the package", () => {
  const withStatus = async (out, code = 0) => {
    const bin = tempDir('kiosk-dpkg-');
    writeFileSync(join(bin, 'dpkg-query'), `#!/bin/sh\nprintf '${out}'\nexit ${code}\n`);
    chmodSync(join(bin, 'dpkg-query'), 0o755);
    return systemIo({
      settings: {},
      stateDir: bin,
      releasesDir: bin,
      log: () => {},
      bin: { dpkgQuery: join(bin, 'dpkg-query') },
    }).installed();
  };

  it('installed, unpacked by a cut-short dpkg, half-configured, on hold, removed, absent', async () => {
    expect(await withStatus('1.0.1\\tii ')).toEqual({ version: '1.0.1', status: 'ii', pending: false });
    expect(await withStatus('1.0.1\\tiU ')).toEqual({ version: '1.0.1', status: 'iU', pending: true });
    expect(await withStatus('1.0.1\\tiF ')).toEqual({ version: '1.0.1', status: 'iF', pending: true });
    expect(await withStatus('1.0.1\\thi ')).toEqual({ version: '1.0.1', status: 'hi', pending: false });
    expect(await withStatus('1.0.1\\tiiR')).toEqual({ version: '1.0.1', status: 'iiR', pending: true });
    expect(await withStatus('1.0.1\\trc ')).toEqual({ version: null, status: 'not-installed', pending: false });
    expect(await withStatus('', 1)).toEqual({ version: null, status: 'not-installed', pending: false });
  });
});

describe("dpkg's lock held by another (unattended-upgrades)", () => {
  it('the revert waits for it rather than fail', async () => {
    const bin = tempDir('kiosk-lock-');
    // A dpkg that is locked for its first two calls, then installs.
    writeFileSync(
      join(bin, 'dpkg'),
      `#!/bin/sh\nn=$(cat "${bin}/calls" 2>/dev/null || echo 0); n=$((n+1)); echo $n > "${bin}/calls"\n` +
        `if [ $n -le 2 ]; then echo "dpkg: error: dpkg frontend lock was locked by another process with pid 4242" >&2; exit 2; fi\necho "Setting up storage-kiosk (1.0.0) ..."\n`,
    );
    chmodSync(join(bin, 'dpkg'), 0o755);
    const logs = [];
    const io = systemIo({
      settings: {},
      stateDir: bin,
      releasesDir: bin,
      log: (line) => logs.push(line),
      bin: { dpkg: join(bin, 'dpkg') },
      lockWait: { everyMs: 10 },
    });
    expect(await io.install(join(bin, 'storage-kiosk_1.0.0.deb'), { downgrade: true })).toEqual({ ok: true });
    expect(readFileSync(join(bin, 'calls'), 'utf8').trim()).toBe('3');
    expect(logs.filter((line) => line.startsWith('dpkg is busy'))).toHaveLength(2);
  });

  it('an error that is not the lock is not retried', async () => {
    const bin = tempDir('kiosk-lock-');
    writeFileSync(
      join(bin, 'dpkg'),
      `#!/bin/sh\necho x >> "${bin}/calls"\necho "dpkg: error processing archive x.deb (--install): cannot access archive" >&2\nexit 1\n`,
    );
    chmodSync(join(bin, 'dpkg'), 0o755);
    const io = systemIo({
      settings: {},
      stateDir: bin,
      releasesDir: bin,
      log: () => {},
      bin: { dpkg: join(bin, 'dpkg') },
      lockWait: { everyMs: 10 },
    });
    expect(await io.install('x.deb', { downgrade: true })).toEqual({
      ok: false,
      reason: 'dpkg: error processing archive x.deb (--install): cannot access archive',
    });
    expect(readFileSync(join(bin, 'calls'), 'utf8').trim().split('\n')).toHaveLength(1);
  });
});

describe('the boot step', () => {
  /** A dpkg and a systemctl that note their arguments and whether systemctl would act offline. */
  function tools() {
    const bin = tempDir('kiosk-boot-');
    for (const tool of ['dpkg', 'systemctl']) {
      writeFileSync(
        join(bin, tool),
        `#!/bin/sh\necho "${tool} $* offline=\${SYSTEMD_OFFLINE:-unset}" >> "${bin}/calls"\n`,
      );
      chmodSync(join(bin, tool), 0o755);
    }
    const calls = () => readFileSync(join(bin, 'calls'), 'utf8').trim().split('\n');
    const io = (boot) =>
      systemIo({
        settings: {},
        stateDir: bin,
        releasesDir: bin,
        log: () => {},
        boot,
        bin: { dpkg: join(bin, 'dpkg'), systemctl: join(bin, 'systemctl') },
      });
    return { io, calls };
  }

  it("runs dpkg with systemctl offline, so a maintainer script's restart of the daemon cannot wait on the boot", async () => {
    const { io, calls } = tools();
    const boot = io(true);
    expect(await boot.configurePending()).toEqual({ ok: true });
    expect(await boot.install('/x/storage-kiosk_1.0.0.deb', { downgrade: true })).toEqual({ ok: true });
    await boot.reloadUnits();
    expect(calls()).toEqual([
      'dpkg --force-confdef --force-confold --configure -a offline=1',
      'dpkg --force-confdef --force-confold -i /x/storage-kiosk_1.0.0.deb offline=1',
      'systemctl daemon-reload offline=unset',
    ]);
  });

  it("the timer's runs leave systemctl online (the postinst restarts the daemon between visitors)", async () => {
    const { io, calls } = tools();
    await io(false).configurePending();
    expect(calls()).toEqual(['dpkg --force-confdef --force-confold --configure -a offline=unset']);
  });
});

describe('the state file', () => {
  it('is replaced whole and read back', () => {
    const dir = tempDir('kiosk-state-');
    const state = { ...readState(dir, '1.0.0'), state: 'probation', wanted: '1.0.1' };
    writeState(dir, state);
    writeState(dir, { ...state, state: 'idle' });
    expect(readState(dir, '1.0.0')).toMatchObject({ state: 'idle', wanted: '1.0.1', running: '1.0.0' });
    expect(readdirSync(dir)).toEqual(['state.json']);
  });

  it("is never written through a link the daemon's user put in place of its directory", () => {
    const dir = tempDir('kiosk-owned-');
    const elsewhere = tempDir('kiosk-elsewhere-');
    spawnSync('ln', ['-s', elsewhere, join(dir, 'update')]);
    const uid = process.getuid();
    expect(() => ownDirectory(join(dir, 'update'), { uid })).toThrow(/is a symbolic link: refusing to use it/);
    expect(existsSync(join(elsewhere, 'state.json'))).toBe(false);
    expect(ownDirectory(join(dir, 'fresh'), { uid })).toBe(join(dir, 'fresh'));
    expect(() => ownDirectory(join(dir, 'fresh'), { uid: uid + 1 })).toThrow(/is owned by uid/);
  });
});

describe('the probation checks against a daemon', () => {
  /** A daemon's two listeners as the checks see them: readiness, metrics, and the page's API. */
  async function daemon({ version = '1.0.1', status = 200, upstream = { reachable: true }, connected = 1, api = 200 }) {
    const requests = [];
    const server = createServer((request, response) => {
      requests.push({ url: request.url, headers: request.headers });
      const send = (code, body, type = 'application/json') => {
        response.writeHead(code, { 'content-type': type });
        response.end(body);
      };
      if (request.url === '/health/ready')
        return send(status, JSON.stringify({ status: status === 200 ? 'ready' : 'not-ready', version, upstream }));
      if (request.url === '/metrics')
        return send(
          200,
          `# HELP kiosk_ui_connected 1 while a kiosk page sends its heartbeat\nkiosk_ui_connected{app="kiosk_daemon"} ${connected}\n`,
          'text/plain',
        );
      if (request.url.startsWith('/api/') && request.headers['x-kiosk-page'] === '1')
        return send(api, api === 200 ? '{"result": []}' : '{"reason": "down"}');
      return send(404, '{}');
    });
    await new Promise((done) => server.listen(0, '127.0.0.1', done));
    const url = `http://127.0.0.1:${server.address().port}`;
    const io = systemIo({
      settings: { probe: { supportUrl: url, uiUrl: url, token: 'support-token', facility: 'demo', browser: true } },
      stateDir: tmpdir(),
      releasesDir: tmpdir(),
      log: () => {},
    });
    return { io, requests, close: () => new Promise((done) => server.close(done)) };
  }

  it('a healthy daemon on the new release: no problem, the walk asked as the page asks, the token sent', async () => {
    const { io, requests, close } = await daemon({});
    try {
      expect(await io.probe('1.0.1')).toEqual([]);
      expect(requests.map((r) => r.url)).toEqual([
        '/health/ready',
        '/metrics',
        '/api/facilities/demo/configuration/',
        '/api/facilities/demo/space-types/?All=true',
      ]);
      expect(requests[0].headers.authorization).toBe('Bearer support-token');
    } finally {
      await close();
    }
  });

  it('the old release still answering, no heartbeat, the walk failing: each named', async () => {
    const { io, close } = await daemon({ version: '1.0.0', connected: 0, api: 500 });
    try {
      expect(await io.probe('1.0.1')).toEqual([
        { check: 'ready', reason: 'the daemon runs 1.0.0, not 1.0.1' },
        { check: 'heartbeat', reason: 'no kiosk page sends its heartbeat (kiosk_ui_connected 0)' },
        { check: 'walk-welcome', reason: '/api/facilities/demo/configuration/ answered 500', inconclusive: false },
        {
          check: 'walk-select-a-space',
          reason: '/api/facilities/demo/space-types/?All=true answered 500',
          inconclusive: false,
        },
      ]);
    } finally {
      await close();
    }
  });

  it("the operator's API unreachable: not ready and the walk failing prove nothing", async () => {
    const { io, close } = await daemon({ status: 503, upstream: { reachable: false, error: 'down' }, api: 502 });
    try {
      const problems = await io.probe('1.0.1');
      expect(problems.map((p) => [p.check, p.inconclusive])).toEqual([
        ['ready', true],
        ['walk-welcome', true],
        ['walk-select-a-space', true],
      ]);
      expect(problems[0].reason).toBe('/health/ready answered 503 (operator API unreachable: down)');
    } finally {
      await close();
    }
  });

  it('no daemon at all', async () => {
    const { io, close } = await daemon({});
    await close();
    const problems = await io.probe('1.0.1');
    expect(problems[0]).toEqual({ check: 'ready', reason: 'no answer from the daemon (ECONNREFUSED)' });
  });
});

const hasApt = ['apt-get', 'apt-cache', 'dpkg-deb', 'dpkg-scanpackages'].every(
  (tool) => spawnSync('sh', ['-c', `command -v ${tool}`]).status === 0,
);

describe.skipIf(!hasApt || process.getuid?.() !== 0)(
  'APT itself (as root): a release from a local repository, checked against its index',
  () => {
    /**
     * A repository of two tiny storage-kiosk packages and an APT of its own (lists, cache, sources in
     * a temporary directory): the machine's APT and dpkg are not touched.
     */
    function repository() {
      const dir = tempDir('kiosk-apt-');
      const repo = join(dir, 'repo');
      mkdirSync(repo);
      for (const version of ['1.0.0', '1.0.1']) {
        const pkg = join(dir, `pkg-${version}`);
        mkdirSync(join(pkg, 'DEBIAN'), { recursive: true });
        writeFileSync(
          join(pkg, 'DEBIAN/control'),
          `Package: storage-kiosk\nVersion: ${version}\nArchitecture: all\nMaintainer: Test <t@example.com>\nDescription: test\n`,
        );
        expect(spawnSync('dpkg-deb', ['--build', pkg, join(repo, `storage-kiosk_${version}_all.deb`)]).status).toBe(0);
      }
      const packages = spawnSync('dpkg-scanpackages', ['--multiversion', '.', '/dev/null'], { cwd: repo });
      writeFileSync(join(repo, 'Packages'), packages.stdout);
      for (const sub of ['lists/partial', 'cache/archives/partial', 'etc'])
        mkdirSync(join(dir, sub), { recursive: true });
      writeFileSync(join(dir, 'etc/sources.list'), `deb [trusted=yes] file:${repo} ./\n`);
      const options = [
        `-o Dir::Etc::SourceList=${dir}/etc/sources.list`,
        '-o Dir::Etc::SourceParts=/dev/null',
        `-o Dir::State::Lists=${dir}/lists`,
        `-o Dir::Cache=${dir}/cache`,
        '-o Debug::NoLocking=1',
      ].join(' ');
      for (const tool of ['apt-get', 'apt-cache']) {
        writeFileSync(join(dir, tool), `#!/bin/sh\nexec ${tool} ${options} "$@"\n`);
        chmodSync(join(dir, tool), 0o755);
      }
      const releasesDir = join(dir, 'releases');
      mkdirSync(releasesDir);
      const io = systemIo({
        settings: {},
        stateDir: dir,
        releasesDir,
        log: () => {},
        bin: {
          aptGet: join(dir, 'apt-get'),
          aptCache: join(dir, 'apt-cache'),
          aptCacheDir: join(dir, 'cache/archives'),
          // The kiosk repository's own list: only it is refreshed.
          aptSourceList: join(dir, 'etc/sources.list'),
        },
      });
      return { io, repo, releasesDir };
    }

    it('downloads the release the index names, into releases/, and nothing for a release it lacks', async () => {
      const { io, repo, releasesDir } = repository();
      const entry = await io.repositoryEntry('1.0.1');
      const file = readFileSync(join(repo, 'storage-kiosk_1.0.1_all.deb'));
      expect(entry).toMatchObject({
        version: '1.0.1',
        size: file.length,
        sha256: createHash('sha256').update(file).digest('hex'),
      });
      expect(await io.download('1.0.1', entry)).toBe(join(releasesDir, 'storage-kiosk_1.0.1.deb'));
      expect(readFileSync(join(releasesDir, 'storage-kiosk_1.0.1.deb'))).toEqual(file);
      expect(await io.repositoryEntry('9.9.9')).toBeNull();
    });

    it('a package file that is not the one the index names (cut short, replaced) is refused and not kept', async () => {
      const { io, repo, releasesDir } = repository();
      const entry = await io.repositoryEntry('1.0.1');
      const file = join(repo, 'storage-kiosk_1.0.1_all.deb');
      writeFileSync(file, readFileSync(file).subarray(0, 300));
      await expect(io.download('1.0.1', entry)).rejects.toThrow(
        /apt-get download storage-kiosk=1\.0\.1 failed: .*(Size mismatch|Hash Sum mismatch|mismatch)/i,
      );
      expect(readdirSync(releasesDir)).toEqual([]);
    });
  },
);

describe.skipIf(!hasApt || process.getuid?.() !== 0)(
  'dpkg itself (as root), in a root of its own: a cut after the unpack, a revert',
  () => {
    /** A dpkg database in a temporary root with 1.0.0 installed; the machine's own dpkg is not touched. */
    function machine() {
      const dir = tempDir('kiosk-dpkg-root-');
      const root = join(dir, 'root');
      for (const sub of ['info', 'updates', 'triggers'])
        mkdirSync(join(root, 'var/lib/dpkg', sub), { recursive: true });
      writeFileSync(join(root, 'var/lib/dpkg/status'), '');
      const debs = {};
      for (const version of ['1.0.0', '1.0.1']) {
        const pkg = join(dir, `pkg-${version}`);
        mkdirSync(join(pkg, 'DEBIAN'), { recursive: true });
        mkdirSync(join(pkg, 'usr/lib/storage-kiosk'), { recursive: true });
        writeFileSync(join(pkg, 'usr/lib/storage-kiosk/build-info.json'), JSON.stringify({ version }));
        writeFileSync(
          join(pkg, 'DEBIAN/control'),
          `Package: storage-kiosk\nVersion: ${version}\nArchitecture: all\nMaintainer: Test <t@example.com>\nDescription: test\n`,
        );
        debs[version] = join(dir, `storage-kiosk_${version}_all.deb`);
        expect(spawnSync('dpkg-deb', ['--build', pkg, debs[version]]).status).toBe(0);
      }
      writeFileSync(join(dir, 'dpkg'), `#!/bin/sh\nexec dpkg --root=${root} --force-script-chrootless "$@"\n`);
      writeFileSync(join(dir, 'dpkg-query'), `#!/bin/sh\nexec dpkg-query --root=${root} "$@"\n`);
      chmodSync(join(dir, 'dpkg'), 0o755);
      chmodSync(join(dir, 'dpkg-query'), 0o755);
      const dpkg = (...args) => spawnSync(join(dir, 'dpkg'), args, { encoding: 'utf8' });
      expect(dpkg('-i', debs['1.0.0']).status).toBe(0);
      const releasesDir = join(dir, 'releases');
      mkdirSync(releasesDir);
      const logs = [];
      const settings = {
        kioskId: 'kiosk-7',
        window: parseWindow('01:00-05:00'),
        probationMs: 15 * 60_000,
        checkMs: 60_000,
      };
      const io = systemIo({
        settings,
        stateDir: dir,
        releasesDir,
        log: (line) => logs.push(line),
        bin: { dpkg: join(dir, 'dpkg'), dpkgQuery: join(dir, 'dpkg-query') },
      });
      // Probation's clock and the daemon are the test's; dpkg is real.
      let now = Date.parse('2026-11-28T02:00:00Z');
      Object.assign(io, {
        now: () => now,
        sleep: async (ms) => {
          now += ms;
        },
        restartCounts: async () => ({}),
        probe: async () => [],
        fetchChannel: async () => {
          throw new Error('no network in this test');
        },
      });
      const status = () =>
        spawnSync(join(dir, 'dpkg-query'), ['-W', '-f=${Version} ${db:Status-Abbrev}', 'storage-kiosk'], {
          encoding: 'utf8',
        }).stdout.trim();
      return { dir, io, settings, debs, dpkg, releasesDir, logs, status, root };
    }

    it('the plug pulled after dpkg unpacked 1.0.1: the boot configures it (dpkg --configure -a), probation again, commit', async () => {
      const { dir, io, settings, debs, dpkg, logs, status, root } = machine();
      expect(dpkg('--unpack', debs['1.0.1']).status).toBe(0);
      expect(status()).toBe('1.0.1 iU');
      writeState(dir, {
        ...readState(dir, '1.0.0'),
        state: 'installing',
        running: '1.0.0',
        wanted: '1.0.1',
        previous: '1.0.0',
      });
      const state = await new UpdateAgent({ io, settings }).run({ now: true });
      expect(status()).toBe('1.0.1 ii');
      expect(JSON.parse(readFileSync(join(root, 'usr/lib/storage-kiosk/build-info.json'), 'utf8')).version).toBe(
        '1.0.1',
      );
      expect(state).toMatchObject({ state: 'idle', running: '1.0.1', lastOutcome: { outcome: 'committed' } });
      expect(logs[0]).toBe('dpkg was interrupted (storage-kiosk iU): dpkg --configure -a');
    });

    it("the plug pulled in dpkg's unpack (half-installed): the boot step undoes it from the kept .deb; 1.0.1 stays eligible", async () => {
      const { dir, io, settings, debs, dpkg, releasesDir, logs, status, root } = machine();
      expect(dpkg('--unpack', debs['1.0.1']).status).toBe(0);
      // dpkg's mark for an unpack cut short: the files of both releases, neither whole.
      const statusFile = join(root, 'var/lib/dpkg/status');
      writeFileSync(
        statusFile,
        readFileSync(statusFile, 'utf8').replace('install ok unpacked', 'install reinstreq half-installed'),
      );
      expect(status()).toBe('1.0.1 iHR');
      writeFileSync(join(releasesDir, 'storage-kiosk_1.0.0.deb'), readFileSync(debs['1.0.0']));
      writeState(dir, {
        ...readState(dir, '1.0.0'),
        state: 'installing',
        running: '1.0.0',
        wanted: '1.0.1',
        previous: '1.0.0',
      });
      io.reloadUnits = async () => {};
      const state = await new UpdateAgent({ io, settings }).boot();
      expect(status()).toBe('1.0.0 ii');
      expect(JSON.parse(readFileSync(join(root, 'usr/lib/storage-kiosk/build-info.json'), 'utf8')).version).toBe(
        '1.0.0',
      );
      expect(state).toMatchObject({
        state: 'idle',
        running: '1.0.0',
        wanted: '1.0.1',
        failedReleases: [],
        lastOutcome: { outcome: 'interrupted', release: '1.0.1' },
      });
      expect(logs[0]).toBe('boot: an install was interrupted (state installing, dpkg says iHR)');
    });

    it('a release failing probation goes back to the kept .deb with dpkg -i, no network', async () => {
      const { dir, io, settings, debs, dpkg, releasesDir, status, root } = machine();
      expect(dpkg('-i', debs['1.0.1']).status).toBe(0);
      writeFileSync(join(releasesDir, 'storage-kiosk_1.0.0.deb'), readFileSync(debs['1.0.0']));
      writeState(dir, {
        ...readState(dir, '1.0.1'),
        state: 'probation',
        running: '1.0.1',
        wanted: '1.0.1',
        previous: '1.0.0',
        probationSince: new Date(io.now()).toISOString(),
      });
      io.probe = async () => [{ check: 'ready', reason: 'no answer from the daemon (ECONNREFUSED)' }];
      const state = await new UpdateAgent({ io, settings }).run({ now: true });
      expect(status()).toBe('1.0.0 ii');
      expect(JSON.parse(readFileSync(join(root, 'usr/lib/storage-kiosk/build-info.json'), 'utf8')).version).toBe(
        '1.0.0',
      );
      expect(state).toMatchObject({ state: 'reverted', running: '1.0.0', failedReleases: ['1.0.1'] });
    });
  },
);

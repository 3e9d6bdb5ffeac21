import { describe, expect, it } from 'vitest';
import { UpdateAgent, withoutCredentials } from './agent.mjs';
import { ChannelError } from './channel.mjs';
import { initialState } from './state.mjs';
import { parseWindow } from './window.mjs';

const MINUTE = 60_000;
const START = Date.parse('2026-11-28T02:00:00Z');

/**
 * A kiosk as the agent sees it: dpkg's installed version, the repository, the kiosk's copies of
 * releases, the daemon's health per release, a clock that sleeps instantly, and a disk (the state
 * file) that survives a power cut.
 */
function kiosk({ running = '1.0.0', channel, repository = ['1.0.0', '1.0.1'], daemon = {}, cut } = {}) {
  const machine = {
    now: START,
    installed: { version: running, pending: false, status: 'ii' },
    disk: { state: undefined },
    kept: new Set([running]),
    downloads: [],
    installs: [],
    logs: [],
    fetches: 0,
    sleeps: 0,
    reloads: 0,
    restarts: { 'kiosk-daemon.service': 0, 'kiosk-browser.service': 0 },
    channel: channel ?? {
      data: Buffer.from(JSON.stringify({ channel: 'stable', serial: 2, rings: [{ name: 'all', release: '1.0.1' }] })),
      signature: Buffer.from('good'),
    },
    installedAt: START,
  };
  // Where the test pulls the plug, the run stops for good: no catch, no finally, as with a power cut.
  let pulled;
  machine.pulled = new Promise((resolve) => (pulled = resolve));
  const plug = async (stage) => {
    if (cut !== stage) return;
    pulled(stage);
    await new Promise(() => {});
  };
  /** The daemon of a release, `minutes` after it was installed: { ready, crashes }. */
  const health = (release) => (daemon[release] ?? (() => ({})))((machine.now - machine.installedAt) / MINUTE);
  machine.io = {
    now: () => machine.now,
    sleep: async (ms) => {
      machine.sleeps += 1;
      machine.now += ms;
      await plug(`sleep@${Math.round((machine.now - machine.installedAt) / MINUTE)}`);
    },
    log: (line) => machine.logs.push(`${Math.round((machine.now - START) / 1000)} s ${line}`),
    loadState: (version) => (machine.disk.state ? structuredClone(machine.disk.state) : initialState(version)),
    saveState: (state) => {
      machine.disk.state = structuredClone(state);
    },
    installed: async () => ({ ...machine.installed }),
    configurePending: async () => {
      // dpkg --configure -a configures what is unpacked; a half-installed package (files of both
      // releases) it leaves as it is.
      if (machine.installed.status === 'iH') return { ok: true };
      const broken = health(machine.installed.version).configureFails;
      if (!broken) machine.installed = { ...machine.installed, pending: false, status: 'ii' };
      return broken ? { ok: false, reason: 'postinst failed' } : { ok: true };
    },
    fetchChannel: async () => {
      machine.fetches += 1;
      await plug('fetch');
      if (machine.channel instanceof Error) throw machine.channel;
      return machine.channel;
    },
    verifySignature: async (_data, signature) => {
      if (signature === null) throw new ChannelError('the channel file is not signed (no .sig beside it)');
      if (signature.toString() !== 'good') throw new ChannelError("the channel file's signature does not verify");
    },
    repositoryEntry: async (version) => (repository.includes(version) ? { version, size: 1, sha256: 'x' } : null),
    keepRelease: async (version) => {
      machine.kept.add(version);
      return `releases/${version}.deb`;
    },
    download: async (version) => {
      await plug('download');
      machine.downloads.push(version);
      machine.kept.add(version);
      return `releases/${version}.deb`;
    },
    localRelease: async (version) => (machine.kept.has(version) ? `releases/${version}.deb` : null),
    install: async (path) => {
      const version = /releases\/(.*)\.deb/.exec(path)[1];
      machine.installs.push(version);
      await plug(`unpack:${version}`);
      // dpkg's unpack: the new files in place, the old ones not yet removed.
      machine.installed = { version, pending: true, status: 'iH' };
      await plug(`half-installed:${version}`);
      machine.installed = { version, pending: true, status: 'iU' };
      machine.now += 20_000;
      await plug(`configure:${version}`);
      if (health(version).configureFails) {
        machine.installed = { version, pending: true, status: 'iF' };
        return { ok: false, reason: 'postinst failed' };
      }
      machine.installed = { version, pending: false, status: 'ii' };
      machine.installedAt = machine.now;
      return { ok: true };
    },
    pruneReleases: async () => {},
    reloadUnits: async () => {
      machine.reloads += 1;
    },
    restartCounts: async () => {
      const crashes = health(machine.installed.version).crashes ?? 0;
      return { ...machine.restarts, 'kiosk-daemon.service': machine.restarts['kiosk-daemon.service'] + crashes };
    },
    probe: async (release) => {
      const h = health(machine.installed.version);
      const problems = [];
      if (h.ready === false) problems.push({ check: 'ready', reason: 'no answer from the daemon (ECONNREFUSED)' });
      if (machine.installed.version !== release)
        problems.push({ check: 'ready', reason: `the daemon runs ${machine.installed.version}` });
      if (h.walk === false)
        problems.push({ check: 'walk-select-a-space', reason: '/api/facilities/demo/space-types/ answered 502' });
      if (h.upstreamDown)
        problems.push({
          check: 'ready',
          reason: '/health/ready answered 503 (operator API unreachable: down)',
          inconclusive: true,
        });
      return problems;
    },
  };
  return machine;
}

const SETTINGS = { kioskId: 'kiosk-7', window: parseWindow('01:00-05:00'), probationMs: 15 * MINUTE, checkMs: MINUTE };
const runOnce = (machine, options = { now: true }) =>
  new UpdateAgent({ io: machine.io, settings: SETTINGS }).run(options);
/** The boot step's run (storage-kiosk update --boot). */
const bootOnce = (machine) => new UpdateAgent({ io: machine.io, settings: SETTINGS }).boot();

/** The kiosk after a power cut: a new process on what the disk and dpkg kept; the plug stays in this time. */
function bootedAfter(machine, options = {}) {
  const booted = kiosk({ ...options });
  Object.assign(booted, {
    now: machine.now + 30_000,
    installed: machine.installed,
    disk: machine.disk,
    kept: machine.kept,
    installs: machine.installs,
    installedAt: machine.installedAt,
  });
  return booted;
}

describe('pull, probation, commit', () => {
  it('a kiosk on 1.0.0 takes 1.0.1, holds it on probation for 15 minutes and commits', async () => {
    const machine = kiosk();
    const state = await runOnce(machine);
    expect(state).toMatchObject({
      state: 'idle',
      running: '1.0.1',
      wanted: '1.0.1',
      previous: '1.0.0',
      ring: 'all',
      channelSerial: 2,
    });
    expect(state.lastOutcome).toMatchObject({ outcome: 'committed', release: '1.0.1' });
    expect(machine.installs).toEqual(['1.0.1']);
    // The release to go back to was kept before anything changed.
    expect(machine.kept.has('1.0.0')).toBe(true);
    expect(machine.now - START).toBe(20_000 + 15 * MINUTE);
    expect(machine.logs.join('\n')).toMatch(
      /0 s ring all wants 1\.0\.1 \(running 1\.0\.0\): downloading\n.*\n20 s installed 1\.0\.1: on probation for 15 minutes\n920 s 1\.0\.1 passed probation: committed/,
    );
  });

  it('the next run with the same channel changes nothing', async () => {
    const machine = kiosk();
    await runOnce(machine);
    const state = await runOnce(machine);
    expect(state).toMatchObject({ state: 'idle', running: '1.0.1', lastCheckResult: 'current' });
    expect(machine.installs).toEqual(['1.0.1']);
  });

  it('a paused channel changes nothing', async () => {
    const machine = kiosk({
      channel: {
        data: Buffer.from(
          JSON.stringify({ channel: 'stable', serial: 2, paused: true, rings: [{ name: 'all', release: '1.0.1' }] }),
        ),
        signature: Buffer.from('good'),
      },
    });
    const state = await runOnce(machine);
    expect(state).toMatchObject({ state: 'idle', running: '1.0.0', lastCheckResult: 'paused' });
    expect(machine.installs).toEqual([]);
  });

  it("outside the window the timer's run does nothing", async () => {
    const machine = kiosk();
    machine.now = new Date(2026, 10, 28, 12, 0).getTime();
    const state = await runOnce(machine, { now: false });
    expect(state.lastCheckAt).toBeNull();
    expect(machine.installs).toEqual([]);
    expect(machine.logs.at(-1)).toMatch(/not checking now: this kiosk checks at 0[1-4]:\d\d/);
  });
});

describe('revert', () => {
  it('a release whose daemon dies ten minutes in is reverted within probation, and never retried', async () => {
    const machine = kiosk({ daemon: { '1.0.1': (minutes) => ({ ready: minutes < 10 }) } });
    const state = await runOnce(machine);
    expect(state).toMatchObject({ state: 'reverted', running: '1.0.0', failedReleases: ['1.0.1'] });
    expect(state.lastOutcome).toMatchObject({
      outcome: 'reverted',
      release: '1.0.1',
      reason: 'ready: no answer from the daemon (ECONNREFUSED) (minute 11 of probation)',
    });
    expect(machine.installs).toEqual(['1.0.1', '1.0.0']);
    // Within probation: minute 11 of 15.
    expect(machine.now - START).toBe(20_000 + 11 * MINUTE + 20_000);

    const again = await runOnce(machine);
    expect(again).toMatchObject({ state: 'reverted', running: '1.0.0', lastCheckResult: 'failed-before' });
    expect(machine.installs).toEqual(['1.0.1', '1.0.0']);
  });

  it('a newer release named by the channel is taken after a failed one', async () => {
    const machine = kiosk({ repository: ['1.0.0', '1.0.1', '1.0.2'], daemon: { '1.0.1': () => ({ ready: false }) } });
    await runOnce(machine);
    machine.channel = {
      data: Buffer.from(JSON.stringify({ channel: 'stable', serial: 3, rings: [{ name: 'all', release: '1.0.2' }] })),
      signature: Buffer.from('good'),
    };
    const state = await runOnce(machine);
    expect(state).toMatchObject({
      state: 'idle',
      running: '1.0.2',
      failedReleases: ['1.0.1'],
      lastOutcome: { outcome: 'committed' },
    });
  });

  it('a crash (systemd restarted the daemon) reverts at once', async () => {
    const machine = kiosk({ daemon: { '1.0.1': (minutes) => ({ crashes: minutes >= 3 ? 1 : 0 }) } });
    const state = await runOnce(machine);
    expect(state.lastOutcome.reason).toBe('kiosk-daemon.service restarted 1 time(s) on probation (crashed)');
    expect(state).toMatchObject({ state: 'reverted', running: '1.0.0' });
  });

  it('one bad minute of the synthetic walk is not a revert; two in a row are', async () => {
    const once = kiosk({ daemon: { '1.0.1': (minutes) => ({ walk: Math.round(minutes) !== 5 }) } });
    expect(await runOnce(once)).toMatchObject({ state: 'idle', running: '1.0.1' });
    const twice = kiosk({ daemon: { '1.0.1': (minutes) => ({ walk: minutes < 5 }) } });
    expect(await runOnce(twice)).toMatchObject({
      state: 'reverted',
      lastOutcome: {
        reason: expect.stringMatching(/^walk-select-a-space: .* answered 502 \(minute 6 of probation\)$/),
      },
    });
  });

  it("minutes the operator's API is down prove nothing: probation runs that much longer, then commits", async () => {
    const machine = kiosk({ daemon: { '1.0.1': (minutes) => ({ upstreamDown: minutes > 3 && minutes < 9 }) } });
    const state = await runOnce(machine);
    expect(state).toMatchObject({ state: 'idle', running: '1.0.1', lastOutcome: { outcome: 'committed' } });
    // Five minutes (4 to 8) proved nothing: 20 s of install, then 15 + 5 minutes of probation.
    expect(machine.now - START).toBe(20_000 + 20 * MINUTE);
  });

  it('a release the kiosk could not prove in twice its probation goes back, and is tried again at the next check', async () => {
    const machine = kiosk({ daemon: { '1.0.1': () => ({ upstreamDown: true }) } });
    const state = await runOnce(machine);
    expect(state).toMatchObject({ state: 'reverted', running: '1.0.0', failedReleases: [] });
    expect(state.lastOutcome.reason).toBe(
      'not proven in 30 minutes: /health/ready answered 503 (operator API unreachable: down)',
    );
    // The next night the operator's API answers: the same release is installed and commits.
    const next = kiosk();
    Object.assign(next, {
      installed: machine.installed,
      disk: machine.disk,
      kept: machine.kept,
      now: machine.now + 24 * 60 * MINUTE,
    });
    expect(await runOnce(next)).toMatchObject({
      state: 'idle',
      running: '1.0.1',
      lastOutcome: { outcome: 'committed' },
    });
  });

  it('an install dpkg cannot finish is reverted', async () => {
    const machine = kiosk({ daemon: { '1.0.1': () => ({ configureFails: true }) } });
    const state = await runOnce(machine);
    expect(state).toMatchObject({
      state: 'reverted',
      running: '1.0.0',
      lastOutcome: { reason: 'install of 1.0.1 failed: postinst failed' },
    });
  });

  it('a revert that fails too leaves the kiosk failed, saying both', async () => {
    const machine = kiosk({ daemon: { '1.0.1': () => ({ ready: false }), '1.0.0': () => ({ configureFails: true }) } });
    const state = await runOnce(machine);
    expect(state.state).toBe('failed');
    expect(state.lastOutcome.reason).toMatch(/^ready: .*; the revert to 1\.0\.0 failed too: postinst failed$/);
  });
});

/**
 * Pull the plug at `stage`, then boot (a run with the plug in); returns the state at the cut and
 * after. `bootStep`: the boot step's run first, then the timer's; `run`: the runs' options.
 */
async function plugPulled(stage, { bootStep = false, run = { now: true }, ...options } = {}) {
  const machine = kiosk({ ...options, cut: stage });
  void runOnce(machine, run);
  expect(await machine.pulled).toBe(stage);
  const atCut = structuredClone(machine.disk.state);
  const dpkgAtCut = { ...machine.installed };
  const booted = bootedAfter(machine, options);
  const afterBoot = bootStep ? await bootOnce(booted) : undefined;
  const bootedAt = { fetches: booted.fetches, sleeps: booted.sleeps, installs: [...booted.installs] };
  const after = await runOnce(booted, run);
  return { atCut, dpkgAtCut, afterBoot, bootedAt, after, booted };
}

describe('power loss at each stage: the next boot serves one whole release', () => {
  it('during the download: nothing was installed; the boot starts over and installs', async () => {
    const { atCut, dpkgAtCut, after } = await plugPulled('download');
    expect(atCut.state).toBe('downloading');
    expect(dpkgAtCut).toMatchObject({ version: '1.0.0', pending: false });
    expect(after).toMatchObject({ state: 'idle', running: '1.0.1', lastOutcome: { outcome: 'committed' } });
  });

  it("between dpkg's unpack and configure: dpkg --configure -a finishes it, then probation again and commit", async () => {
    const { atCut, dpkgAtCut, after, booted } = await plugPulled('configure:1.0.1');
    expect(atCut.state).toBe('installing');
    expect(dpkgAtCut).toMatchObject({ version: '1.0.1', pending: true });
    expect(booted.logs[0]).toMatch(/dpkg was interrupted \(storage-kiosk iU\): dpkg --configure -a/);
    expect(after).toMatchObject({ state: 'idle', running: '1.0.1', lastOutcome: { outcome: 'committed' } });
  });

  it("during dpkg's unpack, files of both releases on disk: undone, not counted against the release, installed again", async () => {
    const { atCut, dpkgAtCut, after, booted } = await plugPulled('half-installed:1.0.1');
    expect(atCut.state).toBe('installing');
    expect(dpkgAtCut).toMatchObject({ version: '1.0.1', status: 'iH' });
    const undone = booted.logs.find((line) => line.includes('undoing the install of 1.0.1'));
    expect(undone).toMatch(/undoing the install of 1\.0\.1 to 1\.0\.0: the install of 1\.0\.1 was interrupted/);
    expect(booted.logs.join('\n')).toMatch(/reverted to 1\.0\.0; 1\.0\.1 may be tried again at the next check/);
    // The same run's check finds the release still wanted and installs it again.
    expect(booted.installs).toEqual(['1.0.1', '1.0.0', '1.0.1']);
    expect(after).toMatchObject({
      state: 'idle',
      running: '1.0.1',
      failedReleases: [],
      lastOutcome: { outcome: 'committed', release: '1.0.1' },
    });
  });

  it("an install a power cut undid is asked again at the timer's next run inside the window, though checked tonight", async () => {
    // 04:59 local: past any kiosk's minute of 01:00-05:00, so the timer's run checks at once.
    const at = new Date(2026, 10, 28, 4, 59).getTime();
    const machine = kiosk({ cut: 'half-installed:1.0.1' });
    machine.now = at;
    void runOnce(machine, { now: false });
    await machine.pulled;
    const booted = bootedAfter(machine);
    const undone = await bootOnce(booted);
    expect(undone).toMatchObject({
      state: 'idle',
      running: '1.0.0',
      wanted: '1.0.1',
      failedReleases: [],
      lastCheckResult: 'update',
      lastOutcome: { outcome: 'interrupted', release: '1.0.1' },
    });
    const after = await runOnce(booted, { now: false });
    expect(after).toMatchObject({ state: 'idle', running: '1.0.1', lastOutcome: { outcome: 'committed' } });
    // After that check the window counts as asked again: the next run leaves it.
    await runOnce(booted, { now: false });
    expect(booted.logs.at(-1)).toMatch(/not checking now: /);
    expect(booted.installs).toEqual(['1.0.1', '1.0.0', '1.0.1']);
  });

  it("during dpkg's unpack of a release that cannot be configured: reverted to the one before, and failed", async () => {
    const { after, booted } = await plugPulled('configure:1.0.1', {
      daemon: { '1.0.1': () => ({ configureFails: true }) },
    });
    expect(after).toMatchObject({
      state: 'reverted',
      running: '1.0.0',
      failedReleases: ['1.0.1'],
      lastOutcome: {
        outcome: 'reverted',
        reason: 'the install of 1.0.1 was interrupted and dpkg could not configure it',
      },
    });
    // Its own scripts failed: not tried again, not even in the same run.
    expect(booted.installs).toEqual(['1.0.1', '1.0.0']);
  });

  it('before dpkg changed anything: still on the old release, installed at the next check', async () => {
    const { atCut, dpkgAtCut, after } = await plugPulled('unpack:1.0.1');
    expect(atCut.state).toBe('installing');
    expect(dpkgAtCut).toMatchObject({ version: '1.0.0', pending: false });
    expect(after).toMatchObject({ state: 'idle', running: '1.0.1', lastOutcome: { outcome: 'committed' } });
  });

  it('during probation: probation again from the boot, then commit', async () => {
    const { atCut, after, booted } = await plugPulled('sleep@7');
    expect(atCut).toMatchObject({ state: 'probation', running: '1.0.1' });
    expect(booted.logs[0]).toMatch(/probation of 1\.0\.1 was interrupted: starting it again/);
    expect(after).toMatchObject({ state: 'idle', running: '1.0.1', lastOutcome: { outcome: 'committed' } });
  });

  it('during probation of a release that breaks: reverted after the boot', async () => {
    const { after } = await plugPulled('sleep@7', { daemon: { '1.0.1': (minutes) => ({ ready: minutes < 10 }) } });
    expect(after).toMatchObject({ state: 'reverted', running: '1.0.0' });
  });

  it('during the revert: the boot finishes it', async () => {
    const { atCut, after } = await plugPulled('configure:1.0.0', { daemon: { '1.0.1': () => ({ ready: false }) } });
    expect(atCut.state).toBe('reverting');
    expect(after).toMatchObject({ state: 'reverted', running: '1.0.0', failedReleases: ['1.0.1'] });
  });

  it('during the undo of an interrupted install: the boot finishes it, and the release stays eligible', async () => {
    const machine = kiosk({ cut: 'half-installed:1.0.1' });
    void runOnce(machine);
    await machine.pulled;
    // The first boot's undo is cut in its turn, inside dpkg's configure of 1.0.0.
    const first = kiosk({ cut: 'configure:1.0.0' });
    Object.assign(first, bootedAfter(machine), { io: first.io, pulled: first.pulled });
    void bootOnce(first);
    expect(await first.pulled).toBe('configure:1.0.0');
    expect(first.disk.state).toMatchObject({ state: 'reverting', revertKind: 'interrupted' });
    const second = bootedAfter(first);
    expect(await bootOnce(second)).toMatchObject({
      state: 'idle',
      running: '1.0.0',
      failedReleases: [],
      lastOutcome: { outcome: 'interrupted' },
    });
  });

  it('probation cut short three times: the release is given up', async () => {
    const machine = kiosk();
    await runOnce(machine);
    machine.disk.state = {
      ...machine.disk.state,
      state: 'probation',
      probationResumes: 2,
      probationSince: new Date(machine.now).toISOString(),
    };
    const state = await runOnce(machine);
    expect(state).toMatchObject({
      state: 'reverted',
      running: '1.0.0',
      lastOutcome: { reason: 'probation of 1.0.1 was interrupted 3 times (reboots, power cuts)' },
    });
  });
});

describe('a bad channel file changes nothing, and is logged and counted', () => {
  const file = (text, signature = 'good') => ({
    data: Buffer.from(text),
    signature: signature === null ? null : Buffer.from(signature),
  });
  const cases = [
    ['unsigned', file('{}', null), 'the channel file is not signed (no .sig beside it)'],
    [
      'badly signed',
      file(JSON.stringify({ channel: 'stable', serial: 9, rings: [{ name: 'all', release: '1.0.1' }] }), 'forged'),
      "the channel file's signature does not verify",
    ],
    ['unparsable', file('{"channel": "stable",'), /^the channel file is not JSON/],
    [
      'naming a release the repository lacks',
      file(JSON.stringify({ channel: 'stable', serial: 9, rings: [{ name: 'all', release: '9.9.9' }] })),
      'the channel names 9.9.9, which the APT repository lacks',
    ],
  ];
  for (const [name, channel, reason] of cases) {
    it(name, async () => {
      const machine = kiosk({ channel });
      const state = await runOnce(machine);
      expect(state).toMatchObject({
        state: 'idle',
        running: '1.0.0',
        lastCheckResult: 'rejected',
        channelRejections: 1,
        lastOutcome: null,
      });
      expect(state.lastChannelError.reason).toEqual(
        typeof reason === 'string' ? reason : expect.stringMatching(reason),
      );
      expect(machine.installs).toEqual([]);
      expect(machine.logs.join('\n')).toContain('channel refused: ');
    });
  }

  it('older serial than the last accepted (a replayed file)', async () => {
    const machine = kiosk();
    await runOnce(machine);
    machine.channel = file(
      JSON.stringify({ channel: 'stable', serial: 1, rings: [{ name: 'all', release: '1.0.0' }] }),
    );
    const state = await runOnce(machine);
    expect(state).toMatchObject({
      running: '1.0.1',
      channelSerial: 2,
      channelRejections: 1,
      lastChannelError: { reason: expect.stringMatching(/refused as a replay/) },
    });
    expect(machine.installs).toEqual(['1.0.1']);
  });

  it("an unreachable channel is no rejection: asked again at the next hour's run inside the window", async () => {
    const machine = kiosk({ channel: new Error('getaddrinfo ENOTFOUND apt.example.com') });
    machine.now = new Date(2026, 10, 28, 4, 59).getTime(); // past any kiosk's minute, inside 01:00-05:00
    const state = await runOnce(machine, { now: false });
    expect(state).toMatchObject({
      state: 'idle',
      running: '1.0.0',
      lastCheckResult: 'unreachable',
      channelRejections: 0,
    });
    expect(state.lastContactAt).toBeNull();
    machine.channel = kiosk().channel;
    machine.now += 30_000;
    expect(await runOnce(machine, { now: false })).toMatchObject({ running: '1.0.1', lastCheckResult: 'update' });
    // The install and probation took it past the window: the next run waits for tomorrow night.
    await runOnce(machine, { now: false });
    expect(machine.logs.at(-1)).toMatch(/^\d+ s not checking now: this kiosk checks at \d\d:\d\d/);
    expect(machine.installs).toEqual(['1.0.1']);
  });
});

describe('an APT repository it cannot reach', () => {
  it('is no refusal of the channel: nothing changes, asked again later', async () => {
    const machine = kiosk();
    machine.io.repositoryEntry = async () => {
      throw new Error('apt-get update failed: E: Failed to fetch https://apt.example.com/dists/stable/InRelease');
    };
    const state = await runOnce(machine);
    expect(state).toMatchObject({
      state: 'idle',
      running: '1.0.0',
      lastCheckResult: 'unreachable',
      channelRejections: 0,
    });
    expect(machine.installs).toEqual([]);
  });
});

describe('reasons never carry credentials', () => {
  it("a repository URL's user and password are taken out of what is logged, kept and exported", async () => {
    expect(
      withoutCredentials('E: Failed to fetch https://kiosk:s3cret@apt.example.com/pool/x.deb 401 Unauthorized'),
    ).toBe('E: Failed to fetch https://apt.example.com/pool/x.deb 401 Unauthorized');
    const machine = kiosk();
    machine.io.download = async () => {
      throw new Error(
        'apt-get download storage-kiosk=1.0.1 failed: E: Failed to fetch https://kiosk:s3cret@apt.example.com/x 401',
      );
    };
    const state = await runOnce(machine);
    expect(state.lastOutcome).toMatchObject({
      outcome: 'download-failed',
      reason: expect.stringContaining('https://apt.example.com/x 401'),
    });
    expect(JSON.stringify(machine.disk.state)).not.toContain('s3cret');
    expect(machine.logs.join('\n')).not.toContain('s3cret');
  });
});

describe('the boot step (storage-kiosk update --boot, before the daemon starts)', () => {
  it('with nothing interrupted it returns at once: no dpkg, no channel, no wait, no unit reload', async () => {
    const machine = kiosk();
    await runOnce(machine);
    const before = structuredClone(machine.disk.state);
    const counts = { fetches: machine.fetches, sleeps: machine.sleeps, installs: machine.installs.length };
    machine.io.configurePending = async () => {
      throw new Error('dpkg run at a boot with nothing interrupted');
    };
    const state = await bootOnce(machine);
    expect(state).toEqual(before);
    expect(machine.disk.state).toEqual(before);
    expect({ fetches: machine.fetches, sleeps: machine.sleeps, installs: machine.installs.length }).toEqual(counts);
    expect(machine.reloads).toBe(0);
    expect(machine.logs.at(-1)).toMatch(/boot: no install was interrupted$/);
  });

  it('on probation when the plug was pulled: left to the timer (the files are whole)', async () => {
    const { afterBoot, bootedAt, booted } = await plugPulled('sleep@7', { bootStep: true });
    expect(afterBoot).toMatchObject({ state: 'probation', probationResumes: 0 });
    expect(bootedAt).toMatchObject({ fetches: 0, sleeps: 0 });
    expect(booted.logs[0]).toMatch(/boot: no install was interrupted/);
  });

  it("between dpkg's unpack and configure: configured at boot; probation and the channel are the timer's", async () => {
    const { afterBoot, bootedAt, after, booted } = await plugPulled('configure:1.0.1', { bootStep: true });
    expect(afterBoot).toMatchObject({ state: 'installing', running: '1.0.0', wanted: '1.0.1' });
    expect(booted.logs.slice(0, 3).join('\n')).toMatch(
      /boot: an install was interrupted \(state installing, dpkg says iU\)\n.*dpkg --configure -a\n.*boot: the install of 1\.0\.1 is finished; probation at the next run/,
    );
    expect(bootedAt).toEqual({ fetches: 0, sleeps: 0, installs: ['1.0.1'] });
    expect(booted.reloads).toBe(1);
    // The timer's run: probation from its start, not counted as a probation cut short.
    expect(after).toMatchObject({
      state: 'idle',
      running: '1.0.1',
      probationResumes: 0,
      lastOutcome: { outcome: 'committed' },
    });
    expect(booted.logs.join('\n')).toMatch(
      /the install of 1\.0\.1 was interrupted and is now finished: probation again/,
    );
  });

  it("during dpkg's unpack (half-installed): undone at boot from the kept .deb, the release stays eligible", async () => {
    const { afterBoot, bootedAt, after, booted } = await plugPulled('half-installed:1.0.1', { bootStep: true });
    expect(afterBoot).toMatchObject({
      state: 'idle',
      running: '1.0.0',
      failedReleases: [],
      lastOutcome: { outcome: 'interrupted', release: '1.0.1' },
    });
    expect(afterBoot.lastOutcome.reason).toBe('the install of 1.0.1 was interrupted and could not be finished');
    expect(booted.logs.filter((line) => line.includes('dpkg --configure -a'))).toHaveLength(1);
    // No network at boot: the undo is the kept copy of 1.0.0, nothing fetched or waited for.
    expect(bootedAt).toEqual({ fetches: 0, sleeps: 0, installs: ['1.0.1', '1.0.0'] });
    expect(booted.reloads).toBe(1);
    expect(after).toMatchObject({ state: 'idle', running: '1.0.1', lastOutcome: { outcome: 'committed' } });
  });

  it('between unpack and configure, a release whose own scripts fail: reverted at boot, and failed', async () => {
    const { afterBoot, bootedAt } = await plugPulled('configure:1.0.1', {
      bootStep: true,
      daemon: { '1.0.1': () => ({ configureFails: true }) },
    });
    expect(afterBoot).toMatchObject({ state: 'reverted', running: '1.0.0', failedReleases: ['1.0.1'] });
    expect(bootedAt).toEqual({ fetches: 0, sleeps: 0, installs: ['1.0.1', '1.0.0'] });
  });

  it('during a revert: finished at boot, the release that failed probation stays failed', async () => {
    const { afterBoot, bootedAt } = await plugPulled('configure:1.0.0', {
      bootStep: true,
      daemon: { '1.0.1': () => ({ ready: false }) },
    });
    expect(afterBoot).toMatchObject({
      state: 'reverted',
      running: '1.0.0',
      failedReleases: ['1.0.1'],
      lastOutcome: { outcome: 'reverted' },
    });
    expect(bootedAt.fetches).toBe(0);
  });

  it('before dpkg changed anything: nothing half-installed, the boot leaves it to the timer', async () => {
    const { afterBoot, bootedAt, after } = await plugPulled('unpack:1.0.1', { bootStep: true });
    expect(afterBoot).toMatchObject({ state: 'installing', running: '1.0.0' });
    expect(bootedAt).toEqual({ fetches: 0, sleeps: 0, installs: ['1.0.1'] });
    expect(after).toMatchObject({ state: 'idle', running: '1.0.1', lastOutcome: { outcome: 'committed' } });
  });
});

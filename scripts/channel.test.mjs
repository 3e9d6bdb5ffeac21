import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { parseChannel } from '../packaging/update/channel.mjs';
import { gpgvVerify } from '../packaging/update/system.mjs';
import { advancing, applyChanges, refusal, revertShares } from './channel.mjs';

const SCRIPT = fileURLToPath(new URL('./channel.mjs', import.meta.url));
const base = parseChannel(
  JSON.stringify({
    channel: 'stable',
    serial: 4,
    rings: [
      { name: 'canary', kiosks: ['north-lobby'], release: '1.0.2' },
      { name: 'early', percent: 10, release: '1.0.1' },
      { name: 'all', release: '1.0.1' },
    ],
    maxRevertShare: 0.2,
  }),
);
/** Ten kiosks offered 1.0.2 in the canary ring, `reverted` of them reverted it. */
const fleet = (reverted) =>
  Array.from({ length: 10 }, (_, i) => ({
    kiosk: `k${i + 1}`,
    ring: 'canary',
    wanted: '1.0.2',
    state: i < reverted ? 'reverted' : 'idle',
    release: '1.0.2',
  }));

describe('the channel writer', () => {
  it("sets a ring's release and percentage, pauses, and raises the serial each time", () => {
    const next = applyChanges(base, { release: ['early=1.0.2'], percent: ['early=25'] });
    expect(next.rings[1]).toEqual({ name: 'early', percent: 25, release: '1.0.2' });
    expect(next.serial).toBe(5);
    const paused = applyChanges(next, { pause: true });
    expect(paused).toMatchObject({ paused: true, serial: 6 });
    expect(advancing(next, paused)).toEqual([]);
    expect(() => applyChanges(base, { percent: ['all=50'] })).toThrow(/last ring, which takes every kiosk/);
    expect(() => applyChanges(base, { release: ['early=latest'] })).toThrow(/not a Debian version/);
  });

  it('a new ring goes before "all"', () => {
    const next = applyChanges(base, { percent: ['half=50'], release: ['half=1.0.2'] });
    expect(next.rings.map((r) => r.name)).toEqual(['canary', 'early', 'half', 'all']);
  });

  it('a ring stops advancing when more than maxRevertShare of the kiosks given the release reverted it', () => {
    const next = applyChanges(base, { release: ['early=1.0.2'] });
    expect(refusal(base, next, fleet(2))).toBeNull(); // 20 %: not more than the share
    expect(refusal(base, next, fleet(3))).toBe(
      'ring "early" would advance to 1.0.2, but 3 of 10 kiosks of ring "canary" reverted it (30 % > 20 %): k1, k2, k3',
    );
    // Raising the percentage of a ring already on the release is advancing too.
    const onRelease = applyChanges(base, { release: ['early=1.0.2'] });
    const wider = applyChanges(onRelease, { percent: ['early=50'] });
    expect(refusal(onRelease, wider, fleet(3))).toMatch(/^ring "early" would advance to 1\.0\.2/);
    // Going back to the release that works is never held back.
    const back = applyChanges(base, { release: ['canary=1.0.1'] });
    expect(refusal(base, back, fleet(10))).toBeNull();
  });

  it('counts reverts per ring and release', () => {
    expect(
      revertShares([...fleet(1), { kiosk: 'x', ring: 'all', wanted: '1.0.1', state: 'idle', release: '1.0.1' }]),
    ).toEqual([
      { ring: 'canary', release: '1.0.2', offered: 10, reverted: 1, kiosks: ['k1'] },
      { ring: 'all', release: '1.0.1', offered: 1, reverted: 0, kiosks: [] },
    ]);
  });
});

const hasGpg = spawnSync('gpg', ['--version']).status === 0 && spawnSync('gpgv', ['--version']).status === 0;

describe.skipIf(!hasGpg)('the command: writes, signs, refuses', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kiosk-channel-'));
  afterAll(() => {
    // The gpg-agent the key generation started goes with its throwaway home.
    spawnSync('gpgconf', ['--homedir', join(dir, 'gnupg'), '--kill', 'gpg-agent']);
    rmSync(dir, { recursive: true, force: true });
  });
  const home = join(dir, 'gnupg');
  const env = { ...process.env, GNUPGHOME: home };
  const channel = join(dir, 'stable.json');
  const run = (...args) => spawnSync(process.execPath, [SCRIPT, '--file', channel, ...args], { env, encoding: 'utf8' });

  it('a new channel, a canary, a ring held back by reverts, a pause: each signed, each verified by gpgv', async () => {
    spawnSync('mkdir', ['-m', '700', home]);
    chmodSync(home, 0o700);
    const made = spawnSync(
      'gpg',
      ['--batch', '--passphrase', '', '--quick-gen-key', 'Releases <r@example.com>', 'ed25519', 'sign', 'never'],
      { env },
    );
    expect(made.status).toBe(0);
    const keyring = join(dir, 'update-keyring.gpg');
    writeFileSync(keyring, spawnSync('gpg', ['--export'], { env }).stdout);
    const verified = () =>
      gpgvVerify({ keyring, data: readFileSync(channel), signature: readFileSync(`${channel}.sig`) });

    expect(run('--init', '--release', 'all=1.0.1').stdout).toMatch(/^channel stable serial 1: all: 1\.0\.1 \(signed: /);
    await verified();
    const fleetFile = join(dir, 'fleet.json');
    writeFileSync(fleetFile, JSON.stringify(fleet(0)));
    expect(run('--canary', 'canary=north-lobby', '--release', 'canary=1.0.2', '--fleet', fleetFile).status).toBe(0);
    await verified();
    writeFileSync(fleetFile, JSON.stringify(fleet(5)));
    const held = run('--percent', 'early=10', '--release', 'early=1.0.2', '--fleet', fleetFile);
    expect(held.status).toBe(1);
    expect(held.stderr).toMatch(/^channel: refused: ring "early" would advance to 1\.0\.2, but 5 of 10 kiosks/);
    // Nothing changed: still serial 2, still verified.
    expect(JSON.parse(readFileSync(channel, 'utf8')).serial).toBe(2);
    await verified();
    expect(run('--pause').stdout).toMatch(/serial 3 PAUSED/);
    await verified();
    expect(parseChannel(readFileSync(channel, 'utf8'))).toMatchObject({
      paused: true,
      rings: [{ name: 'canary', kiosks: ['north-lobby'] }, { name: 'all' }],
    });
  });
});

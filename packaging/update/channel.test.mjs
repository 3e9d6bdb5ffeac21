import { describe, expect, it } from 'vitest';
import { ChannelError, checkSerial, inPercent, parseChannel, ringFor, stableHash } from './channel.mjs';

const channel = (rings, extra = {}) => parseChannel(JSON.stringify({ channel: 'stable', serial: 7, rings, ...extra }));
const RINGS = [
  { name: 'canary', kiosks: ['north-lobby'], release: '1.0.2' },
  { name: 'early', percent: 10, release: '1.0.2' },
  { name: 'all', release: '1.0.1' },
];

describe('rings', () => {
  it('20 simulated kiosks against a 10 % ring: kiosk-7 and kiosk-8 take the release, the same on every run', () => {
    const ids = Array.from({ length: 20 }, (_, i) => `kiosk-${i + 1}`);
    const parsed = channel(RINGS);
    const take = () => ids.filter((id) => ringFor(parsed, id).release === '1.0.2');
    expect(take()).toEqual(['kiosk-7', 'kiosk-8']);
    expect(ids.filter((id) => ringFor(parsed, id).name === 'early')).toEqual(['kiosk-7', 'kiosk-8']);
    // A second run, and a new parse of the same file: the same kiosks.
    expect(take()).toEqual(['kiosk-7', 'kiosk-8']);
    expect(ids.filter((id) => ringFor(channel(RINGS), id).name === 'early')).toEqual(['kiosk-7', 'kiosk-8']);
  });

  it('a percentage takes about that share of a large fleet, and a larger percentage keeps the kiosks of a smaller one', () => {
    const ids = Array.from({ length: 1000 }, (_, i) => `kiosk-${i + 1}`);
    const ten = ids.filter((id) => inPercent(id, 'stable', 10));
    const fifty = ids.filter((id) => inPercent(id, 'stable', 50));
    expect(ten.length).toBeGreaterThan(80);
    expect(ten.length).toBeLessThan(120);
    expect(fifty.length).toBeGreaterThan(450);
    expect(fifty.length).toBeLessThan(550);
    // Raising the ring only adds kiosks: none that took the release goes back.
    expect(ten.every((id) => fifty.includes(id))).toBe(true);
    expect(ids.filter((id) => inPercent(id, 'stable', 0))).toEqual([]);
    expect(ids.filter((id) => inPercent(id, 'stable', 100))).toHaveLength(1000);
  });

  it('a canary is named; the others fall through to the last ring', () => {
    const parsed = channel(RINGS);
    expect(ringFor(parsed, 'north-lobby')).toMatchObject({ name: 'canary', release: '1.0.2' });
    expect(ringFor(parsed, 'kiosk-1')).toMatchObject({ name: 'all', release: '1.0.1' });
  });

  it('the hash is SHA-256 first 4 bytes: fixed for a given text', () => {
    // SHA-256("abc") is ba7816bf 8f01cfea... (FIPS 180-2's example).
    expect(stableHash('abc')).toBe(0xba7816bf);
  });
});

describe('a channel file the kiosk refuses', () => {
  const refused = (text) => {
    try {
      parseChannel(text);
    } catch (error) {
      expect(error).toBeInstanceOf(ChannelError);
      return error.reason;
    }
    throw new Error('accepted');
  };

  it('names the fault', () => {
    expect(refused('{"channel": "stable", "serial": 1, "rings": [')).toMatch(/^the channel file is not JSON/);
    expect(refused('[]')).toBe('the channel file is not a JSON object');
    expect(refused(JSON.stringify({ channel: 'stable', serial: -1, rings: RINGS }))).toMatch(/"serial"/);
    expect(refused(JSON.stringify({ channel: 'stable', serial: 1, rings: [] }))).toMatch(/"rings"/);
    expect(
      refused(JSON.stringify({ channel: 'stable', serial: 1, rings: [{ name: 'all', release: '1.0.1; rm -rf /' }] })),
    ).toMatch(/ring "all" has no valid "release"/);
    expect(refused(JSON.stringify({ channel: 'stable', serial: 1, rings: [RINGS[1]] }))).toMatch(
      /must take every kiosk/,
    );
    expect(refused(JSON.stringify({ channel: 'stable', serial: 1, paused: 'yes', rings: RINGS }))).toMatch(/"paused"/);
    expect(
      refused(
        JSON.stringify({
          channel: 'stable',
          serial: 1,
          rings: [{ name: 'x', percent: 150, release: '1.0.1' }, RINGS[2]],
        }),
      ),
    ).toMatch(/"percent"/);
  });

  it('an older serial than the last accepted is a replay; the same serial is the same file fetched again', () => {
    const parsed = channel(RINGS);
    expect(() => checkSerial(parsed, 8)).toThrow(/older than the last accepted \(8\): refused as a replay/);
    expect(() => checkSerial(parsed, 7)).not.toThrow();
    expect(() => checkSerial(parsed, null)).not.toThrow();
  });
});

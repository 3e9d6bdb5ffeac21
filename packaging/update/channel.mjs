// The release channel: a JSON file signed with a detached OpenPGP signature, fetched by every kiosk
// (docs/updates.md). This module parses and checks it and says which release a kiosk should run;
// it does no I/O, so the rings and the refusals are tested without a network or a key.
import { createHash } from 'node:crypto';

/** A Debian version as the package has it (1.0.1, 1.0.1+g57c3458abcde): digits first, no spaces or shell characters. */
export const RELEASE = /^[0-9][A-Za-z0-9.+~-]{0,99}$/;
/** A kiosk id or ring name: what a Prometheus label and a file name both take. */
const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

/** A channel file the kiosk refuses; `reason` says why in words support can act on. */
export class ChannelError extends Error {
  constructor(reason) {
    super(reason);
    this.name = 'ChannelError';
    this.reason = reason;
  }
}

/**
 * A number from 0 to 2^32-1 that depends on the text only: the first 4 bytes of its SHA-256. The
 * same kiosk id lands in the same ring and at the same minute on every run and every kiosk.
 */
export function stableHash(text) {
  return createHash('sha256').update(text, 'utf8').digest().readUInt32BE(0);
}

function fail(reason) {
  throw new ChannelError(reason);
}

/** The channel file's text, checked field by field; throws ChannelError naming the first fault. */
export function parseChannel(text) {
  let value;
  try {
    value = JSON.parse(text);
  } catch (error) {
    fail(`the channel file is not JSON (${error.message})`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    fail('the channel file is not a JSON object');
  const { channel, serial, paused = false, rings, maxRevertShare = 0.2 } = value;
  if (typeof channel !== 'string' || !NAME.test(channel)) fail('"channel" must be a name (letters, digits, . _ -)');
  if (!Number.isSafeInteger(serial) || serial < 0) fail('"serial" must be a whole number of 0 or more');
  if (typeof paused !== 'boolean') fail('"paused" must be true or false');
  if (typeof maxRevertShare !== 'number' || !(maxRevertShare >= 0 && maxRevertShare <= 1))
    fail('"maxRevertShare" must be a number from 0 to 1');
  if (!Array.isArray(rings) || rings.length === 0) fail('"rings" must be a non-empty list');
  const names = new Set();
  const checked = rings.map((ring, index) => {
    const where = `ring ${index + 1}`;
    if (typeof ring !== 'object' || ring === null) fail(`${where} is not an object`);
    if (typeof ring.name !== 'string' || !NAME.test(ring.name)) fail(`${where} has no valid "name"`);
    if (names.has(ring.name)) fail(`ring "${ring.name}" is named twice`);
    names.add(ring.name);
    if (typeof ring.release !== 'string' || !RELEASE.test(ring.release))
      fail(`ring "${ring.name}" has no valid "release" (a Debian version such as 1.0.1+g57c3458abcde)`);
    const out = { name: ring.name, release: ring.release };
    if (ring.kiosks !== undefined) {
      if (!Array.isArray(ring.kiosks) || !ring.kiosks.every((id) => typeof id === 'string' && NAME.test(id)))
        fail(`ring "${ring.name}": "kiosks" must be a list of kiosk ids`);
      out.kiosks = [...ring.kiosks];
    }
    if (ring.percent !== undefined) {
      if (typeof ring.percent !== 'number' || !(ring.percent >= 0 && ring.percent <= 100))
        fail(`ring "${ring.name}": "percent" must be a number from 0 to 100`);
      out.percent = ring.percent;
    }
    if (out.kiosks !== undefined && out.percent !== undefined)
      fail(`ring "${ring.name}" has both "kiosks" and "percent": a ring is one or the other`);
    return out;
  });
  const last = checked.at(-1);
  if (last.kiosks !== undefined || last.percent !== undefined)
    fail(`the last ring ("${last.name}") must take every kiosk: no "kiosks" or "percent"`);
  return { channel, serial, paused, rings: checked, maxRevertShare };
}

/** Whether a kiosk falls in a percentage ring: its stable hash with the channel's name, mod 100. */
export function inPercent(kioskId, channelName, percent) {
  return stableHash(kioskId + channelName) % 100 < percent;
}

/** The first ring this kiosk belongs to (canary by id, a percentage by hash, else the last: all). */
export function ringFor(channel, kioskId) {
  for (const ring of channel.rings) {
    if (ring.kiosks !== undefined) {
      if (ring.kiosks.includes(kioskId)) return ring;
    } else if (ring.percent !== undefined) {
      if (inPercent(kioskId, channel.channel, ring.percent)) return ring;
    } else return ring;
  }
  return channel.rings.at(-1);
}

/** A channel older than the last one this kiosk accepted is a replay (an old, still validly signed file). */
export function checkSerial(channel, lastSerial) {
  if (lastSerial !== undefined && lastSerial !== null && channel.serial < lastSerial)
    fail(`the channel's serial ${channel.serial} is older than the last accepted (${lastSerial}): refused as a replay`);
}

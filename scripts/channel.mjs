#!/usr/bin/env node
// node scripts/channel.mjs --file DIR/stable.json [changes] [--fleet FILE | --prometheus URL] [--sign-with KEY]
//
// The central side of pulled updates (docs/updates.md): writes the channel file every kiosk's
// update agent fetches, raises its serial, and signs it (gpg --detach-sign, beside it as .sig).
// Changes:
//   --init --channel NAME            a new file: one ring "all" (with --release all=VERSION)
//   --release RING=VERSION           the release of a ring (a new ring is put before "all")
//   --percent RING=N                 the share of the fleet (0-100) a percentage ring takes
//   --canary RING=ID,ID              the kiosks of a canary ring, by id
//   --max-revert-share X             a ring stops advancing above this share of reverts (0.2)
//   --pause / --resume               stop or restart the rollout for every kiosk
//   --show                           print the file and each ring's reverts, change nothing
// A ring advances when its release changes or its percentage grows. That is refused while more
// than maxRevertShare of the kiosks that were offered the release reverted it, read from the
// fleet's metrics (--prometheus, the central Prometheus) or a list (--fleet, JSON: [{kiosk, ring,
// wanted, state, release}]); --force overrides, and says so.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { parseChannel, RELEASE } from '../packaging/update/channel.mjs';

/** A change named on the command line, applied to a parsed channel; returns the new channel. */
export function applyChanges(channel, { release = [], percent = [], canary = [], pause, maxRevertShare }) {
  const next = structuredClone(channel);
  const ring = (name) => {
    let found = next.rings.find((r) => r.name === name);
    if (found === undefined) {
      found = { name, release: next.rings.at(-1).release };
      next.rings.splice(next.rings.length - 1, 0, found);
    }
    return found;
  };
  const pair = (text, what) => {
    const at = text.indexOf('=');
    if (at <= 0) throw new Error(`--${what} takes RING=VALUE, got "${text}"`);
    return [text.slice(0, at), text.slice(at + 1)];
  };
  for (const text of release) {
    const [name, version] = pair(text, 'release');
    if (!RELEASE.test(version)) throw new Error(`--release ${name}: "${version}" is not a Debian version`);
    ring(name).release = version;
  }
  for (const text of percent) {
    const [name, value] = pair(text, 'percent');
    const number = Number(value);
    if (!(number >= 0 && number <= 100)) throw new Error(`--percent ${name}: must be 0 to 100, got "${value}"`);
    if (name === next.rings.at(-1).name)
      throw new Error(`--percent: "${name}" is the last ring, which takes every kiosk`);
    const r = ring(name);
    delete r.kiosks;
    r.percent = number;
  }
  for (const text of canary) {
    const [name, ids] = pair(text, 'canary');
    if (name === next.rings.at(-1).name)
      throw new Error(`--canary: "${name}" is the last ring, which takes every kiosk`);
    const r = ring(name);
    delete r.percent;
    r.kiosks = ids.split(',').filter(Boolean);
  }
  if (pause !== undefined) next.paused = pause;
  if (maxRevertShare !== undefined) next.maxRevertShare = maxRevertShare;
  next.serial = channel.serial + 1;
  // The result must be a channel every kiosk accepts.
  return parseChannel(JSON.stringify(next));
}

/**
 * Per ring and release: how many kiosks were offered it (their agent's wanted release) and how many
 * reverted it. `fleet`: [{ kiosk, ring, wanted, state, release }] (release: of the last outcome).
 */
export function revertShares(fleet) {
  const shares = new Map();
  for (const kiosk of fleet) {
    if (!kiosk.ring || !kiosk.wanted) continue;
    const key = `${kiosk.ring}\u0000${kiosk.wanted}`;
    const entry = shares.get(key) ?? { ring: kiosk.ring, release: kiosk.wanted, offered: 0, reverted: 0, kiosks: [] };
    entry.offered += 1;
    if ((kiosk.state === 'reverted' || kiosk.state === 'failed') && kiosk.release === kiosk.wanted) {
      entry.reverted += 1;
      entry.kiosks.push(kiosk.kiosk);
    }
    shares.set(key, entry);
  }
  return [...shares.values()];
}

/** The rings that advance from `before` to `after`: a new release, or a larger percentage of the fleet. */
export function advancing(before, after) {
  return after.rings.filter((ring) => {
    const old = before.rings.find((r) => r.name === ring.name);
    if (old === undefined) return true;
    return (
      old.release !== ring.release ||
      (ring.percent ?? 0) > (old.percent ?? 0) ||
      (ring.kiosks ?? []).some((id) => !(old.kiosks ?? []).includes(id))
    );
  });
}

/**
 * Why the change may not be made, or null. A ring advancing to release X is held back while, in
 * any ring already given X, more than maxRevertShare of the kiosks offered X reverted it.
 */
export function refusal(before, after, fleet) {
  const shares = revertShares(fleet);
  for (const ring of advancing(before, after)) {
    for (const share of shares) {
      if (share.release !== ring.release || share.offered === 0) continue;
      const ratio = share.reverted / share.offered;
      if (ratio > after.maxRevertShare)
        return `ring "${ring.name}" would advance to ${ring.release}, but ${share.reverted} of ${share.offered} kiosks of ring "${share.ring}" reverted it (${Math.round(ratio * 100)} % > ${Math.round(after.maxRevertShare * 100)} %): ${share.kiosks.join(', ')}`;
    }
  }
  return null;
}

/** The fleet's update state from the central Prometheus (the kiosks remote-write kiosk_update_*). */
export async function fleetFromPrometheus(url) {
  const query = async (expr) => {
    const response = await fetch(`${url.replace(/\/$/, '')}/api/v1/query?query=${encodeURIComponent(expr)}`, {
      signal: AbortSignal.timeout(30_000),
    });
    const body = await response.json();
    if (body.status !== 'success') throw new Error(`Prometheus: ${body.error ?? response.status}`);
    return body.data.result.map((sample) => sample.metric);
  };
  const key = (m) => `${m.facility}\u0000${m.kiosk}`;
  const kiosks = new Map();
  for (const m of await query('max by (kiosk, facility, ring, wanted, running) (kiosk_update_release_info)'))
    kiosks.set(key(m), { kiosk: m.kiosk, ring: m.ring, wanted: m.wanted });
  for (const m of await query('max by (kiosk, facility, state) (kiosk_update_state == 1)'))
    if (kiosks.has(key(m))) kiosks.get(key(m)).state = m.state;
  for (const m of await query('max by (kiosk, facility, release) (kiosk_update_last_outcome)'))
    if (kiosks.has(key(m))) kiosks.get(key(m)).release = m.release;
  return [...kiosks.values()];
}

function writeAtomically(path, data) {
  writeFileSync(`${path}.new`, data);
  renameSync(`${path}.new`, path);
}

async function main() {
  const { values } = parseArgs({
    options: {
      file: { type: 'string' },
      init: { type: 'boolean', default: false },
      channel: { type: 'string', default: 'stable' },
      release: { type: 'string', multiple: true, default: [] },
      percent: { type: 'string', multiple: true, default: [] },
      canary: { type: 'string', multiple: true, default: [] },
      'max-revert-share': { type: 'string' },
      pause: { type: 'boolean' },
      resume: { type: 'boolean' },
      show: { type: 'boolean', default: false },
      fleet: { type: 'string' },
      prometheus: { type: 'string' },
      force: { type: 'boolean', default: false },
      'sign-with': { type: 'string' },
    },
  });
  if (!values.file) throw new Error('--file is required (the channel file, e.g. /srv/apt/channel/stable.json)');
  let before;
  if (values.init) {
    if (existsSync(values.file)) throw new Error(`${values.file} exists: --init makes a new channel only`);
    const [, release] = (values.release.find((r) => r.startsWith('all=')) ?? '').split('=');
    if (!release) throw new Error('--init needs --release all=VERSION (the release every kiosk runs)');
    before = parseChannel(
      JSON.stringify({
        channel: values.channel,
        serial: 0,
        paused: false,
        rings: [{ name: 'all', release }],
        maxRevertShare: 0.2,
      }),
    );
  } else {
    before = parseChannel(readFileSync(values.file, 'utf8'));
  }
  const fleet = values.fleet
    ? JSON.parse(readFileSync(values.fleet, 'utf8'))
    : values.prometheus
      ? await fleetFromPrometheus(values.prometheus)
      : null;
  if (values.show) {
    console.log(JSON.stringify(before, null, 2));
    for (const share of revertShares(fleet ?? []))
      console.log(`ring ${share.ring}, ${share.release}: ${share.reverted} of ${share.offered} reverted`);
    return;
  }
  const after = applyChanges(before, {
    release: values.release,
    percent: values.percent,
    canary: values.canary,
    pause: values.pause ? true : values.resume ? false : undefined,
    maxRevertShare: values['max-revert-share'] === undefined ? undefined : Number(values['max-revert-share']),
  });
  if (advancing(before, after).length > 0 && !values.init) {
    if (fleet === null) throw new Error("advancing a ring needs the fleet's reverts: --prometheus URL or --fleet FILE");
    const why = refusal(before, after, fleet);
    if (why !== null && !values.force) throw new Error(`refused: ${why} (--force to advance anyway)`);
    if (why !== null) console.error(`channel: advancing although ${why} (--force)`);
  }
  writeAtomically(values.file, `${JSON.stringify(after, null, 2)}\n`);
  const signed = spawnSync(
    'gpg',
    [
      '--batch',
      '--yes',
      '--detach-sign',
      ...(values['sign-with'] ? ['--local-user', values['sign-with']] : []),
      '--output',
      `${values.file}.sig.new`,
      values.file,
    ],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  );
  if (signed.status !== 0)
    throw new Error(
      `gpg --detach-sign failed (exit ${signed.status}): ${values.file} is written but unsigned, and kiosks will refuse it`,
    );
  renameSync(`${values.file}.sig.new`, `${values.file}.sig`);
  const rings = after.rings.map(
    (r) =>
      `${r.name}${r.percent !== undefined ? ` ${r.percent} %` : r.kiosks ? ` (${r.kiosks.length} kiosks)` : ''}: ${r.release}`,
  );
  console.log(
    `channel ${after.channel} serial ${after.serial}${after.paused ? ' PAUSED' : ''}: ${rings.join('; ')} (signed: ${values.file}.sig)`,
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(`channel: ${error.message}`);
    process.exit(1);
  });
}

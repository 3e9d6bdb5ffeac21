#!/usr/bin/env node
// npm run check:systemd
//
// The systemd hardening of the kiosk daemon's unit, measured offline:
//   systemd-analyze security --offline=true systemd/kiosk-daemon.service
// Prints the overall exposure (target: 'OK', ≤ 3.0) and every item still exposed, and checks that
// each of those has a comment in the unit file justifying it (a comment naming the setting; for
// RestrictAddressFamilies also the address family). Exits 1 when the exposure is over the target
// or an exposed item has no justification; 0 with 'skipped' where systemd-analyze is missing.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const UNIT = 'systemd/kiosk-daemon.service';
const TARGET = 3.0;

/** The settings an exposed item is about: "RootDirectory=/RootImage=" -> RootDirectory, RootImage. */
export function settingsOf(item) {
  return item
    .split('/')
    .map((part) => part.replace(/=.*$/, ''))
    .filter((part) => /^[A-Z][A-Za-z]+$/.test(part));
}

/** The address families an item names: "RestrictAddressFamilies=~AF_(INET|INET6)" -> AF_INET, AF_INET6. */
export function familiesOf(item) {
  const match = /AF_\(?([A-Z0-9|]+)\)?/.exec(item);
  return match ? match[1].split('|').map((family) => `AF_${family}`) : [];
}

export function parseSecurity(text) {
  const overall = /Overall exposure level for \S+: ([\d.]+) (\S+)/.exec(text);
  const exposed = [];
  for (const line of text.split('\n')) {
    const match = /^✗ (\S+)\s+(.*?)\s+([\d.]+)\s*$/.exec(line);
    if (match) exposed.push({ item: match[1], description: match[2], exposure: Number(match[3]) });
  }
  return { exposure: overall ? Number(overall[1]) : NaN, rating: overall?.[2] ?? '?', exposed };
}

/** Whether the unit file's comments justify an exposed item. */
export function justified(unitText, item) {
  const comments = unitText
    .split('\n')
    .filter((line) => line.trimStart().startsWith('#'))
    .join('\n');
  const settings = settingsOf(item);
  const families = familiesOf(item);
  return (
    settings.some((setting) => new RegExp(`\\b${setting}\\b`).test(comments)) &&
    families.every((family) => new RegExp(`\\b${family}\\b`).test(comments))
  );
}

function main() {
  const result = spawnSync('systemd-analyze', ['security', '--offline=true', '--no-pager', UNIT], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (result.error?.code === 'ENOENT') {
    console.log('check:systemd skipped: systemd-analyze is not installed here (it comes with systemd).');
    return 0;
  }
  const { exposure, rating, exposed } = parseSecurity(`${result.stdout}\n${result.stderr}`);
  if (!Number.isFinite(exposure)) {
    console.error(`systemd-analyze security gave no overall exposure (exit ${result.status}):\n${result.stderr}`);
    return 1;
  }
  const unitText = readFileSync(join(ROOT, UNIT), 'utf8');
  console.log(`${UNIT}: overall exposure ${exposure.toFixed(1)} ${rating} (target ≤ ${TARGET.toFixed(1)})`);
  console.log(`\n  still exposed (${exposed.length}), highest first:`);
  const missing = [];
  for (const entry of [...exposed].sort((a, b) => b.exposure - a.exposure)) {
    const ok = justified(unitText, entry.item);
    if (!ok) missing.push(entry.item);
    console.log(
      `  ${entry.exposure.toFixed(1)}  ${entry.item.padEnd(40)} ${entry.description}${ok ? '' : '  ← NO JUSTIFICATION COMMENT'}`,
    );
  }
  const met = exposure <= TARGET;
  console.log(
    `\n  exposure: ${met ? 'MET' : 'NOT MET'}; justification comments: ${missing.length ? `missing for ${missing.join(', ')}` : 'every exposed item has one'}`,
  );
  return met && missing.length === 0 ? 0 : 1;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exit(main());

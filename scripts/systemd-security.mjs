#!/usr/bin/env node
// npm run check:systemd
//
// The systemd hardening of every unit the package ships, measured offline, each against its own
// target:
//   systemd-analyze security --offline=true systemd/<unit>
// Prints each unit's overall exposure and every item still exposed, and checks that each of those
// has a comment in the unit file justifying it (a comment naming the setting; for
// RestrictAddressFamilies also the address family). Exits 1 when a unit is over its target or an
// exposed item has no justification; 0 with 'skipped' where systemd-analyze is missing.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../', import.meta.url));

/**
 * Each unit and the most exposure it may have. The daemon and the agent are plain network services;
 * the browser keeps what Chromium's own sandbox needs (user, PID and network namespaces, chroot),
 * its JIT, the GPU and the sound card; the update agent is root running apt-get and dpkg, with what
 * package installs need; each justified in its unit.
 */
export const UNITS = [
  { unit: 'systemd/kiosk-daemon.service', target: 3.0 },
  { unit: 'systemd/kiosk-prometheus-agent.service', target: 2.0 },
  { unit: 'systemd/kiosk-browser.service', target: 5.0 },
  { unit: 'systemd/storage-kiosk-update.service', target: 4.0 },
  { unit: 'systemd/storage-kiosk-update-boot.service', target: 4.0 },
];

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

/**
 * One unit's verdict from systemd-analyze's output and the unit file: its exposure against the
 * target, and each exposed item (highest first) with whether a comment justifies it.
 */
export function assess(analyzeOutput, unitText, target) {
  const { exposure, rating, exposed } = parseSecurity(analyzeOutput);
  const items = [...exposed]
    .sort((a, b) => b.exposure - a.exposure)
    .map((entry) => ({ ...entry, justified: justified(unitText, entry.item) }));
  const missing = items.filter((entry) => !entry.justified).map((entry) => entry.item);
  const met = exposure <= target;
  return { exposure, rating, target, items, missing, met, ok: met && missing.length === 0 };
}

/** systemd-analyze security for one unit file; null where systemd-analyze is not installed. */
export function analyze(unit) {
  const result = spawnSync('systemd-analyze', ['security', '--offline=true', '--no-pager', unit], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (result.error?.code === 'ENOENT') return null;
  return { output: `${result.stdout}\n${result.stderr}`, status: result.status, stderr: result.stderr };
}

/** The check for every unit in UNITS; null where systemd-analyze is not installed. */
export function checkUnits(units = UNITS) {
  const results = [];
  for (const { unit, target } of units) {
    const run = analyze(unit);
    if (run === null) return null;
    const verdict = assess(run.output, readFileSync(join(ROOT, unit), 'utf8'), target);
    results.push({ unit, ...verdict, error: Number.isFinite(verdict.exposure) ? null : run });
  }
  return results;
}

function print(result) {
  const { unit, exposure, rating, target, items, missing, met, error } = result;
  if (error) {
    console.error(
      `${unit}: systemd-analyze security gave no overall exposure (exit ${error.status}):\n${error.stderr}`,
    );
    return;
  }
  console.log(`${unit}: overall exposure ${exposure.toFixed(1)} ${rating} (target ≤ ${target.toFixed(1)})`);
  console.log(`\n  still exposed (${items.length}), highest first:`);
  for (const entry of items) {
    console.log(
      `  ${entry.exposure.toFixed(1)}  ${entry.item.padEnd(40)} ${entry.description}${entry.justified ? '' : '  ← NO JUSTIFICATION COMMENT'}`,
    );
  }
  console.log(
    `\n  exposure: ${met ? 'MET' : 'NOT MET'}; justification comments: ${missing.length ? `missing for ${missing.join(', ')}` : 'every exposed item has one'}\n`,
  );
}

function main() {
  const results = checkUnits();
  if (results === null) {
    console.log('check:systemd skipped: systemd-analyze is not installed here (it comes with systemd).');
    return 0;
  }
  for (const result of results) print(result);
  const failed = results.filter((result) => !result.ok).map((result) => result.unit);
  console.log(failed.length ? `NOT MET: ${failed.join(', ')}` : `all ${results.length} units met their targets`);
  return failed.length ? 1 : 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exit(main());

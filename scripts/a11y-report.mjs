#!/usr/bin/env node
// The accessibility checks of the last Playwright run (tests/e2e/support/a11y.ts writes one JSON
// line per check to test-results/a11y/*.jsonl): the screens checked, grouped by flow, with the
// number of checks, axe-core violations, small touch targets and controls the keyboard cannot reach.
// `--markdown` prints the list for the README. Exits 1 when a check found anything.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = resolve(fileURLToPath(import.meta.url), '../../test-results/a11y');
const markdown = process.argv.includes('--markdown');

const checks = existsSync(dir)
  ? readdirSync(dir)
      .filter((name) => name.endsWith('.jsonl'))
      .flatMap((name) => readFileSync(join(dir, name), 'utf8').split('\n'))
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line))
  : [];

if (checks.length === 0) {
  console.log('accessibility: no checks recorded (run the Playwright suite first)');
  process.exit(0);
}

const FLOWS = ['shell', 'rental', 'reservation', 'pay-bill', 'account'];
const byFlow = new Map();
for (const check of checks) {
  const [flow, ...rest] = check.screen.split('/');
  const screen = rest.join('/');
  if (!byFlow.has(flow)) byFlow.set(flow, new Map());
  const screens = byFlow.get(flow);
  const seen = screens.get(screen) ?? { checks: 0, problems: 0 };
  seen.checks += 1;
  seen.problems += check.violations + check.smallTargets + check.unreachable;
  screens.set(screen, seen);
}
const order = [...byFlow.keys()].sort((a, b) => (FLOWS.indexOf(a) + 1 || 99) - (FLOWS.indexOf(b) + 1 || 99));
const sum = (key) => checks.reduce((total, check) => total + check[key], 0);
const screenCount = [...byFlow.values()].reduce((total, screens) => total + screens.size, 0);
const violations = sum('violations');
const smallTargets = sum('smallTargets');
const unreachable = sum('unreachable');

if (markdown) {
  for (const flow of order) {
    const screens = byFlow.get(flow);
    console.log(`- **${flow}** (${screens.size}): ${[...screens.keys()].join(', ')}`);
  }
} else {
  console.log(`\naccessibility: screens checked by flow (axe-core, 44 px touch targets, keyboard reach)`);
  for (const flow of order) {
    const screens = byFlow.get(flow);
    const list = [...screens.entries()].map(([screen, seen]) => (seen.problems ? `${screen} [FAILED]` : screen));
    console.log(`  ${flow} (${screens.size}): ${list.join(', ')}`);
  }
}
console.log(
  `accessibility: ${screenCount} screens, ${checks.length} checks, ${violations} axe violations, ` +
    `${smallTargets} small touch targets, ${unreachable} unreachable controls`,
);
process.exit(violations + smallTargets + unreachable === 0 ? 0 : 1);

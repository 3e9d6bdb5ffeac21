#!/usr/bin/env node
// `npm test`: install what is missing (Chromium included), then lint, typecheck, build, unit and
// integration tests (vitest) and end-to-end tests (Playwright in Debian's Chromium), then the list
// of screens the e2e suite checked for accessibility, and the fleet monitoring files with
// promtool and amtool (scripts/ops-checks.mjs), and the Debian package, its upgrade and rollback, the
// Ansible rollout and the Prometheus agent (scripts/package-checks.mjs, as root on Debian), and the
// update agent live in containers (scripts/update-checks.mjs, run beside the end-to-end tests).
// Ends with one line "tests: N passed, N failed" counting every test and every failed check.
import { spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import {
  ensureChromium,
  ensureEspeak,
  ensureInstalled,
  ensurePackagingTools,
  ensurePrometheusTools,
  ensureSystemdAnalyze,
  ensureUpdateWalkTools,
  readJson,
  ROOT,
  run,
} from './lib/setup.mjs';

ensureInstalled();
ensureChromium();
ensureEspeak({ required: true });
ensurePrometheusTools();
ensurePackagingTools();
ensureSystemdAnalyze();
ensureUpdateWalkTools();

const results = join(ROOT, 'test-results');
rmSync(join(results, 'unit.json'), { force: true });
rmSync(join(results, 'e2e.json'), { force: true });
mkdirSync(results, { recursive: true });

const bin = (name) => join(ROOT, 'node_modules/.bin', name);
const failedChecks = [];
const check = (name, command, args) => {
  console.log(`\n▶ ${name}`);
  const status = run(command, args);
  if (status !== 0) failedChecks.push(name);
  return status === 0;
};

check('lint', 'npm', ['run', 'lint', '--silent']);
check('typecheck', bin('tsc'), ['-b']);
const built = check('build', 'npm', ['run', 'build', '--silent']);
check('unit and integration tests (vitest)', bin('vitest'), [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${join(results, 'unit.json')}`,
]);
// The update walks spend most of their minutes waiting out probation inside their containers,
// while the end-to-end suite drives one browser: they run side by side, in a process of their own,
// and their lines are printed after the package checks (below).
const walksRun = built ? startUpdateWalks() : null;
if (built) {
  check('end-to-end tests (Playwright, Chromium)', bin('playwright'), ['test']);
  // The screens the e2e suite checked for accessibility (a failed check already failed its test).
  run('node', [join(ROOT, 'scripts/a11y-report.mjs')]);
} else {
  console.log('\nSkipping end-to-end tests: the build failed.');
}

// Each monitoring check (promtool, amtool, the dashboard against a real Prometheus) is one test.
console.log('\n▶ fleet monitoring (promtool, amtool, dashboard)');
// Imported here: it needs js-yaml, which ensureInstalled() may only just have installed.
const { runOpsChecks } = await import('./ops-checks.mjs');
const ops = built
  ? await runOpsChecks()
  : [{ name: 'fleet monitoring checks (need the build)', ok: false, detail: 'the build failed' }];

// The Debian package built, installed, upgraded, rolled back and purged; the Ansible rollout and the
// Prometheus agent on top of it. Each check is one test.
console.log('\n▶ Debian package, rollout and agent (dpkg, lintian, ansible-playbook, prometheus)');
const { runPackageChecks, printPackageChecks } = await import('./package-checks.mjs');
const deb = built
  ? printPackageChecks(await runPackageChecks())
  : [{ name: 'Debian package checks (need the build)', ok: false, detail: 'the build failed' }];

// The update agent live: pull, probation, commit, revert, power loss at each stage, bad channel
// files, under a booted systemd. Each walk's check is one test; a skip is one line and said below.
console.log('\n▶ update agent under systemd in a container (debootstrap, systemd-nspawn)');
const walksOutcome = walksRun
  ? await walksRun
  : { results: [{ name: 'update walks (need the build)', ok: false, detail: 'the build failed' }], timelines: [] };
const walks = walksOutcome.results;

/**
 * Start scripts/update-checks.mjs in the background, its lines kept in test-results; the promise
 * prints them when it ends and gives its outcome (a walk run that died is one failed check).
 */
function startUpdateWalks() {
  const log = join(results, 'update-walks.log');
  const json = join(results, 'update-walks.json');
  rmSync(json, { force: true });
  const out = openSync(log, 'w');
  const child = spawn(process.execPath, [join(ROOT, 'scripts/update-checks.mjs'), '--json', json], {
    cwd: ROOT,
    stdio: ['ignore', out, out],
  });
  return new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      closeSync(out);
      process.stdout.write(readFileSync(log, 'utf8'));
      const outcome = readJson(json);
      resolve(
        outcome ?? {
          results: [
            { name: 'update walks', ok: false, detail: `ended (${signal ?? `exit ${code}`}) without an outcome` },
          ],
          timelines: [],
        },
      );
    });
  });
}

const unit = readJson(join(results, 'unit.json'));
const e2e = readJson(join(results, 'e2e.json'));
const unitPassed = unit?.numPassedTests ?? 0;
const unitFailed = unit?.numFailedTests ?? 0;
const e2ePassed = (e2e?.stats?.expected ?? 0) + (e2e?.stats?.flaky ?? 0);
const e2eFailed = e2e?.stats?.unexpected ?? 0;
const skipped = (unit?.numPendingTests ?? 0) + (unit?.numTodoTests ?? 0) + (e2e?.stats?.skipped ?? 0);
// A check that failed without failing a counted test (lint, typecheck, build, a crashed runner)
// still counts as one failure, so the closing line can never read green over a red step.
const uncountedFailures = failedChecks.filter(
  (name) => !(name.startsWith('unit') && unitFailed > 0) && !(name.startsWith('end-to-end') && e2eFailed > 0),
).length;

const opsPassed = ops.filter((check) => check.ok).length;
const opsFailed = ops.length - opsPassed;
const debPassed = deb.filter((check) => check.ok).length;
const debFailed = deb.length - debPassed;
const walksPassed = walks.filter((check) => check.ok).length;
const walksFailed = walks.length - walksPassed;
const passed = unitPassed + e2ePassed + opsPassed + debPassed + walksPassed;
const failed = unitFailed + e2eFailed + opsFailed + debFailed + walksFailed + uncountedFailures;
console.log(
  `\nunit/integration: ${unitPassed} passed, ${unitFailed} failed; end-to-end: ${e2ePassed} passed, ${e2eFailed} failed; ` +
    `fleet monitoring: ${opsPassed} passed, ${opsFailed} failed; package and rollout: ${debPassed} passed, ${debFailed} failed; ` +
    `update walks: ${walksOutcome.skipped ? `skipped (${walksOutcome.skipped})` : `${walksPassed} passed, ${walksFailed} failed`}`,
);
if (failedChecks.length) console.log(`failed steps: ${failedChecks.join(', ')}`);
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);

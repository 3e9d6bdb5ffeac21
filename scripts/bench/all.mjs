#!/usr/bin/env node
// npm run bench [-- --full] [-- --quick] [-- --only proxy,bundle] [-- --build]
//
// Runs every benchmark in scripts/bench/ in turn, each in its own process, then prints one table
// of the figures against the targets of docs/performance.md. Each bench is also runnable alone (npm run
// bench:<name>). Needs the build (npm run build); builds first when it is missing or with --build.
//
//   --full   the 30-minute soak (default: 1 minute, enough to see the script work)
//   --quick  short runs everywhere: only to check the scripts on a busy machine, not for figures
//   --only   a comma-separated subset: proxy, bundle, ui-load, interaction, taps, swipe, heartbeat, soak
//
// Run it on a quiet machine: any other heavy work (a build, a browser test) skews the figures.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { DAEMON_MAIN, ROOT, UI_DIST } from './lib/kiosk.mjs';
import { flag, format, textOption } from './lib/report.mjs';

const full = flag('full');
const quick = flag('quick');
const BENCHES = [
  {
    name: 'proxy',
    file: 'proxy.mjs',
    args: quick ? ['--duration', '3', '--warmup', '1', '--probe-requests', '500'] : [],
  },
  { name: 'bundle', file: 'bundle.mjs', args: [] },
  { name: 'ui-load', file: 'ui-load.mjs', args: quick ? ['--loads', '2', '--warmup', '0'] : [] },
  { name: 'interaction', file: 'interaction.mjs', args: quick ? ['--transitions', '20', '--rental-loops', '1'] : [] },
  {
    name: 'taps',
    file: 'taps.mjs',
    args: quick ? ['--throttle', '4', '--only', 'bill'] : ['--throttle', '4'],
  },
  { name: 'swipe', file: 'swipe.mjs', args: quick ? ['--swipes', '20'] : [] },
  { name: 'heartbeat', file: 'heartbeat.mjs', args: quick ? ['--seconds', '3'] : [] },
  { name: 'soak', file: 'soak.mjs', args: ['--minutes', full ? '30' : quick ? '0.5' : '1'] },
];

function selected() {
  const only = textOption('only', null);
  if (only === null) return BENCHES;
  const names = (only ?? '').split(',').map((name) => name.trim());
  const unknown = names.filter((name) => !BENCHES.some((bench) => bench.name === name));
  if (unknown.length) {
    console.error(`Unknown bench: ${unknown.join(', ')}. Known: ${BENCHES.map((bench) => bench.name).join(', ')}`);
    process.exit(2);
  }
  return BENCHES.filter((bench) => names.includes(bench.name));
}

function machine() {
  const [one, five] = loadavg();
  return `${cpus().length} × ${cpus()[0]?.model?.trim() ?? 'CPU'}, load ${one.toFixed(2)} / ${five.toFixed(2)} (1 / 5 min), Node ${process.version}`;
}

function main() {
  const benches = selected();
  const built = existsSync(DAEMON_MAIN) && existsSync(join(UI_DIST, 'index.html'));
  if (flag('build') || !built) {
    console.log(built ? 'Building (--build)…' : 'The build is missing: npm run build…');
    const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: 'inherit' });
    if (build.status !== 0) {
      console.error('The build failed: no benchmarks run.');
      return 1;
    }
  }
  const startedOn = machine();
  const dir = mkdtempSync(join(tmpdir(), 'kiosk-bench-'));
  const resultsFile = join(dir, 'results.jsonl');
  const failures = [];
  const started = Date.now();
  for (const bench of benches) {
    console.log(`\n━━ ${bench.name} ${'━'.repeat(Math.max(0, 70 - bench.name.length))}`);
    const run = spawnSync(process.execPath, [join(ROOT, 'scripts/bench', bench.file), ...bench.args], {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, BENCH_RESULTS_FILE: resultsFile },
    });
    if (run.status !== 0) failures.push(`${bench.name} (exit ${run.status ?? run.signal})`);
  }
  const results = existsSync(resultsFile)
    ? readFileSync(resultsFile, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line))
    : [];
  rmSync(dir, { recursive: true, force: true });

  const rows = results.map((result) => [
    result.bench,
    result.metric,
    `${typeof result.value === 'number' ? format(result.value) : result.value}${result.unit ? ` ${result.unit}` : ''}`,
    result.target ?? '',
    [result.met === undefined ? '' : result.met ? 'met' : 'MISSED', result.note ?? ''].filter(Boolean).join(': ') ||
      '—',
  ]);
  const header = ['bench', 'figure', 'value', 'target', 'verdict'];
  const widths = header.map((title, i) =>
    Math.min(60, Math.max(title.length, ...rows.map((row) => String(row[i]).length))),
  );
  const line = (cells) =>
    cells
      .map((cell, i) => String(cell).slice(0, 60).padEnd(widths[i]))
      .join('  ')
      .trimEnd();
  console.log(`\n━━ summary ${'━'.repeat(62)}`);
  console.log(`machine at start: ${startedOn}`);
  console.log(`machine at end:   ${machine()}`);
  console.log(
    `took ${((Date.now() - started) / 60_000).toFixed(1)} min${quick ? ' (--quick: script check only, not figures)' : ''}\n`,
  );
  console.log(line(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of rows) console.log(line(row));
  const missed = results.filter((result) => result.met === false).length;
  console.log(
    `\n${results.filter((result) => result.met === true).length} met, ${missed} missed${failures.length ? `; failed to run: ${failures.join(', ')}` : ''}`,
  );
  // Figures that miss their target are findings, not failures of the script.
  return failures.length ? 1 : 0;
}

process.exit(main());

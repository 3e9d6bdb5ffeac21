// Shared by the benchmarks: command-line options, percentiles, and the one-line results that
// scripts/bench/all.mjs gathers into its summary table.
import { appendFileSync } from 'node:fs';

/** `--name value` as a non-negative number, else the fallback; a bad value stops the script. */
export function option(name, fallback) {
  const index = process.argv.indexOf(`--${name}`);
  if (index === -1) return fallback;
  const value = Number(process.argv[index + 1]);
  if (!Number.isFinite(value) || value < 0) {
    console.error(`--${name} needs a number, got ${process.argv[index + 1]}`);
    process.exit(2);
  }
  return value;
}

/** A text option (`--name value`), or `fallback` when it is not given. */
export function textOption(name, fallback) {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? fallback : process.argv[index + 1];
}

export function flag(name) {
  return process.argv.includes(`--${name}`);
}

/** Nearest-rank percentile of unsorted numbers (q from 0 to 1). */
export function percentile(values, q) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil(q * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))];
}

export const median = (values) => percentile(values, 0.5);

export function fixed(value, digits = 1) {
  return Number.isFinite(value) ? value.toFixed(digits) : 'n/a';
}

/** Whole numbers as they are; large figures without decimals; small ones to 2 significant places. */
export function format(value) {
  if (!Number.isFinite(value)) return 'n/a';
  if (Number.isInteger(value) || Math.abs(value) >= 100) return value.toFixed(0);
  return value.toFixed(Math.abs(value) >= 10 ? 1 : 2);
}

/**
 * One figure against its target. Printed here as "MET"/"NOT MET"; appended as a JSON line to
 * BENCH_RESULTS_FILE when all.mjs runs the bench, for its summary table.
 * `met` is undefined for a figure without a target (shown for information).
 */
export function record({ bench, metric, value, unit, target, met, note }) {
  const shown = typeof value === 'number' ? format(value) : String(value);
  const verdict = met === undefined ? '' : met ? '  MET' : '  NOT MET';
  console.log(`  ${metric}: ${shown}${unit ? ` ${unit}` : ''}${target ? ` (target ${target})` : ''}${verdict}`);
  saveResult({ bench, metric, value, unit, target, met, note });
}

/** Only the JSON line for all.mjs's summary (for a bench that prints its figures itself). */
export function saveResult(result) {
  const file = process.env.BENCH_RESULTS_FILE;
  if (file) appendFileSync(file, `${JSON.stringify(result)}\n`);
}

/** Run the bench's main(), print a clear failure, and always exit (no handle keeps it alive). */
export async function runMain(name, main) {
  try {
    await main();
    process.exit(0);
  } catch (error) {
    console.error(`${name} failed: ${error?.stack ?? error}`);
    process.exit(1);
  }
}

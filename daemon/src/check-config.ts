#!/usr/bin/env node
import { readFileSync } from 'node:fs';
import { parseArgs, parseEnv } from 'node:util';
import { examineConfig, supportListenerProblem } from './config.js';
import { readFileSource, type Source } from './config-values.js';

/**
 * `npm run check-config -- --file /etc/kiosk/daemon.env [--file …]` (the package's
 * `storage-kiosk check-config --file …`): checks a kiosk's configuration as the daemon would read
 * it at start, without starting anything. An environment file is read as systemd reads an
 * EnvironmentFile= (KEY=VALUE lines, # comments, optional quotes); several are read in order, a
 * later one winning; a `.json` file is the JSON configuration (KIOSK_CONFIG_FILE), under them.
 * Prints every problem and exits 1, or "Configuration OK" and exits 0; either way lists the known
 * settings the files leave unset, which take their documented defaults (an upgrade's new ones show
 * there). The shell's own environment is not read: the daemon's unit does not see it.
 */

const USAGE = 'Usage: check-config --file <daemon.env | config.json> [--file …]';

interface CheckResult {
  ok: boolean;
  lines: string[];
}

/** The settings given by the files, as the daemon's unit would hand them over. */
function readFiles(files: readonly string[]): Source {
  const env: Source = {};
  for (const file of files) {
    if (file.endsWith('.json')) env.KIOSK_CONFIG_FILE = file;
    else Object.assign(env, parseEnv(readFileSync(file, 'utf8')));
  }
  return env;
}

function checkConfig(files: readonly string[]): CheckResult {
  const env = readFiles(files);
  const { config, problems, known } = examineConfig(env);
  let fromJson: Source = {};
  try {
    fromJson = readFileSource(env.KIOSK_CONFIG_FILE);
  } catch {
    // Already reported by examineConfig.
  }
  const lines = problems.map((problem) => problem.message);
  const ok = problems.length === 0 && config !== null;
  if (ok) {
    lines.push('Configuration OK');
    lines.push(
      config.sandbox
        ? `Demo kiosk (KIOSK_SANDBOX=on) of facility ${config.facilityId}: no real rentals or payments`
        : `Kiosk of facility ${config.facilityId} against its operator API, release stage ${config.releaseStage}`,
    );
    const support = supportListenerProblem(config);
    if (support !== null) lines.push(`Warning: the support listener will not start: ${support}`);
  }
  const given = new Set([...Object.keys(env), ...Object.keys(fromJson)].filter((name) => env[name] !== ''));
  const unset = [...known].filter((name) => !given.has(name)).sort();
  if (unset.length > 0) {
    lines.push('Not set, so at their documented defaults (README.md, Configuration):');
    lines.push(...unset.map((name) => `  ${name}`));
  }
  return { ok, lines };
}

function main(): void {
  let files: string[];
  try {
    const { values } = parseArgs({ options: { file: { type: 'string', short: 'f', multiple: true } } });
    files = values.file ?? [];
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${USAGE}\n`);
    process.exit(2);
  }
  if (files.length === 0) {
    process.stderr.write(`${USAGE}\n`);
    process.exit(2);
  }
  let result: CheckResult;
  try {
    result = checkConfig(files);
  } catch (error) {
    process.stderr.write(`Cannot read the configuration: ${(error as Error).message}\n`);
    process.exit(1);
  }
  process.stdout.write(`${result.lines.join('\n')}\n`);
  process.exit(result.ok ? 0 : 1);
}

main();

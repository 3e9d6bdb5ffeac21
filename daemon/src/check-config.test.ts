import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tempDir } from './test-helpers/fake-services.js';

/** The built command, as the package and `npm run check-config` run it. */
const CLI = fileURLToPath(new URL('../dist/check-config.js', import.meta.url));

function checkConfig(...files: string[]): { status: number | null; stdout: string } {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run npm run build first`);
  // The shell's KIOSK_SANDBOX=on must not count: the command reads the files only, as the unit does.
  const run = spawnSync(process.execPath, [CLI, ...files.flatMap((file) => ['--file', file])], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', KIOSK_SANDBOX: 'on' },
  });
  return { status: run.status, stdout: run.stdout };
}

function envFile(name: string, text: string): string {
  const path = join(tempDir('check-config-'), name);
  writeFileSync(path, text);
  return path;
}

// Each test runs the built command: a few seconds on a busy machine.
describe('check-config', { timeout: 30_000 }, () => {
  it('passes a facility kiosk written as systemd reads it, and lists what it leaves at the defaults', () => {
    const file = envFile(
      'daemon.env',
      [
        '# Kiosk daemon settings',
        'KIOSK_FACILITY_ID=north',
        'KIOSK_UPSTREAM_URL="https://operator.example.com/api/v1"',
        "KIOSK_API_KEY='k-123'",
        'KIOSK_HEALTH_TOKEN=t0ken',
        'KIOSK_LOG_URL=',
        'LOG_LEVEL=info',
        '',
      ].join('\n'),
    );
    const { status, stdout } = checkConfig(file);
    expect(status).toBe(0);
    const lines = stdout.trimEnd().split('\n');
    expect(lines.slice(0, 2)).toEqual([
      'Configuration OK',
      'Kiosk of facility north against its operator API, release stage production',
    ]);
    const unset = lines.slice(
      lines.indexOf('Not set, so at their documented defaults (README.md, Configuration):') + 1,
    );
    expect(unset).toContain('  KIOSK_SANDBOX');
    expect(unset).toContain('  KIOSK_LOG_URL');
    expect(unset).toContain('  KIOSK_RELEASE_STAGE');
    expect(unset).not.toContain('  KIOSK_UPSTREAM_URL');
    expect(unset).not.toContain('  LOG_LEVEL');
  });

  it('prints every problem of a bad file, one line each, and exits 1', () => {
    const file = envFile(
      'daemon.env',
      [
        'KIOSK_UPSTREAM_ULR=https://operator.example.com/api/v1',
        'KIOSK_API_KEY=k-123',
        'KIOSK_PRINTER_WIDTH=76',
        'LOG_LEVEL=verbose',
      ].join('\n'),
    );
    const { status, stdout } = checkConfig(file);
    expect(status).toBe(1);
    expect(stdout.split('\n').slice(0, 4)).toEqual([
      'Invalid configuration: KIOSK_UPSTREAM_ULR is an unknown setting, did you mean KIOSK_UPSTREAM_URL?',
      'Invalid configuration: KIOSK_PRINTER_WIDTH must be 80 or 58 (paper width in mm), got "76"',
      'Invalid configuration: LOG_LEVEL must be one of trace, debug, info, warn, error, fatal, silent, got "verbose"',
      "Invalid configuration: KIOSK_UPSTREAM_URL is not set: give KIOSK_UPSTREAM_URL and KIOSK_API_KEY to run against the facility's operator API, or KIOSK_SANDBOX=on for a demo on the embedded sandbox (no real rentals or payments)",
    ]);
    expect(stdout).not.toContain('Configuration OK');
  });

  it('reads several files in order, a later one winning, and a JSON configuration under them', () => {
    const json = envFile('kiosk.json', JSON.stringify({ KIOSK_FACILITY_ID: 'from-json', KIOSK_PORT: 'eighty' }));
    const base = envFile('base.env', 'KIOSK_SANDBOX=on\nKIOSK_FACILITY_ID=from-base\n');
    const override = envFile('override.env', 'KIOSK_FACILITY_ID=south\nKIOSK_PORT=8081\n');
    const { status, stdout } = checkConfig(json, base, override);
    expect(status).toBe(0);
    expect(stdout).toContain('Demo kiosk (KIOSK_SANDBOX=on) of facility south: no real rentals or payments');
    expect(checkConfig(json, base)).toMatchObject({ status: 1, stdout: expect.stringContaining('KIOSK_PORT') });
  });
});

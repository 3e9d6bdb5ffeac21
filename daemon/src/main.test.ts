import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const MAIN = fileURLToPath(new URL('../dist/main.js', import.meta.url));

/** The built daemon, started with only these settings; it must stop before listening. */
function start(env: Record<string, string>): { status: number | null; stdout: string; stderr: string } {
  if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run npm run build first`);
  const run = spawnSync(process.execPath, [MAIN], {
    encoding: 'utf8',
    timeout: 20_000,
    env: { PATH: process.env.PATH ?? '', KIOSK_PORT: '0', KIOSK_SUPPORT_HOST: '127.0.0.1', ...env },
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

// Each test starts the built daemon: a few seconds on a busy machine.
describe('the daemon refuses a configuration before it listens', { timeout: 30_000 }, () => {
  it.each([
    ['nothing', {}],
    ['the empty operator line an installer leaves', { KIOSK_UPSTREAM_URL: '', KIOSK_API_KEY: '' }],
  ])('given %s: no sandbox, exit 1 and the settings to give', (_case, env) => {
    const { status, stdout, stderr } = start(env);
    expect(status).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toBe(
      "Invalid configuration: KIOSK_UPSTREAM_URL is not set: give KIOSK_UPSTREAM_URL and KIOSK_API_KEY to run against the facility's operator API, or KIOSK_SANDBOX=on for a demo on the embedded sandbox (no real rentals or payments)\n",
    );
  });

  it('a typo of the operator line: both problems, no sandbox started', () => {
    const { status, stdout, stderr } = start({
      KIOSK_UPSTREAM_ULR: 'https://operator.example.com/api/v1',
      KIOSK_API_KEY: 'k',
    });
    expect(status).toBe(1);
    expect(stdout).not.toContain('Sandbox');
    expect(stderr.trimEnd().split('\n')).toEqual([
      'Invalid configuration: KIOSK_UPSTREAM_ULR is an unknown setting, did you mean KIOSK_UPSTREAM_URL?',
      expect.stringContaining('Invalid configuration: KIOSK_UPSTREAM_URL is not set'),
    ]);
  });
});

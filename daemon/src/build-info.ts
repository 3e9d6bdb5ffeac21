import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { daemonVersion } from './plugins/events.js';

/**
 * Which build this daemon runs, for kiosk_build_info and the support bundle: the daemon's package
 * version and the source commit. The commit comes from KIOSK_BUILD_COMMIT (install.sh writes it
 * into daemon.env from the checkout it installs), else from git when the daemon runs from a
 * checkout, else 'unknown'. Read once at start.
 */
export interface BuildInfo {
  version: string;
  commit: string;
}

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const COMMIT = /^[0-9a-f]{7,40}$/;

function gitCommit(): string | undefined {
  try {
    const out = execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], {
      cwd: REPO_ROOT,
      timeout: 2000,
      stdio: ['ignore', 'pipe', 'ignore'],
      encoding: 'utf8',
    }).trim();
    return COMMIT.test(out) ? out : undefined;
  } catch {
    return undefined;
  }
}

let cached: BuildInfo | undefined;

export function buildInfo(env: Record<string, string | undefined> = process.env): BuildInfo {
  if (cached !== undefined) return cached;
  const fromEnv = env.KIOSK_BUILD_COMMIT?.trim().toLowerCase();
  const commit = fromEnv !== undefined && COMMIT.test(fromEnv) ? fromEnv : (gitCommit() ?? 'unknown');
  cached = { version: daemonVersion(), commit };
  return cached;
}

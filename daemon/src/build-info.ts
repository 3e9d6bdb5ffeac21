import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Which build this daemon runs, for kiosk_build_info, /health/ready, the UI's hello and the support
 * bundle: one version string, the repository's version (root package.json) plus the source commit,
 * `<version>+g<commit>` (e.g. `1.0.0+g57c3458abcde`), the same string as the Debian package's
 * version (docs/fleet.md, "Versions").
 *
 * An installed package carries it in build-info.json at its root (written by scripts/package.mjs);
 * a checkout reads package.json and asks git; KIOSK_BUILD_COMMIT overrides the commit. Without a
 * commit the version is package.json's alone. Read once at start.
 */
export interface BuildInfo {
  version: string;
  commit: string;
}

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const COMMIT = /^[0-9a-f]{7,40}$/;
/** What a version may look like: a Debian upstream version (digits first; letters, digits, . + ~ -). */
const VERSION = /^\d[A-Za-z0-9.+~-]*$/;

function gitCommit(root: string): string | undefined {
  try {
    const out = execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], {
      cwd: root,
      timeout: 2000,
      stdio: ['ignore', 'pipe', 'ignore'],
      encoding: 'utf8',
    }).trim();
    return COMMIT.test(out) ? out : undefined;
  } catch {
    return undefined;
  }
}

function readJson(path: string): Record<string, unknown> | undefined {
  try {
    const value = JSON.parse(readFileSync(path, 'utf8')) as unknown;
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** `1.0.0` and `57c3458abcde` → `1.0.0+g57c3458abcde`; the version alone without a commit. */
export function versionWithCommit(base: string, commit: string | undefined): string {
  return commit === undefined || commit === 'unknown' ? base : `${base}+g${commit}`;
}

/** The build of the tree at `root` (a checkout or an installed package), read now. */
export function readBuildInfo(root: string, env: Record<string, string | undefined>): BuildInfo {
  const fromEnv = env.KIOSK_BUILD_COMMIT?.trim().toLowerCase();
  const override = fromEnv !== undefined && COMMIT.test(fromEnv) ? fromEnv : undefined;
  const packaged = readJson(join(root, 'build-info.json'));
  if (
    override === undefined &&
    typeof packaged?.version === 'string' &&
    VERSION.test(packaged.version) &&
    typeof packaged.commit === 'string'
  ) {
    return { version: packaged.version, commit: packaged.commit };
  }
  const base = readJson(join(root, 'package.json'))?.version;
  const version = typeof base === 'string' && VERSION.test(base) ? base : '0.0.0';
  const commit = override ?? gitCommit(root) ?? 'unknown';
  return { version: versionWithCommit(version, commit), commit };
}

let cached: BuildInfo | undefined;

export function buildInfo(env: Record<string, string | undefined> = process.env): BuildInfo {
  cached ??= readBuildInfo(REPO_ROOT, env);
  return cached;
}

/** The version string alone (see buildInfo). */
export function daemonVersion(): string {
  return buildInfo().version;
}

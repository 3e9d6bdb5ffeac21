// Set-up steps shared by `npm start` and `npm test`. Plain Node, no dependencies: these run
// before anything is installed.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

function mustRun(command, args, what) {
  const status = run(command, args);
  if (status !== 0) {
    console.error(`\n${what} failed (exit ${status}).`);
    process.exit(status);
  }
}

/** Install the workspace's packages when node_modules is missing or older than the lockfile. */
export function ensureInstalled() {
  const lock = join(ROOT, 'package-lock.json');
  const installed = join(ROOT, 'node_modules/.package-lock.json');
  const fresh =
    existsSync(installed) &&
    existsSync(join(ROOT, 'node_modules/.bin/tsc')) &&
    (!existsSync(lock) || statSync(installed).mtimeMs >= statSync(lock).mtimeMs);
  if (fresh) return;
  console.log('Installing packages (npm ci)…');
  mustRun(
    'npm',
    existsSync(lock) ? ['ci', '--no-audit', '--no-fund'] : ['install', '--no-audit', '--no-fund'],
    'npm install',
  );
}

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** apt-get install Debian packages (as root, or via `sudo -n`); false when that failed. */
function aptInstall(packages) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const sudo = isRoot ? [] : ['sudo', '-n'];
  const apt = (args) => (sudo.length ? run(sudo[0], [...sudo.slice(1), 'apt-get', ...args]) : run('apt-get', args));
  process.env.DEBIAN_FRONTEND = 'noninteractive';
  return apt(['update', '-qq']) === 0 && apt(['install', '-y', '-qq', ...packages]) === 0;
}

/** Install Debian's Chromium when absent (Playwright cannot download its own browser here). */
export function ensureChromium() {
  if (existsSync(CHROMIUM_PATH)) return;
  console.log(`Chromium not found at ${CHROMIUM_PATH}; installing Debian's chromium package…`);
  if (!aptInstall(['chromium']) || !existsSync(CHROMIUM_PATH)) {
    console.error(
      `\nCould not install Chromium. Install it yourself (as root: apt-get install -y chromium) ` +
        `or set CHROMIUM_PATH to a Chromium binary, then run npm test again.`,
    );
    process.exit(1);
  }
}

export const ESPEAK_PATH = '/usr/bin/espeak-ng';

/**
 * Install Debian's espeak-ng when absent: the daemon's speech output synthesises with it
 * (docs/accessibility.md). `required` (npm test) stops when it cannot be installed; npm start goes
 * on without speech, whose control the kiosk then hides.
 */
export function ensureEspeak({ required }) {
  // The daemon's default play command is aplay (Debian's alsa-utils); without it speech is hidden.
  if (!existsSync('/usr/bin/aplay') && !aptInstall(['alsa-utils']))
    console.warn('Could not install alsa-utils: speech needs a play command (KIOSK_SPEECH_PLAY_COMMAND).');
  if (existsSync(ESPEAK_PATH)) return;
  console.log(`espeak-ng not found at ${ESPEAK_PATH}; installing Debian's espeak-ng package…`);
  if (aptInstall(['espeak-ng']) && existsSync(ESPEAK_PATH)) return;
  const advice = 'Install it yourself (as root: apt-get install -y espeak-ng)';
  if (required) {
    console.error(`\nCould not install espeak-ng. ${advice}, then run npm test again.`);
    process.exit(1);
  }
  console.warn(`Could not install espeak-ng: the kiosk runs without speech output. ${advice}.`);
}

export const SYSTEMD_ANALYZE_PATH = '/usr/bin/systemd-analyze';

/**
 * Install Debian's systemd when systemd-analyze is absent (a container without it): the unit tests
 * of scripts/systemd-security.mjs rate each unit the package ships with it, and skip without it.
 */
export function ensureSystemdAnalyze() {
  if (existsSync(SYSTEMD_ANALYZE_PATH)) return;
  console.log(`${SYSTEMD_ANALYZE_PATH} not found; installing Debian's systemd package…`);
  if (aptInstall(['systemd']) && existsSync(SYSTEMD_ANALYZE_PATH)) return;
  console.warn(
    "Could not install systemd (as root: apt-get install -y systemd): the units' hardening checks are skipped.",
  );
}

/** The fleet tools npm test checks the monitoring files with, and the Debian package of each. */
export const PROMETHEUS_TOOLS = {
  '/usr/bin/promtool': 'prometheus',
  '/usr/bin/prometheus': 'prometheus',
  '/usr/bin/amtool': 'prometheus-alertmanager',
  '/usr/bin/prometheus-alertmanager': 'prometheus-alertmanager',
};

/** Install Debian's prometheus and prometheus-alertmanager when a tool is absent. */
export function ensurePrometheusTools() {
  const missing = Object.entries(PROMETHEUS_TOOLS).filter(([path]) => !existsSync(path));
  if (missing.length === 0) return;
  const packages = [...new Set(missing.map(([, pkg]) => pkg))];
  console.log(`${missing.map(([path]) => path).join(', ')} not found; installing ${packages.join(' and ')}…`);
  if (!aptInstall(packages) || Object.keys(PROMETHEUS_TOOLS).some((path) => !existsSync(path))) {
    console.error(
      `\nCould not install ${packages.join(' and ')}. Install them yourself ` +
        `(as root: apt-get install -y ${packages.join(' ')}), then run npm test again.`,
    );
    process.exit(1);
  }
}

/** The tools npm test's package and rollout checks use (scripts/package-checks.mjs), and their Debian packages. */
export const PACKAGING_TOOLS = {
  '/usr/bin/dpkg-deb': 'dpkg',
  '/usr/bin/lintian': 'lintian',
  '/usr/bin/dpkg-scanpackages': 'dpkg-dev',
  '/usr/bin/ansible-playbook': 'ansible',
  '/usr/bin/setpriv': 'util-linux',
};

/** Install Debian's lintian, dpkg-dev and ansible when a tool is absent; false when that failed. */
export function ensurePackagingTools() {
  const missing = Object.entries(PACKAGING_TOOLS).filter(([path]) => !existsSync(path));
  if (missing.length === 0) return true;
  const packages = [...new Set(missing.map(([, pkg]) => pkg))];
  console.log(`${missing.map(([path]) => path).join(', ')} not found; installing ${packages.join(', ')}…`);
  if (aptInstall(packages) && Object.keys(PACKAGING_TOOLS).every((path) => existsSync(path))) return true;
  console.error(`Could not install ${packages.join(', ')} (as root: apt-get install -y ${packages.join(' ')}).`);
  return false;
}

/**
 * The tools of the update agent's live walks (scripts/update-checks.mjs): debootstrap for the
 * Debian 13 root, systemd-nspawn to boot it, apt-ftparchive and gpg for the signed repository and
 * channel. Installed as root only (the walks need root anyway); false when one is still missing.
 */
export const UPDATE_WALK_TOOLS = {
  '/usr/sbin/debootstrap': 'debootstrap',
  '/usr/bin/systemd-nspawn': 'systemd-container',
  '/usr/bin/apt-ftparchive': 'apt-utils',
  '/usr/bin/gpg': 'gnupg',
};

export function ensureUpdateWalkTools() {
  if (process.getuid?.() !== 0) return false;
  const missing = Object.entries(UPDATE_WALK_TOOLS).filter(([path]) => !existsSync(path));
  if (missing.length === 0) return true;
  const packages = [...new Set(missing.map(([, pkg]) => pkg))];
  console.log(`${missing.map(([path]) => path).join(', ')} not found; installing ${packages.join(', ')}…`);
  if (aptInstall(packages) && Object.keys(UPDATE_WALK_TOOLS).every((path) => existsSync(path))) return true;
  console.error(`Could not install ${packages.join(', ')}: the update walks are skipped.`);
  return false;
}

/** Build shared-types and the daemon (tsc -b, incremental) and the UI (vite). */
export function build() {
  mustRun('npm', ['run', 'build', '--silent'], 'Build');
}

export function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
}

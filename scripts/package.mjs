#!/usr/bin/env node
// npm run package [-- --no-build] [--out DIR]
//
// Builds the kiosk's Debian package, dist/storage-kiosk_<version>_<arch>.deb, with Debian's own
// tools (dpkg-deb) and npm: the built daemon and UI, the daemon's production dependencies only
// (`npm ci --omit=dev` for the daemon workspace into a staging directory; no compiler, test runner,
// source maps or type declarations), the systemd units, the polkit rule, the browser-policy
// generator and the `storage-kiosk` command. The version is the repository's (package.json) plus the
// commit, `1.0.0+g<commit>`; the same string is in build-info.json, which the daemon reports.
// Layout, maintainer scripts and how upgrades behave: docs/fleet.md ("The Debian package").
import { execFileSync, spawnSync } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const PACKAGING = join(ROOT, 'packaging');
export const PACKAGE = 'storage-kiosk';
const LIB = 'usr/lib/storage-kiosk';
const MAINTAINER = 'Storage Kiosk Maintainers <kiosk-maintainers@example.com>';
/** What the kiosk needs at run time (README: Node >= 20.19; Debian 13 ships it, Debian 12 via NodeSource). */
const DEPENDS = [
  'adduser',
  'libc6 (>= 2.28)',
  'libstdc++6',
  'nodejs (>= 20.19)',
  'chromium',
  'espeak-ng',
  'alsa-utils',
];
const RECOMMENDS = ['polkitd', 'systemd-timesyncd', 'unattended-upgrades', 'prometheus'];
const CONFFILES = [
  '/etc/storage-kiosk/daemon.env',
  '/etc/storage-kiosk/fleet.json',
  '/etc/storage-kiosk/browser.env',
  '/etc/storage-kiosk/prometheus-agent.yml',
  '/etc/storage-kiosk/update.env',
];
/** Files and directories of node_modules that no kiosk runs. */
const PRUNE_DIRS = new Set([
  'test',
  'tests',
  'spec',
  'specs',
  '__tests__',
  'docs',
  'example',
  'examples',
  'benchmark',
  'benchmarks',
  'bench',
  'coverage',
  'integration',
]);
/** Sources, declarations, maps, docs, build and editor files, shell scripts of the modules' own repositories, dotfiles. */
const PRUNE_FILE =
  /(\.map|\.d\.ts|\.d\.mts|\.d\.cts|\.tsbuildinfo|\.md|\.markdown|\.ts|\.cc|\.h|\.gyp|\.gypi|\.sh|\.html|tsconfig.*\.json|Makefile|[.-](test|spec)\.[cm]?js)$|^\./i;
const KEEP_FILE = /^(LICEN[CS]E|COPYING|NOTICE)/i;

const sh = (command, args, options = {}) =>
  (
    execFileSync(command, args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], ...options }) ?? ''
  ).trim();

/** 1.0.0 + the commit: 1.0.0+g57c3458abcde (valid for dpkg and as a Prometheus label value). */
export function packageVersion() {
  const base = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version;
  if (!/^\d+\.\d+\.\d+$/.test(base)) throw new Error(`package.json version "${base}" is not MAJOR.MINOR.PATCH`);
  const commit = sh('git', ['rev-parse', '--short=12', 'HEAD']);
  return { version: `${base}+g${commit}`, commit };
}

function walk(dir, visit) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (visit(path, entry) === false) continue;
    if (entry.isDirectory()) walk(path, visit);
  }
}

/** The daemon workspace's production dependencies, from the lockfile, without running any install script. */
function installProductionModules(target) {
  const work = mkdtempSync(join(tmpdir(), 'kiosk-npm-'));
  try {
    for (const file of ['package.json', 'package-lock.json']) cpSync(join(ROOT, file), join(work, file));
    for (const workspace of ['shared-types', 'daemon', 'kiosk-ui']) {
      mkdirSync(join(work, workspace));
      cpSync(join(ROOT, workspace, 'package.json'), join(work, workspace, 'package.json'));
    }
    const result = spawnSync(
      'npm',
      [
        'ci',
        '--omit=dev',
        '--workspace',
        '@kiosk/daemon',
        '--ignore-scripts',
        '--prefer-offline',
        '--no-audit',
        '--no-fund',
        '--loglevel=error',
      ],
      { cwd: work, stdio: ['ignore', 'inherit', 'inherit'] },
    );
    if (result.status !== 0) throw new Error(`npm ci --omit=dev failed (exit ${result.status})`);
    // Workspace links (node_modules/@kiosk/daemon -> ../../daemon) resolve inside the package too;
    // the UI is static files and needs none of its modules.
    rmSync(join(work, 'node_modules/@kiosk/ui'), { force: true });
    rmSync(join(work, 'node_modules/.package-lock.json'), { force: true });
    renameSync(join(work, 'node_modules'), target);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Node modules' own scripts, made executable by normaliseModes. */
const executableModules = new Set();

/** Remove what no kiosk runs: tests, docs, type declarations, sources, other platforms' binaries. */
function pruneModules(modules) {
  const platform = `linux-${process.arch}`;
  walk(modules, (path, entry) => {
    if (entry.isSymbolicLink()) return false;
    if (entry.isDirectory()) {
      if (PRUNE_DIRS.has(entry.name) || entry.name.startsWith('.')) {
        rmSync(path, { recursive: true, force: true });
        return false;
      }
      // prebuilt native modules (serialport): only this platform's glibc build
      if (dirname(path).endsWith('prebuilds') && entry.name !== platform) {
        rmSync(path, { recursive: true, force: true });
        return false;
      }
      return true;
    }
    if (PRUNE_FILE.test(entry.name) && !KEEP_FILE.test(entry.name)) rmSync(path);
    else if (entry.name.endsWith('.node') && entry.name.includes('musl')) rmSync(path);
    return true;
  });
  // Modules' command-line scripts (#!/usr/bin/env node) stay scripts: executable.
  walk(modules, (path, entry) => {
    if (entry.isSymbolicLink()) return false;
    if (entry.isFile() && /\.(c|m)?js$/.test(entry.name) && readFileSync(path).subarray(0, 2).toString() === '#!')
      executableModules.add(path);
    return true;
  });
  // serialport's sources for node-gyp (the prebuilt binary is used)
  for (const dir of ['@serialport/bindings-cpp/src', 'node-addon-api/src', 'node-addon-api/tools'])
    rmSync(join(modules, dir), { recursive: true, force: true });
  removeEmptyDirectories(modules);
}

function removeEmptyDirectories(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true }))
    if (entry.isDirectory()) removeEmptyDirectories(join(dir, entry.name));
  if (readdirSync(dir).length === 0) rmSync(dir, { recursive: true });
}

function copy(from, to, mode) {
  mkdirSync(dirname(to), { recursive: true });
  cpSync(from, to, { recursive: true, dereference: false });
  if (mode !== undefined) chmodSync(to, mode);
}

/** Files are 0644 and directories 0755, except the executables named. */
function normaliseModes(root, executables) {
  walk(root, (path, entry) => {
    if (entry.isSymbolicLink()) return false;
    const executable = executables.has(relative(root, path)) || executableModules.has(path);
    chmodSync(path, entry.isDirectory() || executable ? 0o755 : 0o644);
    return true;
  });
}

/** A Debian changelog with the release's one entry (dated by its commit, so builds are reproducible). */
function debianChangelog(version) {
  const date = sh('git', ['log', '-1', '--format=%aD', 'HEAD']);
  return `${PACKAGE} (${version}) unstable; urgency=medium\n\n  * Release ${version}: see /usr/share/doc/${PACKAGE}/CHANGELOG.md.\n\n -- ${MAINTAINER}  ${date}\n`;
}

function control({ version, arch, installedSize }) {
  return `Package: ${PACKAGE}
Version: ${version}
Architecture: ${arch}
Maintainer: ${MAINTAINER}
Installed-Size: ${installedSize}
Depends: ${DEPENDS.join(', ')}
Recommends: ${RECOMMENDS.join(', ')}
Section: misc
Priority: optional
Homepage: https://github.com/storage-kiosk/storage-kiosk
Description: self-service kiosk for self-storage facilities
 The kiosk daemon (the kiosk UI, the operator-API proxy, card reader,
 receipt printer, licence scanner and speech) and the Chromium kiosk-mode
 browser unit of a self-storage facility's touch-screen kiosk.
 .
 Settings live in /etc/storage-kiosk, the log spool, outbox and last facility
 settings in /var/lib/storage-kiosk. Upgrades and downgrades keep both and
 restart the daemon only when no visitor is using the kiosk. The storage-kiosk
 command checks the settings, writes the browser's managed policy and prints
 the installed version.
`;
}

function installedSizeKiB(root) {
  let bytes = 0;
  walk(root, (path, entry) => {
    if (relative(root, path) === 'DEBIAN') return false;
    if (entry.isFile()) bytes += statSync(path).size;
    return true;
  });
  return Math.ceil(bytes / 1024);
}

function md5sums(root) {
  const lines = [];
  walk(root, (path, entry) => {
    const rel = relative(root, path);
    if (rel === 'DEBIAN' || rel === 'etc') return false; // conffiles are checked by dpkg itself
    if (entry.isFile()) lines.push(`${createHash('md5').update(readFileSync(path)).digest('hex')}  ${rel}`);
    return true;
  });
  return `${lines.sort((a, b) => a.localeCompare(b)).join('\n')}\n`;
}

/** Write DEBIAN/ (control, md5sums, conffiles, maintainer scripts) for the tree at `root`. */
function writeControl(root, { version, arch }) {
  const debian = join(root, 'DEBIAN');
  mkdirSync(debian, { recursive: true });
  writeFileSync(join(debian, 'control'), control({ version, arch, installedSize: installedSizeKiB(root) }));
  writeFileSync(join(debian, 'conffiles'), `${CONFFILES.join('\n')}\n`);
  for (const script of ['postinst', 'prerm', 'postrm']) copy(join(PACKAGING, script), join(debian, script), 0o755);
  writeFileSync(join(debian, 'md5sums'), md5sums(root));
  for (const file of ['control', 'conffiles', 'md5sums']) chmodSync(join(debian, file), 0o644);
}

/** Stage the package's files in `dir`/root; returns the staged tree's description. */
export function stage({ dir, version, commit }) {
  const root = join(dir, 'root');
  const lib = join(root, LIB);
  rmSync(root, { recursive: true, force: true });
  for (const needed of ['daemon/dist/main.js', 'shared-types/dist/index.js', 'kiosk-ui/dist/index.html'])
    if (!existsSync(join(ROOT, needed))) throw new Error(`${needed} is missing: run npm run build first`);
  mkdirSync(lib, { recursive: true });

  const rootPackage = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  writeFileSync(
    join(lib, 'package.json'),
    `${JSON.stringify({ name: PACKAGE, version: rootPackage.version, private: true, type: 'module', license: rootPackage.license }, null, 2)}\n`,
  );
  writeFileSync(join(lib, 'build-info.json'), `${JSON.stringify({ version, commit }, null, 2)}\n`);
  for (const workspace of ['daemon', 'shared-types']) {
    copy(join(ROOT, workspace, 'package.json'), join(lib, workspace, 'package.json'));
    copy(join(ROOT, workspace, 'dist'), join(lib, workspace, 'dist'));
  }
  copy(join(ROOT, 'kiosk-ui/dist'), join(lib, 'kiosk-ui/dist'));
  walk(lib, (path, entry) => {
    if (entry.isFile() && /\.(map|d\.ts|tsbuildinfo)$/.test(entry.name)) rmSync(path);
    return true;
  });
  copy(join(ROOT, 'scripts/browser-policy.mjs'), join(lib, 'scripts/browser-policy.mjs'));
  copy(join(PACKAGING, 'wait-idle.mjs'), join(lib, 'lib/wait-idle.mjs'));
  // The update agent: plain ES modules on the system's Node, no dependency (docs/updates.md).
  for (const file of readdirSync(join(PACKAGING, 'update')))
    if (file.endsWith('.mjs') && !file.endsWith('.test.mjs'))
      copy(join(PACKAGING, 'update', file), join(lib, 'update', file));
  copy(join(ROOT, 'systemd/kiosk-browser-prestart.sh'), join(lib, 'systemd/kiosk-browser-prestart.sh'));
  installProductionModules(join(lib, 'node_modules'));
  pruneModules(join(lib, 'node_modules'));

  copy(join(PACKAGING, 'storage-kiosk'), join(root, 'usr/bin/storage-kiosk'));
  for (const unit of [
    'kiosk-daemon.service',
    'kiosk-browser.service',
    'kiosk-prometheus-agent.service',
    'storage-kiosk-update.service',
    'storage-kiosk-update-boot.service',
    'storage-kiosk-update.timer',
  ])
    copy(join(ROOT, 'systemd', unit), join(root, 'lib/systemd/system', unit));
  copy(
    join(ROOT, 'systemd/polkit/50-kiosk-browser-restart.rules'),
    join(root, 'usr/share/polkit-1/rules.d/50-kiosk-browser-restart.rules'),
  );
  for (const file of ['daemon.env', 'fleet.json', 'browser.env', 'prometheus-agent.yml', 'update.env'])
    copy(join(PACKAGING, 'etc', file), join(root, 'etc/storage-kiosk', file));

  const doc = join(root, 'usr/share/doc', PACKAGE);
  copy(join(PACKAGING, 'copyright'), join(doc, 'copyright'));
  writeFileSync(join(doc, 'changelog.gz'), gzipSync(debianChangelog(version), { level: 9 }));
  copy(join(ROOT, 'CHANGELOG.md'), join(doc, 'CHANGELOG.md'));
  copy(join(ROOT, 'systemd/README.md'), join(doc, 'README.systemd.md'));
  copy(join(ROOT, 'docs/fleet.md'), join(doc, 'fleet.md'));
  copy(join(ROOT, 'docs/updates.md'), join(doc, 'updates.md'));
  mkdirSync(join(root, 'usr/share/man/man1'), { recursive: true });
  writeFileSync(
    join(root, 'usr/share/man/man1/storage-kiosk.1.gz'),
    gzipSync(readFileSync(join(PACKAGING, 'storage-kiosk.1')), { level: 9 }),
  );
  copy(join(PACKAGING, 'lintian-overrides'), join(root, 'usr/share/lintian/overrides', PACKAGE));

  normaliseModes(
    root,
    new Set([
      'usr/bin/storage-kiosk',
      `${LIB}/systemd/kiosk-browser-prestart.sh`,
      `${LIB}/daemon/dist/main.js`,
      `${LIB}/scripts/browser-policy.mjs`,
      `${LIB}/lib/wait-idle.mjs`,
      `${LIB}/daemon/dist/check-config.js`,
      `${LIB}/update/main.mjs`,
    ]),
  );
  const arch = sh('dpkg', ['--print-architecture']);
  return { root, version, commit, arch };
}

/** Give a staged tree another version (a next release or a rollback target) without rebuilding it. */
export function reversion(staged, version) {
  const info = join(staged.root, LIB, 'build-info.json');
  writeFileSync(info, `${JSON.stringify({ version, commit: staged.commit }, null, 2)}\n`);
  const doc = join(staged.root, 'usr/share/doc', PACKAGE);
  writeFileSync(join(doc, 'changelog.gz'), gzipSync(debianChangelog(version), { level: 9 }));
  return { ...staged, version };
}

/** dpkg-deb the staged tree into `outDir`; returns the .deb's path. */
export function buildDeb(staged, outDir, { compression = 'xz' } = {}) {
  writeControl(staged.root, staged);
  mkdirSync(outDir, { recursive: true });
  const deb = join(outDir, `${PACKAGE}_${staged.version}_${staged.arch}.deb`);
  sh('dpkg-deb', ['--root-owner-group', `-Z${compression}`, '--build', staged.root, deb], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return deb;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      'no-build': { type: 'boolean', default: false },
      out: { type: 'string', default: join(ROOT, 'dist') },
      version: { type: 'string' },
    },
  });
  if (!values['no-build']) {
    const built = spawnSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: 'inherit' });
    if (built.status !== 0) process.exit(built.status ?? 1);
  }
  const { version, commit } = packageVersion();
  const dir = mkdtempSync(join(tmpdir(), 'kiosk-package-'));
  try {
    const staged = stage({ dir, version: values.version ?? version, commit });
    const deb = buildDeb(staged, values.out);
    const size = statSync(deb).size;
    console.log(
      `${relative(process.cwd(), deb) || deb}: ${(size / 1_048_576).toFixed(1)} MB (installed ${(installedSizeKiB(staged.root) / 1024).toFixed(1)} MB)`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

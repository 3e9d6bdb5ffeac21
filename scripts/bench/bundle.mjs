#!/usr/bin/env node
// npm run bench:bundle  (after npm run build)
//
// The gzip size of the JavaScript the first screen loads, and of every lazily loaded chunk, from
// the production build in kiosk-ui/dist. The first screen is the module scripts named in
// index.html with everything they import statically, which holds the welcome screen, plus the
// welcome's own chunk and its static imports where a build splits it out. The import graph comes from the Vite manifest
// (dist/.vite/manifest.json, build.manifest in kiosk-ui/vite.config.ts) or, for a build without
// one, from the import statements in the built chunks themselves.
//
// Target (docs/performance.md): first screen ≤ 125 kB gzip (React, MobX and i18next alone weigh
// ~100 kB), and the password-strength checker (zxcvbn) and the media player outside it. Sizes are
// gzip at zlib's default level, kB = 1000 bytes (as Vite prints them).
//
// --dist <dir> measures another build; --breakdown lists what the first screen is made of, by
// package and source file, from source maps: e.g.
//   (cd kiosk-ui && npx vite build --sourcemap --outDir /tmp/kiosk-map) &&
//   node scripts/bench/bundle.mjs --dist /tmp/kiosk-map --breakdown
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, posix } from 'node:path';
import { gzipSync } from 'node:zlib';
import { UI_DIST } from './lib/kiosk.mjs';
import { record, runMain, textOption } from './lib/report.mjs';

const TARGET_KB = 125;
/** The home section's screen: in the entry chunk; counted apart where a build makes it a chunk. */
const FIRST_SCREEN_SOURCES = [/screens\/welcome\/WelcomeScreen\.tsx$/];
const FIRST_SCREEN_FILES = [/(?:^|\/)WelcomeScreen-[\w-]+\.js$/];
/** Code that must never be in the first screen: matched by module path (manifest) or by content. */
const HEAVY = [
  {
    name: 'zxcvbn (password strength)',
    source: /node_modules\/zxcvbn\//,
    // Strings from zxcvbn's feedback module: they survive minification.
    content: ['Straight rows of keys are easy to guess', 'This is a top-10 common password'],
    required: true,
  },
  {
    name: 'media slider (browse)',
    source: /screens\/browse\/MediaSlider/,
    file: /MediaSlider-/,
    // Its message keys stay as strings in whichever chunk bundles it.
    content: ['browse.media.open'],
  },
];

const kB = (bytes) => bytes / 1000;

/** Static and dynamic imports of a built ES module chunk, as dist-relative paths. */
function importsOf(file, code) {
  const dir = posix.dirname(file);
  const resolve = (spec) => posix.normalize(posix.join(dir, spec));
  const staticImports = new Set();
  const dynamicImports = new Set();
  const staticPattern = /(?:\bimport|\bexport)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["'](\.{1,2}\/[^"']+?\.js)["']/g;
  const dynamicPattern = /\bimport\(\s*["'](\.{1,2}\/[^"']+?\.js)["']\s*\)/g;
  for (const match of code.matchAll(staticPattern)) staticImports.add(resolve(match[1]));
  for (const match of code.matchAll(dynamicPattern)) dynamicImports.add(resolve(match[1]));
  return { staticImports: [...staticImports], dynamicImports: [...dynamicImports] };
}

/** file -> { imports, dynamicImports, sources } for every JS chunk. */
function buildGraph(dist, entryFiles) {
  const manifestPath = join(dist, '.vite/manifest.json');
  const graph = new Map();
  if (existsSync(manifestPath)) {
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
    const fileOf = (key) => manifest[key]?.file;
    for (const [key, chunk] of Object.entries(manifest)) {
      if (!chunk.file.endsWith('.js')) continue;
      const node = graph.get(chunk.file) ?? { imports: [], dynamicImports: [], sources: [] };
      node.imports.push(...(chunk.imports ?? []).map(fileOf).filter(Boolean));
      node.dynamicImports.push(...(chunk.dynamicImports ?? []).map(fileOf).filter(Boolean));
      node.sources.push(chunk.src ?? key);
      graph.set(chunk.file, node);
    }
    return { graph, from: 'Vite manifest' };
  }
  const assets = join(dist, 'assets');
  for (const name of readdirSync(assets).filter((file) => file.endsWith('.js'))) {
    const file = `assets/${name}`;
    const { staticImports, dynamicImports } = importsOf(file, readFileSync(join(dist, file), 'utf8'));
    graph.set(file, { imports: staticImports, dynamicImports, sources: [] });
  }
  for (const entry of entryFiles)
    if (!graph.has(entry)) throw new Error(`entry ${entry} from index.html is not in dist/assets`);
  return { graph, from: 'import statements in the built chunks (no manifest: enable build.manifest)' };
}

function closure(graph, roots) {
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file) || !graph.has(file)) return;
    seen.add(file);
    for (const next of graph.get(file).imports) visit(next);
  };
  roots.forEach(visit);
  return seen;
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** One source-map segment's VLQ fields. */
function decodeSegment(segment) {
  const fields = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    let digit = BASE64.indexOf(char);
    const more = digit & 32;
    digit &= 31;
    value += digit << shift;
    if (more) shift += 5;
    else {
      fields.push(value & 1 ? -(value >> 1) : value >> 1);
      value = 0;
      shift = 0;
    }
  }
  return fields;
}

/** "…/node_modules/@scope/pkg/x.js" -> @scope/pkg; "…/kiosk-ui/src/stores/X.ts" -> src/stores/X.ts. */
function ownerOf(source) {
  if (source === undefined) return '(no source)';
  if (source.includes('node_modules/')) {
    const parts = source.split('node_modules/').pop().split('/');
    return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  const local = /(kiosk-ui|shared-types)\/src\/(.*)$/.exec(source);
  if (!local) return source;
  const path = local[2].split('/');
  // Group the message catalogue and components by folder; stores and screens by file.
  return `${local[1]}/${path.length > 2 ? path.slice(0, 2).join('/') : path.join('/')}`;
}

/**
 * Minified bytes per package or source file in the given chunks, from their source maps (build
 * with --sourcemap). Each generated span is counted for the source its mapping names.
 */
function breakdown(dist, files) {
  const bytes = new Map();
  const add = (owner, count) => bytes.set(owner, (bytes.get(owner) ?? 0) + count);
  for (const file of files) {
    const mapPath = join(dist, `${file}.map`);
    if (!existsSync(mapPath)) {
      add(`(no source map) ${file}`, readFileSync(join(dist, file)).length);
      continue;
    }
    const map = JSON.parse(readFileSync(mapPath, 'utf8'));
    const lines = readFileSync(join(dist, file), 'utf8').split('\n');
    let source = 0;
    map.mappings.split(';').forEach((line, index) => {
      let column = 0;
      let previous = null;
      for (const fields of line ? line.split(',').map(decodeSegment) : []) {
        column += fields[0];
        if (fields.length > 1) source += fields[1];
        if (previous) add(previous.owner, column - previous.column);
        previous = { column, owner: fields.length > 1 ? ownerOf(map.sources[source]) : '(no source)' };
      }
      if (previous) add(previous.owner, (lines[index] ?? '').length - previous.column);
    });
  }
  return [...bytes.entries()].sort((a, b) => b[1] - a[1]);
}

function entryScript(dist) {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  // Every module script the page loads (the bundler's runtime and the app's entry are two).
  const entries = [...html.matchAll(/<script\b[^>]*type="module"[^>]*\bsrc="\/?([^"]+\.js)"/g)].map((m) => m[1]);
  if (entries.length === 0) throw new Error('no <script type="module" src=…> in kiosk-ui/dist/index.html');
  const preloads = [...html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*href="\/?([^"]+\.js)"/g)].map((m) => m[1]);
  return { entries, preloads };
}

async function main() {
  // --dist <dir> measures another build (e.g. one from a branch) instead of kiosk-ui/dist.
  const dist = textOption('dist', UI_DIST);
  if (!existsSync(join(dist, 'index.html'))) {
    console.error(`bench:bundle needs the built UI in ${dist}: run npm run build first.`);
    process.exit(1);
  }
  const { entries, preloads } = entryScript(dist);
  const { graph, from } = buildGraph(dist, entries);
  const size = new Map();
  for (const file of graph.keys()) {
    const code = readFileSync(join(dist, file));
    size.set(file, { raw: code.length, gzip: gzipSync(code).length, code: code.toString('utf8') });
  }

  const welcomeRoots = [...graph.entries()]
    .filter(
      ([file, node]) =>
        FIRST_SCREEN_FILES.some((pattern) => pattern.test(file)) ||
        node.sources.some((source) => FIRST_SCREEN_SOURCES.some((pattern) => pattern.test(source))),
    )
    .map(([file]) => file);
  const first = closure(graph, [...entries, ...preloads, ...welcomeRoots]);
  const lazy = [...graph.keys()].filter((file) => !first.has(file));

  console.log(`bundle: ${dist}, import graph from ${from}`);
  console.log(`  entry ${entries.join(' + ')}; welcome screen: ${welcomeRoots.join(', ') || 'in the entry chunk'}\n`);
  const row = (file, role) => {
    const { raw, gzip } = size.get(file);
    const name = graph.get(file).sources[0] ?? '';
    return `  ${file.padEnd(44)} ${kB(raw).toFixed(1).padStart(8)} ${kB(gzip).toFixed(1).padStart(8)}  ${role}${name && !name.startsWith('_') ? `  (${name})` : ''}`;
  };
  console.log(`  ${'first screen'.padEnd(44)} ${'raw kB'.padStart(8)} ${'gzip kB'.padStart(8)}`);
  const firstFiles = [...first].sort((a, b) => size.get(b).gzip - size.get(a).gzip);
  for (const file of firstFiles)
    console.log(
      row(file, entries.includes(file) ? 'entry' : welcomeRoots.includes(file) ? 'welcome' : 'static import'),
    );
  const firstGzip = firstFiles.reduce((sum, file) => sum + size.get(file).gzip, 0);
  const firstRaw = firstFiles.reduce((sum, file) => sum + size.get(file).raw, 0);
  console.log(
    `  ${'total'.padEnd(44)} ${kB(firstRaw).toFixed(1).padStart(8)} ${kB(firstGzip).toFixed(1).padStart(8)}\n`,
  );

  console.log(`  ${`lazy chunks (${lazy.length})`.padEnd(44)} ${'raw kB'.padStart(8)} ${'gzip kB'.padStart(8)}`);
  for (const file of lazy.sort((a, b) => size.get(b).gzip - size.get(a).gzip)) console.log(row(file, 'lazy'));
  const lazyGzip = lazy.reduce((sum, file) => sum + size.get(file).gzip, 0);
  console.log(`  ${'total'.padEnd(44)} ${''.padStart(8)} ${kB(lazyGzip).toFixed(1).padStart(8)}\n`);

  record({
    bench: 'bundle',
    metric: 'first-screen JS (gzip)',
    value: kB(firstGzip),
    unit: 'kB',
    target: `≤ ${TARGET_KB} kB`,
    met: kB(firstGzip) <= TARGET_KB,
  });
  for (const heavy of HEAVY) {
    const holders = (files) =>
      files.filter(
        (file) =>
          graph.get(file).sources.some((source) => heavy.source.test(source)) ||
          heavy.file?.test(file) ||
          heavy.content.some((text) => size.get(file).code.includes(text)),
      );
    const inFirst = holders([...first]);
    const inLazy = holders(lazy);
    const where = inFirst.length
      ? `IN THE FIRST SCREEN (${inFirst.join(', ')})`
      : inLazy.length
        ? `lazy only (${inLazy.join(', ')})`
        : 'not in the build yet';
    record({
      bench: 'bundle',
      metric: `${heavy.name} outside the first screen`,
      value: where,
      target: 'not in the first screen',
      met: heavy.required || inFirst.length ? inFirst.length === 0 : undefined,
    });
  }
  if (process.argv.includes('--breakdown')) {
    const owners = breakdown(dist, firstFiles);
    console.log('\n  first screen by package / source (minified kB, before gzip; needs a --sourcemap build):');
    for (const [owner, count] of owners.slice(0, 30)) console.log(`  ${kB(count).toFixed(1).padStart(8)}  ${owner}`);
  }
  // The first screen's files, for anyone who wants to diff two builds.
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify({ firstScreen: firstFiles, firstGzip, lazy, lazyGzip }, null, 2));
  }
}

await runMain('bench:bundle', main);

import { mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';

/**
 * A child process that runs daemon code as plain Node (no build, no test runner), for tests that
 * SIGKILL it: the chosen daemon sources and all of shared-types are transpiled into `out`, with
 * `@kiosk/shared-types` pointing at that copy and packages pointing at their files (the temp dir has
 * no node_modules to resolve them from).
 */
const here = dirname(fileURLToPath(import.meta.url));
const daemonSrc = join(here, '..');
const sharedSrc = join(here, '../../../shared-types/src');
const require = createRequire(import.meta.url);

function listTs(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return listTs(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

function emit(out: string, file: string, target: string): void {
  const { outputText } = ts.transpileModule(readFileSync(file, 'utf8'), {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: false },
  });
  const shared = relative(dirname(target), join(out, 'shared-types', 'index.js'));
  const code = outputText
    .replaceAll("'@kiosk/shared-types'", `'${shared.startsWith('.') ? shared : `./${shared}`}'`)
    .replace(/(from |import )'([^'.][^']*)'/g, (whole, keyword: string, name: string) =>
      name.startsWith('node:') || name.startsWith('file:')
        ? whole
        : `${keyword}'${pathToFileURL(require.resolve(name)).href}'`,
    );
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, code);
}

/** Transpile shared-types and the daemon sources named relative to daemon/src (e.g. 'logs/spool.ts') into `out`. */
export function transpileForChild(out: string, daemonFiles: readonly string[]): void {
  for (const file of listTs(sharedSrc))
    emit(out, file, join(out, 'shared-types', relative(sharedSrc, file).replace(/\.ts$/, '.js')));
  for (const file of daemonFiles) emit(out, join(daemonSrc, file), join(out, file.replace(/\.ts$/, '.js')));
}

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildInfo, readBuildInfo, versionWithCommit } from './build-info.js';

const dirs: string[] = [];
afterEach(() => {
  while (dirs.length > 0) rmSync(dirs.pop()!, { recursive: true, force: true });
});
function tree(files: Record<string, unknown>): string {
  const dir = mkdtempSync(join(tmpdir(), 'build-info-'));
  dirs.push(dir);
  for (const [name, value] of Object.entries(files)) writeFileSync(join(dir, name), JSON.stringify(value));
  return dir;
}

describe('build info', () => {
  it('is the repository version plus the commit in a checkout', () => {
    const root = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      version: string;
    };
    expect(root.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(root.version).not.toBe('0.1.0');
    const commit = execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { encoding: 'utf8' }).trim();
    expect(buildInfo()).toEqual({ version: `${root.version}+g${commit}`, commit });
  });

  it('reads an installed package’s build-info.json over package.json', () => {
    const root = tree({
      'package.json': { version: '1.0.0' },
      'build-info.json': { version: '1.2.0+gabcdef012345', commit: 'abcdef012345' },
    });
    expect(readBuildInfo(root, {})).toEqual({ version: '1.2.0+gabcdef012345', commit: 'abcdef012345' });
  });

  it('takes KIOSK_BUILD_COMMIT, and the version alone without any commit', () => {
    const root = tree({ 'package.json': { version: '2.3.4' } });
    expect(readBuildInfo(root, { KIOSK_BUILD_COMMIT: '0123ABCDEF' })).toEqual({
      version: '2.3.4+g0123abcdef',
      commit: '0123abcdef',
    });
    // A directory that is no git checkout: no commit to add.
    expect(readBuildInfo(root, {}).version).toMatch(/^2\.3\.4(\+g[0-9a-f]{12})?$/);
    expect(versionWithCommit('2.3.4', 'unknown')).toBe('2.3.4');
  });
});

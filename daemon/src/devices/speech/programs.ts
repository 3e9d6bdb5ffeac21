import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/** The full path of a program as a shell would find it (a name on PATH, or a path), or undefined. */
export function findProgram(name: string, path = process.env.PATH ?? ''): string | undefined {
  if (name === '') return undefined;
  const candidates = name.includes('/') ? [name] : path.split(delimiter).map((dir) => join(dir || '.', name));
  return candidates.find(isExecutableFile);
}

function isExecutableFile(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** The program a shell command line starts with: its first word, past any VAR=value settings. */
export function firstProgram(commandLine: string): string {
  const words = commandLine.trim().split(/\s+/);
  return words.find((word) => !/^[A-Za-z_][A-Za-z0-9_]*=/.test(word)) ?? '';
}

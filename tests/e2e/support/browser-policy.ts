import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The Chromium managed policy a suite installs for its own kiosk (kiosk-browser.spec.ts). Every
 * Chromium on the machine reads this directory at launch, so the file is named after the process
 * that installed it, and one left behind by a process that no longer runs (a run killed outright)
 * is removed by the next run.
 */
export const POLICY_DIR = '/etc/chromium/policies/managed';
export const POLICY_FILE_PREFIX = 'storage-kiosk-e2e-';

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function removeStalePolicies(): void {
  let names: string[];
  try {
    names = readdirSync(POLICY_DIR);
  } catch {
    return;
  }
  for (const name of names) {
    const pid = Number(/^storage-kiosk-e2e-(\d+)\.json$/.exec(name)?.[1]);
    if (pid && !running(pid)) rmSync(join(POLICY_DIR, name), { force: true });
  }
}

import { rmSync } from 'node:fs';
import { A11Y_RESULTS } from './a11y.js';
import { removeStalePolicies } from './browser-policy.js';

/**
 * Each Playwright run starts a fresh list of accessibility checks (scripts/a11y-report.mjs reads it),
 * and with no browser policy left behind by a run that was killed.
 */
export default function globalSetup(): void {
  rmSync(A11Y_RESULTS, { recursive: true, force: true });
  removeStalePolicies();
}

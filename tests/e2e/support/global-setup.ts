import { rmSync } from 'node:fs';
import { A11Y_RESULTS } from './a11y.js';

/** Each Playwright run starts a fresh list of accessibility checks (scripts/a11y-report.mjs reads it). */
export default function globalSetup(): void {
  rmSync(A11Y_RESULTS, { recursive: true, force: true });
}

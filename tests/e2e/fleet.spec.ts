import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import yaml from 'js-yaml';
import { readMetrics, useKiosk } from './support/kiosk.js';

/**
 * Support staff see a dead screen: while the kiosk page runs it keeps the "screen alive" series up;
 * once the page is gone the series drops, the seconds since the page was last heard keep growing,
 * and the KioskScreenDead rule's own expression (read from ops/prometheus/kiosk-alerts.yml and
 * evaluated by promtool) becomes true once they pass its threshold, and not before.
 */

const RULES_FILE = resolve(import.meta.dirname, '../../ops/prometheus/kiosk-alerts.yml');
const CONNECTED = 'kiosk_ui_connected{app="kiosk_daemon"}';
const UNSEEN = 'kiosk_ui_unseen_seconds{app="kiosk_daemon"}';
/** The scrape step of the series given to promtool. */
const STEP_SECONDS = 15;

const kiosk = useKiosk(test);

function screenDeadExpression(): string {
  const rules = yaml.load(readFileSync(RULES_FILE, 'utf8')) as {
    groups: Array<{ rules: Array<{ alert?: string; expr: string }> }>;
  };
  const rule = rules.groups.flatMap((group) => group.rules).find((candidate) => candidate.alert === 'KioskScreenDead');
  if (!rule) throw new Error('KioskScreenDead is not in kiosk-alerts.yml');
  return rule.expr.trim();
}

/**
 * Evaluate `expr` with promtool over a series that starts at `first` and grows as the daemon
 * reports it (seconds since the page was last heard: one per second); the first evaluation time in
 * seconds at which the expression has a result, or null within `horizonSeconds`.
 */
function firstTrueAt(expr: string, first: number, horizonSeconds: number): number | null {
  const dir = mkdtempSync(join(tmpdir(), 'kiosk-fleet-e2e-'));
  try {
    const steps = Math.max(1, Math.ceil(horizonSeconds / STEP_SECONDS));
    const start = Math.round(first);
    for (let step = 0; step * STEP_SECONDS <= horizonSeconds; step += 1) {
      const at = step * STEP_SECONDS;
      const series = 'kiosk_ui_unseen_seconds{kiosk="e2e"}';
      const tests = {
        tests: [
          {
            interval: `${STEP_SECONDS}s`,
            input_series: [{ series, values: `${start}+${STEP_SECONDS}x${steps}` }],
            promql_expr_test: [{ expr, eval_time: `${at}s`, exp_samples: [{ labels: series, value: start + at }] }],
          },
        ],
      };
      const file = join(dir, `step-${step}.yml`);
      writeFileSync(file, yaml.dump(tests));
      const result = spawnSync('promtool', ['test', 'rules', file], { encoding: 'utf8' });
      if (result.error) throw result.error;
      if (result.status === 0) return at;
    }
    return null;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('closing the kiosk page drops "screen alive", and the KioskScreenDead expression becomes true', async ({
  browser,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(kiosk.url);
  await expect(page.getByRole('navigation', { name: 'Kiosk menu' })).toBeVisible();

  await expect.poll(async () => (await readMetrics(kiosk)).get(CONNECTED)).toBe(1);
  const alive = (await readMetrics(kiosk)).get(UNSEEN)!;
  expect(alive).toBeLessThan(30);
  const expr = screenDeadExpression();
  // A live page is heard every few seconds: the expression does not hold for it.
  expect(firstTrueAt(expr, alive, 0)).toBeNull();

  await page.close();
  await context.close();
  await expect.poll(async () => (await readMetrics(kiosk)).get(CONNECTED)).toBe(0);
  const closedAt = (await readMetrics(kiosk)).get(UNSEEN)!;
  await expect.poll(async () => (await readMetrics(kiosk)).get(UNSEEN)!).toBeGreaterThan(closedAt + 1);

  // From what the daemon reports now, the expression turns true once 2 minutes have passed since
  // the page was last heard, and not a scrape before.
  const now = (await readMetrics(kiosk)).get(UNSEEN)!;
  const at = firstTrueAt(expr, now, 180);
  expect(at).not.toBeNull();
  expect(Math.round(now) + at!).toBeGreaterThan(120);
  expect(Math.round(now) + at! - STEP_SECONDS).toBeLessThanOrEqual(120);
});

#!/usr/bin/env node
// The fleet monitoring files, checked with the real tools (run by npm test after the build; alone:
// `node scripts/ops-checks.mjs`):
//   promtool check config   the Prometheus configuration built from ops/prometheus/kiosk-scrape.yml
//   promtool check rules    ops/prometheus/kiosk-alerts.yml
//   promtool test rules     ops/prometheus/*.test.yml (every alert fires on its fault)
//   amtool check-config     ops/alertmanager/alertmanager.yml
//   scrape labels           promtool's service discovery of kiosk-scrape.yml: a kiosk label from the
//                           target file is kept, the readiness probe keeps the support port
//   promtool check metrics  a live sandboxed daemon's /metrics
//   dashboard               two sandboxed daemons scraped by a real Prometheus; every panel query of
//                           ops/grafana/kiosk-fleet.json must be valid and return data
// Each is one test; returns the results, and exits 1 on a failure when run alone.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import yaml from 'js-yaml';
import { ALERTMANAGER_FILE, FLEET_TOKEN, Fleet, RULES_FILE, SCRAPE_FILE, waitFor } from './lib/fleet.mjs';
import { ROOT } from './lib/setup.mjs';

const DASHBOARD_FILE = join(ROOT, 'ops/grafana/kiosk-fleet.json');
const RULES_DIR = join(ROOT, 'ops/prometheus');
/** Every promtool rule test: kiosk-alerts.test.yml and one file per area (printer, sandbox…). */
const RULES_TEST_FILES = readdirSync(RULES_DIR)
  .filter((name) => name.endsWith('.test.yml'))
  .sort()
  .map((name) => join(RULES_DIR, name));
/** The dashboard check's whole budget: start, a few scrapes, the queries. */
const DASHBOARD_TIMEOUT_MS = 120_000;

function tool(command, args, input) {
  const result = spawnSync(command, args, { cwd: ROOT, encoding: 'utf8', input, timeout: 60_000 });
  if (result.error) return { ok: false, detail: result.error.message, stdout: '' };
  const output = `${result.stdout}${result.stderr}`.trim();
  return { ok: result.status === 0, detail: output, stdout: result.stdout };
}

/** kiosk-scrape.yml with its token and target files in `dir` (the paths in the file are a kiosk server's). */
function localScrapeConfig(dir, targets) {
  const config = yaml.load(readFileSync(SCRAPE_FILE, 'utf8'));
  const tokenFile = join(dir, 'token');
  const targetsFile = join(dir, 'kiosks.yml');
  writeFileSync(tokenFile, FLEET_TOKEN);
  writeFileSync(targetsFile, yaml.dump(targets));
  for (const job of config.scrape_configs) {
    if (job.authorization) job.authorization.credentials_file = tokenFile;
    job.file_sd_configs = [{ files: [targetsFile] }];
  }
  return { ...config, rule_files: [RULES_FILE] };
}

function checkConfig(dir) {
  const path = join(dir, 'prometheus.yml');
  writeFileSync(path, yaml.dump(localScrapeConfig(dir, [{ targets: ['127.0.0.1:9100'] }])));
  return tool('promtool', ['check', 'config', path]);
}

/** Relabelling as Prometheus does it, for a named kiosk and an unnamed one behind one address. */
function checkScrapeLabels(dir) {
  const targets = [
    { targets: ['203.0.113.7:9101'], labels: { facility: 'south', kiosk: 'south-lobby' } },
    { targets: ['203.0.113.7:9102'], labels: { facility: 'south', kiosk: 'south-gate' } },
    { targets: ['10.20.1.15:9100'], labels: { facility: 'north' } },
  ];
  const path = join(dir, 'labels.yml');
  writeFileSync(path, yaml.dump(localScrapeConfig(dir, targets)));
  const problems = [];
  for (const job of ['kiosk', 'kiosk-ready']) {
    // File discovery answers at once; the timeout only bounds the wait for more.
    const result = tool('promtool', ['check', 'service-discovery', '--timeout=1s', path, job]);
    if (!result.ok) return result;
    const found = JSON.parse(result.stdout);
    const kiosks = found.map((target) => target.labels.kiosk).sort();
    const want = ['10.20.1.15', 'south-gate', 'south-lobby'];
    if (JSON.stringify(kiosks) !== JSON.stringify(want)) problems.push(`${job}: kiosk labels ${kiosks} (want ${want})`);
    if (job === 'kiosk-ready') {
      const probed = found.map((target) => target.labels.__param_target).sort();
      const wantProbed = targets.map((group) => `http://${group.targets[0]}/health/ready`).sort();
      if (JSON.stringify(probed) !== JSON.stringify(wantProbed))
        problems.push(`kiosk-ready probes ${probed} (want ${wantProbed})`);
    }
  }
  return { ok: problems.length === 0, detail: problems.join('\n') || 'kiosk labels kept, probe targets keep the port' };
}

/** Every PromQL expression of the dashboard, with Grafana's variables given test values. */
export function dashboardQueries(dashboard) {
  const queries = [];
  const walk = (panels) => {
    for (const panel of panels ?? []) {
      for (const target of panel.targets ?? []) {
        if (target.expr) queries.push({ panel: panel.title, refId: target.refId, expr: target.expr });
      }
      walk(panel.panels);
    }
  };
  walk(dashboard.panels);
  return queries;
}

function withVariables(expr) {
  return expr
    .replaceAll('$__rate_interval', '30s')
    .replaceAll('$__range', '5m')
    .replaceAll('$__interval', '5s')
    .replaceAll('$kiosk', '.*')
    .replaceAll('$facility', '.*');
}

async function liveChecks() {
  const results = [];
  const fleet = new Fleet();
  const timer = setTimeout(() => {
    console.error(`dashboard check: over ${DASHBOARD_TIMEOUT_MS / 1000} s, stopping`);
    void fleet.stopAll().then(() => process.exit(1));
  }, DASHBOARD_TIMEOUT_MS);
  try {
    // The update agent's state file beside the kiosks' state directories, as the agent leaves it
    // after a committed release, so the rollout panel has data.
    mkdirSync(join(fleet.dir, 'update'), { recursive: true });
    writeFileSync(
      join(fleet.dir, 'update', 'state.json'),
      JSON.stringify({
        state: 'idle',
        running: '1.0.1',
        wanted: '1.0.1',
        ring: 'early',
        lastCheckAt: new Date().toISOString(),
        lastCheckResult: 'current',
        lastOutcome: {
          at: new Date().toISOString(),
          outcome: 'committed',
          reason: 'passed 15 minutes of probation',
          release: '1.0.1',
        },
      }),
    );
    const kiosks = await Promise.all([fleet.startKiosk({ name: 'kiosk-1' }), fleet.startKiosk({ name: 'kiosk-2' })]);
    const auth = { authorization: `Bearer ${FLEET_TOKEN}` };
    // Traffic through each proxy, so the latency histogram has observations.
    for (const kiosk of kiosks) {
      const origin = new URL(kiosk.url).origin;
      for (let i = 0; i < 3; i += 1)
        await fetch(`${origin}/api/facilities/demo/configuration/`).then((r) => r.arrayBuffer());
    }
    const metrics = await (await fetch(`${kiosks[0].supportUrl}/metrics`, { headers: auth })).text();
    const checked = tool('promtool', ['check', 'metrics'], metrics);
    results.push({
      name: 'promtool check metrics (live daemon /metrics)',
      ...checked,
      detail: checked.detail || 'clean',
    });

    await fleet.startPrometheus({ scrapeInterval: '2s' });
    await waitFor('three scrapes of both kiosks', async () => {
      const samples = await fleet.query('count_over_time(up{kiosk!=""}[1m]) >= 3');
      return samples.length === kiosks.length;
    });
    const dashboard = JSON.parse(readFileSync(DASHBOARD_FILE, 'utf8'));
    const failures = [];
    const queries = dashboardQueries(dashboard);
    for (const query of queries) {
      try {
        const result = await fleet.query(withVariables(query.expr));
        if (result.length === 0) failures.push(`${query.panel} (${query.refId}): no data for ${query.expr}`);
      } catch (error) {
        failures.push(`${query.panel} (${query.refId}): ${error.message}`);
      }
    }
    results.push({
      name: `dashboard queries (${queries.length}) against Prometheus scraping two kiosks`,
      ok: failures.length === 0 && queries.length > 0,
      detail: failures.join('\n') || `${queries.length} queries, each valid and with data`,
    });
  } catch (error) {
    results.push({
      name: 'dashboard queries against Prometheus scraping two kiosks',
      ok: false,
      detail: error.message,
    });
  } finally {
    clearTimeout(timer);
    await fleet.stopAll();
  }
  return results;
}

export async function runOpsChecks() {
  const dir = mkdtempSync(join(tmpdir(), 'kiosk-ops-'));
  const results = [];
  try {
    results.push({ name: 'promtool check config', ...checkConfig(dir) });
    results.push({ name: 'promtool check rules', ...tool('promtool', ['check', 'rules', RULES_FILE]) });
    results.push({ name: 'promtool test rules', ...tool('promtool', ['test', 'rules', ...RULES_TEST_FILES]) });
    results.push({ name: 'amtool check-config', ...tool('amtool', ['check-config', ALERTMANAGER_FILE]) });
    results.push({ name: 'scrape labels (promtool check service-discovery)', ...checkScrapeLabels(dir) });
    results.push(...(await liveChecks()));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  for (const result of results) {
    console.log(`${result.ok ? '✓' : '✗'} ${result.name}`);
    if (!result.ok) console.log(result.detail.replace(/^/gm, '    '));
  }
  return results;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const results = await runOpsChecks();
  process.exit(results.every((result) => result.ok) ? 0 : 1);
}

#!/usr/bin/env node
// Metrics from behind NAT, with real Prometheus servers (run by npm test among the package checks;
// alone: `node scripts/agent-check.mjs`): a sandboxed daemon, a Prometheus in agent mode with the
// package's packaging/etc/prometheus-agent.yml (targets, token, URL and intervals pointed at this
// test's), and a central Prometheus with --web.enable-remote-write-receiver and the fleet's alert rules.
// The central one must hold the kiosk's series with its kiosk label, and KioskDown must fire there
// once the daemon is killed (its `for` shortened to 10 s in the test's copy of the rules).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import yaml from 'js-yaml';
import { FLEET_TOKEN, Fleet, PROMETHEUS_BIN, RULES_FILE, freePort, waitFor } from './lib/fleet.mjs';
import { ROOT } from './lib/setup.mjs';

export const AGENT_CONFIG = join(ROOT, 'packaging/etc/prometheus-agent.yml');

async function startPrometheus(fleet, name, config, flags) {
  const dir = join(fleet.dir, name);
  mkdirSync(dir, { recursive: true });
  const configFile = join(dir, 'prometheus.yml');
  writeFileSync(configFile, yaml.dump(config));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const running = fleet.spawnTracked(name, PROMETHEUS_BIN, [
    `--config.file=${configFile}`,
    `--web.listen-address=127.0.0.1:${port}`,
    '--log.level=warn',
    ...flags(dir),
  ]);
  await waitFor(`${name} to be ready`, async () => {
    if (running.child.exitCode !== null) throw new Error(`exited with ${running.child.exitCode}:\n${running.output()}`);
    return (await fetch(`${url}/-/ready`)).ok;
  });
  return url;
}

export async function runAgentCheck() {
  const fleet = new Fleet();
  const name = 'Prometheus agent remote-writes to a central Prometheus: kiosk label kept, KioskDown fires there';
  try {
    const kiosk = await fleet.startKiosk({ name: 'agent-kiosk', env: { KIOSK_SANDBOX: 'on' } });
    const rules = yaml.load(readFileSync(RULES_FILE, 'utf8'));
    for (const group of rules.groups) for (const rule of group.rules) if (rule.alert === 'KioskDown') rule.for = '10s';
    const rulesFile = join(fleet.dir, 'rules.yml');
    writeFileSync(rulesFile, yaml.dump(rules));
    const central = await startPrometheus(
      fleet,
      'central',
      { global: { evaluation_interval: '1s' }, rule_files: [rulesFile] },
      (dir) => [`--storage.tsdb.path=${dir}/data`, '--web.enable-remote-write-receiver'],
    );

    const agent = yaml.load(readFileSync(AGENT_CONFIG, 'utf8'));
    const tokenFile = join(fleet.dir, 'token');
    const passwordFile = join(fleet.dir, 'remote-write.password');
    writeFileSync(tokenFile, FLEET_TOKEN);
    writeFileSync(passwordFile, 'test-password');
    agent.global = { ...agent.global, scrape_interval: '1s', scrape_timeout: '1s' };
    agent.global.external_labels = { kiosk: 'agent-kiosk', facility: 'demo' };
    agent.scrape_configs[0].authorization.credentials_file = tokenFile;
    agent.scrape_configs[0].static_configs = [{ targets: [kiosk.supportAddress] }];
    agent.remote_write[0].url = `${central}/api/v1/write`;
    agent.remote_write[0].basic_auth.password_file = passwordFile;
    agent.remote_write[0].queue_config = { ...agent.remote_write[0].queue_config, batch_send_deadline: '1s' };
    await startPrometheus(fleet, 'agent', agent, (dir) => [
      '--enable-feature=agent',
      `--storage.agent.path=${dir}/wal`,
    ]);

    const query = async (expr) => {
      const body = await (await fetch(`${central}/api/v1/query?${new URLSearchParams({ query: expr })}`)).json();
      if (body.status !== 'success') throw new Error(`${body.errorType}: ${body.error}`);
      return body.data.result;
    };
    const series = await waitFor(
      'the kiosk series at the central Prometheus',
      async () => {
        const found = await query('kiosk_build_info{kiosk="agent-kiosk",facility="demo"}');
        const up = await query('up{kiosk="agent-kiosk"} == 1');
        return found.length === 1 && up.length === 1 ? found : undefined;
      },
      60_000,
    );
    await kiosk.stop();
    await waitFor(
      'KioskDown firing at the central Prometheus',
      async () => (await query('ALERTS{alertname="KioskDown",kiosk="agent-kiosk",alertstate="firing"}')).length === 1,
      90_000,
    );
    return {
      name,
      ok: true,
      detail: `central has kiosk_build_info{kiosk="agent-kiosk",version="${series[0].metric.version}"}; KioskDown fired after the kill`,
    };
  } catch (error) {
    return { name, ok: false, detail: error.message };
  } finally {
    await fleet.stopAll();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = await runAgentCheck();
  console.log(`${result.ok ? '✓' : '✗'} ${result.name}\n    ${result.detail}`);
  process.exit(result.ok ? 0 : 1);
}

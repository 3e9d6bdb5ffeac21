#!/usr/bin/env node
// npm run fleet -- --kiosks 3
//
// A fleet on this PC, to try the monitoring: N sandboxed kiosk daemons (each with its own sandbox
// and card-reader simulator), a Prometheus scraping them with ops/prometheus/kiosk-scrape.yml's
// kiosk job and loading ops/prometheus/kiosk-alerts.yml, and an Alertmanager with
// ops/alertmanager/alertmanager.yml. Prints every URL; Ctrl-C stops them all. docs/fleet.md shows
// how to make each alert fire.
import { parseArgs } from 'node:util';
import { FLEET_TOKEN, Fleet } from './lib/fleet.mjs';
import { ensurePrometheusTools } from './lib/setup.mjs';

const { values } = parseArgs({
  options: {
    kiosks: { type: 'string', default: '3' },
    'scrape-interval': { type: 'string', default: '5s' },
  },
});
const count = Number(values.kiosks);
if (!Number.isInteger(count) || count < 1 || count > 20) {
  console.error(`--kiosks must be a whole number from 1 to 20, got "${values.kiosks}"`);
  process.exit(2);
}

ensurePrometheusTools();
const fleet = new Fleet();
let stopping = false;
async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping the fleet…');
  await fleet.stopAll();
  process.exit(code);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());

try {
  const names = Array.from({ length: count }, (_, index) => `kiosk-${index + 1}`);
  await Promise.all(names.map((name) => fleet.startKiosk({ name })));
  const alertmanager = await fleet.startAlertmanager();
  const prometheus = await fleet.startPrometheus({
    scrapeInterval: values['scrape-interval'],
    alertmanagerUrl: alertmanager,
  });
  console.log(`\nFleet of ${count} kiosks (support token: ${FLEET_TOKEN})\n`);
  for (const kiosk of [...fleet.kiosks].sort((a, b) => a.name.localeCompare(b.name, 'en', { numeric: true }))) {
    console.log(`  ${kiosk.name}  kiosk ${kiosk.url}`);
    console.log(`  ${' '.repeat(kiosk.name.length)}  support ${kiosk.supportUrl}  (pid ${kiosk.pid})`);
    console.log(
      `  ${' '.repeat(kiosk.name.length)}  card-reader simulator ${kiosk.simulatorUrl}, sandbox ${kiosk.sandboxUrl}`,
    );
  }
  console.log(`\n  Prometheus    ${prometheus}/alerts`);
  console.log(`  Alertmanager  ${alertmanager}`);
  console.log(`  files         ${fleet.dir}`);
  console.log('\nCtrl-C stops everything. docs/fleet.md: how to make each alert fire.');
} catch (error) {
  console.error(`Could not start the fleet: ${error.message}`);
  await stop(1);
}

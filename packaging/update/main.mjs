#!/usr/bin/env node
// storage-kiosk update [--now] [--boot] [--status]
//
// The kiosk's update agent (docs/updates.md), run hourly by storage-kiosk-update.timer and once
// after boot: finishes an install a power cut interrupted, then inside the facility's window
// (KIOSK_UPDATE_WINDOW, at this kiosk's own minute) fetches the signed channel file, installs the
// release of this kiosk's ring, holds it on probation, and commits or reverts.
//   --now     check at once, whatever the window (support, tests)
//   --boot    the boot step (storage-kiosk-update-boot.service, before the daemon starts): only
//             finish or undo an install a power cut interrupted; nothing else, no network
//   --status  print the state file and exit
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { UpdateAgent } from './agent.mjs';
import { loadSettings } from './settings.mjs';
import { initialState, ownDirectory, readState } from './state.mjs';
import { systemIo } from './system.mjs';

const CONF = process.env.STORAGE_KIOSK_CONF_DIR ?? '/etc/storage-kiosk';
const DIR = process.env.STORAGE_KIOSK_UPDATE_DIR ?? '/var/lib/storage-kiosk/update';

const { values } = parseArgs({
  options: {
    now: { type: 'boolean', default: false },
    boot: { type: 'boolean', default: false },
    status: { type: 'boolean', default: false },
  },
});

if (values.status) {
  let state;
  try {
    state = readState(DIR);
  } catch {
    state = initialState(null);
  }
  console.log(JSON.stringify(state, null, 2));
  process.exit(0);
}

const log = (line) => console.log(`update: ${line}`);
let settings;
try {
  settings = loadSettings(CONF);
} catch (error) {
  console.error(`update: ${error.message}`);
  process.exit(2);
}
if (!settings.channelUrl) {
  log(`no channel is set (KIOSK_UPDATE_CHANNEL_URL in ${CONF}/update.env): nothing to do`);
  process.exit(0);
}
const uid = process.getuid?.() ?? 0;
let stateDir;
let releasesDir;
try {
  stateDir = ownDirectory(DIR, { uid });
  releasesDir = ownDirectory(join(DIR, 'releases'), { uid });
} catch (error) {
  console.error(`update: ${error.message}`);
  process.exit(2);
}
const agent = new UpdateAgent({ io: systemIo({ settings, stateDir, releasesDir, log, boot: values.boot }), settings });
const state = values.boot ? await agent.boot() : await agent.run({ now: values.now });
log(
  `state ${state.state}, running ${state.running}${state.lastOutcome ? `, last outcome ${state.lastOutcome.outcome}: ${state.lastOutcome.reason}` : ''}`,
);
process.exit(state.state === 'failed' ? 1 : 0);

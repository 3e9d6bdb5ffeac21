#!/usr/bin/env node
// `npm start`: install what is missing, build, and run the daemon with the embedded sandbox
// (KIOSK_SANDBOX=on, unless the environment names an operator API or says KIOSK_SANDBOX itself).
// The daemon prints the kiosk URL (http://127.0.0.1:8080/demo by default).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { build, ensureEspeak, ensureInstalled, ROOT } from './lib/setup.mjs';

ensureInstalled();
ensureEspeak({ required: false });
build();

const demo = process.env.KIOSK_UPSTREAM_URL ? {} : { KIOSK_SANDBOX: 'on' };
const daemon = spawn(process.execPath, [join(ROOT, 'daemon/dist/main.js')], {
  cwd: ROOT,
  env: { ...demo, ...process.env },
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => daemon.kill(signal));
daemon.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

#!/usr/bin/env node
// The kiosk page's stand-in in the update walks' container (scripts/update-checks.mjs). Chromium
// cannot run there (no display), so this does what the page does for the daemon's screen check:
// it holds the daemon's /events socket and sends a heartbeat every UI_HEARTBEAT_SECONDS (15), and
// reconnects when the daemon restarts. The update agent's heartbeat check reads the daemon's own
// answer, so it stays a real check: a daemon that is down has no page talking to it.
// Runs on the container's Node with the installed package's `ws` module.
import { createRequire } from 'node:module';

const require = createRequire('/usr/lib/storage-kiosk/daemon/package.json');
const HEARTBEAT_SECONDS = 15;
const URL_ = process.env.KIOSK_PAGE_URL ?? 'ws://127.0.0.1:8080/events';
const ORIGIN = new URL(URL_.replace(/^ws/, 'http')).origin;

function connect() {
  let WebSocket;
  try {
    WebSocket = require('ws');
  } catch {
    // the package is not installed (yet, or half): try again shortly
    setTimeout(connect, 2000);
    return;
  }
  const socket = new WebSocket(URL_, { headers: { origin: ORIGIN, 'x-kiosk-page': '1' } });
  let timer;
  const beat = () => socket.send(JSON.stringify({ type: 'heartbeat', section: 'home' }));
  socket.on('open', () => {
    beat();
    timer = setInterval(beat, HEARTBEAT_SECONDS * 1000);
  });
  socket.on('error', () => {});
  socket.on('close', () => {
    clearInterval(timer);
    setTimeout(connect, 2000);
  });
}

connect();

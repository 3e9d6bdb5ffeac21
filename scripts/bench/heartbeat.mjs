#!/usr/bin/env node
// npm run bench:heartbeat [-- --rate 400 --seconds 10]
//
// The daemon's CPU cost of the screen heartbeat (the UI sends one every UI_HEARTBEAT_SECONDS over
// /events; the daemon parses it and updates the screen metrics). Heartbeats are sent far faster
// than a kiosk does (--rate per second) so the cost stands out from the idle daemon's own work:
// the daemon's CPU time (utime + stime from /proc) over --seconds, with heartbeats and without,
// gives CPU microseconds per heartbeat, and from that the share of one core a real kiosk spends
// (one page, one heartbeat per UI_HEARTBEAT_SECONDS).
//
// Run it on a quiet machine: other work on the CPU shows up as heartbeat cost.
import { readFileSync } from 'node:fs';
import WebSocket from 'ws';
import { startKiosk } from './lib/kiosk.mjs';
import { fixed, option, record, runMain } from './lib/report.mjs';

const RATE = option('rate', 400);
const SECONDS = option('seconds', 10);
/** The UI's interval (shared-types/src/fleet.ts UI_HEARTBEAT_SECONDS), read from the build. */
const { UI_HEARTBEAT_SECONDS } = await import('../../shared-types/dist/fleet.js');
const CLOCK_TICKS = 100;

/** The process's CPU seconds so far (user + system), from /proc/<pid>/stat. */
function cpuSeconds(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

function open(url) {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
  });
}

async function measure(pid, socket, rate) {
  const before = cpuSeconds(pid);
  const started = performance.now();
  let sent = 0;
  const message = JSON.stringify({ type: 'heartbeat', section: 'home' });
  while (performance.now() - started < SECONDS * 1000) {
    const due = Math.floor(((performance.now() - started) / 1000) * rate);
    while (sent < due) {
      socket.send(message);
      sent += 1;
    }
    await new Promise((done) => setTimeout(done, 5));
  }
  // Let the daemon finish what is in flight before reading its clock.
  await new Promise((done) => setTimeout(done, 200));
  return { cpu: cpuSeconds(pid) - before, sent, wall: (performance.now() - started) / 1000 };
}

async function main() {
  const kiosk = await startKiosk();
  try {
    const socket = await open(`${kiosk.baseUrl.replace('http', 'ws')}/events`);
    socket.on('message', () => undefined);
    await measure(kiosk.pid, socket, RATE); // warm-up: JIT, first metric updates
    const idle = await measure(kiosk.pid, socket, 0);
    const busy = await measure(kiosk.pid, socket, RATE);
    socket.close();
    const perHeartbeatUs = ((busy.cpu - (idle.cpu * busy.wall) / idle.wall) / busy.sent) * 1e6;
    const shareOfCore = perHeartbeatUs / 1e6 / UI_HEARTBEAT_SECONDS;
    console.log(
      `heartbeat: ${busy.sent} sent in ${fixed(busy.wall)} s; daemon CPU ${fixed(busy.cpu, 3)} s with them, ` +
        `${fixed(idle.cpu, 3)} s idle over ${fixed(idle.wall)} s`,
    );
    record({ bench: 'heartbeat', metric: 'daemon CPU per heartbeat', value: perHeartbeatUs, unit: 'µs' });
    record({
      bench: 'heartbeat',
      metric: `daemon CPU for one page's heartbeat (1 per ${UI_HEARTBEAT_SECONDS} s)`,
      value: shareOfCore * 1e6,
      unit: 'µs per second (millionths of one core)',
    });
  } finally {
    await kiosk.stop();
  }
}

await runMain('bench:heartbeat', main);

#!/usr/bin/env node
// node freeze-when.mjs LEADER_PID PATTERN TIMEOUT_SECONDS
// Watches the processes of the container whose PID 1 is LEADER_PID (as the host numbers it) and,
// the moment one's command line contains every space-separated word of PATTERN, stops every process
// in the container (SIGSTOP), prints that process's command line and exits 0; exits 1 on timeout.
// A process of its own, so that nothing else the walks do can delay it: dpkg's steps take
// milliseconds (scripts/update-checks.mjs pulls the plug during dpkg's unpack with it).
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

const [leader, pattern, timeout] = process.argv.slice(2);
const words = pattern.split(' ');
const namespace = readlinkSync(`/proc/${leader}/ns/pid`);
const deadline = Date.now() + Number(timeout) * 1000;

function inContainer() {
  const pids = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (readlinkSync(`/proc/${name}/ns/pid`) === namespace) pids.push(Number(name));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

const pause = new Int32Array(new SharedArrayBuffer(4));
while (Date.now() < deadline) {
  // 2 ms between looks: the step watched for lasts far longer, and dpkg needs the CPU meanwhile.
  Atomics.wait(pause, 0, 0, 2);
  for (const pid of inContainer()) {
    let command;
    try {
      command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
    } catch {
      continue;
    }
    if (!words.every((word) => command.includes(word))) continue;
    // Twice: a process forked while the first pass ran is stopped by the second.
    for (let pass = 0; pass < 2; pass += 1)
      for (const other of inContainer()) {
        try {
          process.kill(other, 'SIGSTOP');
        } catch {
          // gone meanwhile
        }
      }
    console.log(command.trim());
    process.exit(0);
  }
}
process.exit(1);

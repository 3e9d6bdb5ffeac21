// The update agent's state file (/var/lib/storage-kiosk/update/state.json): where the agent is in an
// update, so that the next run (after a reboot, a power cut) resumes from there, and what the kiosk
// daemon reads for its kiosk_update_* metrics. Written atomically: a temporary file, fsync, rename,
// fsync of the directory; a power cut leaves the old file or the new one, never half of either.
import {
  closeSync,
  fsyncSync,
  lstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';

export const STATES = ['idle', 'downloading', 'installing', 'probation', 'reverting', 'reverted', 'failed'];

/** The state of a kiosk that has never updated itself: idle on what is installed. */
export function initialState(running) {
  return {
    state: 'idle',
    running: running ?? null,
    wanted: running ?? null,
    previous: null,
    ring: null,
    probationSince: null,
    probationResumes: 0,
    /** While reverting: why (failed, retry, interrupted), so a revert a power cut stopped ends as it began. */
    revertKind: null,
    lastOutcome: null,
    failedReleases: [],
    channelSerial: null,
    lastCheckAt: null,
    lastCheckResult: null,
    lastContactAt: null,
    channelRejections: 0,
    lastChannelError: null,
    updatedAt: null,
  };
}

/**
 * A directory of root's for the agent's files. /var/lib/storage-kiosk belongs to the daemon's user,
 * who could put a link where this directory should be; the agent (root) then writing through it
 * would write wherever the link points. mkdir never follows a link; anything that is not a plain
 * directory owned by root is refused, not used.
 */
export function ownDirectory(path, { uid = 0 } = {}) {
  try {
    mkdirSync(path, { mode: 0o755 });
  } catch (error) {
    if (error.code !== 'EEXIST') throw error;
  }
  const stat = lstatSync(path);
  if (stat.isSymbolicLink())
    throw new Error(`${path} is a symbolic link: refusing to use it (replace it with a directory of root's)`);
  if (!stat.isDirectory()) throw new Error(`${path} is not a directory: refusing to use it`);
  if (stat.uid !== uid) throw new Error(`${path} is owned by uid ${stat.uid}, not ${uid}: refusing to use it`);
  return path;
}

export function readState(dir, running) {
  let text;
  try {
    text = readFileSync(join(dir, 'state.json'), 'utf8');
  } catch (error) {
    if (error.code === 'ENOENT') return initialState(running);
    throw error;
  }
  try {
    const value = JSON.parse(text);
    if (!STATES.includes(value.state)) throw new Error(`unknown state "${value.state}"`);
    return { ...initialState(running), ...value };
  } catch (error) {
    // Cannot happen with the atomic write, short of a broken disk: start over rather than stop updating.
    return {
      ...initialState(running),
      lastOutcome: { at: null, outcome: 'failed', reason: `state file unreadable (${error.message}): started over` },
    };
  }
}

export function writeState(dir, state) {
  const file = join(dir, 'state.json');
  const temp = join(dir, `.state.json.${process.pid}.tmp`);
  rmSync(temp, { force: true });
  // 'wx': a new file, never an existing one (nor a link) under that name.
  const fd = openSync(temp, 'wx', 0o644);
  try {
    writeSync(fd, `${JSON.stringify(state, null, 2)}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temp, file);
  const dirFd = openSync(dir, 'r');
  try {
    fsyncSync(dirFd);
  } finally {
    closeSync(dirFd);
  }
}

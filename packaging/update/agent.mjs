// The update agent's steps (docs/updates.md): finish what a power cut interrupted, check the
// channel inside the facility's window, download, install without a question, probation, then
// commit or revert. Every effect on the machine goes through `io` (system.mjs on a kiosk, a fake in
// the tests), and every step is written to the state file before it starts, so the next run knows
// where the last one stopped.
import { ChannelError, checkSerial, parseChannel, ringFor } from './channel.mjs';
import { planCheck } from './window.mjs';

/** Probation runs of one release that a reboot cut short before the release is given up (greenboot: 3 boots). */
export const MAX_PROBATION_RESUMES = 3;
/** A check other than a crash must fail this many times in a row: a busy minute is not a broken release. */
export const FAILS_IN_A_ROW = 2;

/**
 * Reasons quote APT's, dpkg's and gpgv's own lines, which may name a repository URL with its
 * user and password (https://user:secret@apt.example.com/...): they go to the journal, the state
 * file and a metric label, so the credentials are taken out first.
 */
export function withoutCredentials(text) {
  return String(text).replace(/\b([a-z][a-z0-9+.-]*:\/\/)[^/@\s]+@/gi, '$1');
}

export class UpdateAgent {
  constructor({ io, settings }) {
    this.io = io;
    this.settings = settings;
    this.state = undefined;
  }

  log(line) {
    this.io.log(withoutCredentials(line));
  }

  save(changes) {
    this.state = { ...this.state, ...changes, updatedAt: new Date(this.io.now()).toISOString() };
    this.io.saveState(this.state);
  }

  outcome(outcome, reason, release) {
    return { at: new Date(this.io.now()).toISOString(), outcome, reason: withoutCredentials(reason), release };
  }

  /** One run of the timer (or `storage-kiosk update --now`): resume, then check when due. */
  async run({ now: force = false } = {}) {
    const installed = await this.io.installed();
    this.state = this.io.loadState(installed.version);
    await this.resume(installed);
    if (this.state.state === 'probation') await this.probation();
    if (['probation', 'installing', 'reverting', 'downloading'].includes(this.state.state)) return this.state;

    if (!force) {
      const plan = planCheck({
        now: new Date(this.io.now()),
        window: this.settings.window,
        kioskId: this.settings.kioskId,
        // A channel it could not reach is asked again at the next hourly run inside the window; so is
        // one whose release a power cut kept from being installed after the check.
        lastCheckAt: this.asksAgain() ? null : this.state.lastCheckAt,
      });
      if (plan.action === 'skip') {
        this.log(`not checking now: ${plan.reason}`);
        return this.state;
      }
      if (plan.action === 'wait') {
        this.log(`checking at ${new Date(plan.at).toTimeString().slice(0, 5)} (this kiosk's minute of the window)`);
        await this.io.sleep(plan.waitMs);
      }
    }
    await this.check();
    if (this.state.state === 'probation') await this.probation();
    return this.state;
  }

  /** Whether tonight's check is to be made again: it did not reach the channel, or its install was cut short. */
  asksAgain() {
    const { lastCheckResult, lastCheckAt, lastOutcome } = this.state;
    if (lastCheckResult === 'unreachable') return true;
    return (
      lastOutcome?.outcome === 'interrupted' &&
      this.state.state === 'idle' &&
      Date.parse(lastOutcome.at) >= Date.parse(lastCheckAt ?? 0)
    );
  }

  /**
   * The boot step (storage-kiosk-update-boot.service, ordered before the daemon and the browser):
   * when the state file or dpkg says a power cut stopped an install or a revert half-way, finish it
   * or undo it, so that the daemon never starts from half-installed files. Only dpkg's part: the
   * channel and probation wait for the timer's run, and a boot with nothing interrupted (nearly
   * every boot) returns at once, before any network or visitor.
   */
  async boot() {
    const installed = await this.io.installed();
    this.state = this.io.loadState(installed.version);
    const { state, wanted, previous } = this.state;
    if (!installed.pending && !['installing', 'reverting'].includes(state)) {
      this.log('boot: no install was interrupted');
      return this.state;
    }
    this.log(
      `boot: ${state === 'reverting' ? 'a revert' : 'an install'} was interrupted (state ${state}, dpkg says ${installed.status})`,
    );
    const current = await this.configure(installed);
    if (state === 'reverting') {
      await this.resume(current, { configured: true });
    } else if (state === 'installing' && current.version === wanted && !current.pending) {
      // The files are whole; probation starts at the timer's run, which finds the install finished.
      this.log(`boot: the install of ${wanted} is finished; probation at the next run`);
    } else if (state === 'installing' && current.version === previous && !current.pending) {
      this.log(`boot: the install of ${wanted} had not changed anything; ${previous} is whole`);
    } else if (state === 'installing') {
      await this.resume(current, { configured: true });
    } else if (current.pending) {
      this.log(`boot: storage-kiosk is still half-installed (dpkg says ${current.status}); the next run sees to it`);
    }
    // dpkg may have changed the units systemd read at boot, before the daemon starts from them.
    await this.io.reloadUnits();
    return this.state;
  }

  /** dpkg first: a package left unpacked or half-configured is configured; the installed release after it. */
  async configure(installed) {
    if (!installed.pending) return installed;
    this.log(`dpkg was interrupted (storage-kiosk ${installed.status}): dpkg --configure -a`);
    const configured = await this.io.configurePending();
    if (!configured.ok) this.log(`dpkg --configure -a failed: ${configured.reason}`);
    return this.io.installed();
  }

  /**
   * Finish or undo what the last run left (a power cut, a killed run). dpkg first: a package left
   * unpacked or half-configured is configured (`dpkg --configure -a`), then the state file says
   * what comes next.
   */
  async resume(installed, { configured = false } = {}) {
    // Once is enough: dpkg --configure -a run again leaves a half-installed package as it was.
    const current = configured ? installed : await this.configure(installed);
    const { state, wanted, previous } = this.state;
    switch (state) {
      case 'downloading':
        // Nothing was installed; a partial download is never used (system.mjs keeps it apart).
        this.log(`a download of ${wanted} was interrupted: starting over at the next check`);
        this.save({ state: 'idle', running: current.version, wanted: current.version });
        break;
      case 'installing':
        if (current.version === wanted && !current.pending) {
          this.log(`the install of ${wanted} was interrupted and is now finished: probation again`);
          this.save({ state: 'probation', running: wanted, probationSince: new Date(this.io.now()).toISOString() });
        } else if (current.version === previous && !current.pending) {
          this.log(`the install of ${wanted} was interrupted before it changed anything: still on ${previous}`);
          this.save({ state: 'idle', running: previous, wanted: previous });
        } else if (current.pending && current.status.charAt(1) !== 'H') {
          // dpkg --configure -a ran the release's own scripts and they failed: the release's fault.
          await this.revert(`the install of ${wanted} was interrupted and dpkg could not configure it`);
        } else {
          // Cut inside dpkg's unpack (half-installed: files of both releases), which dpkg cannot
          // finish: a power cut (or a killed run) is no fault of the release. It goes back to the
          // one before, and stays eligible, installed again at the next check.
          await this.revert(`the install of ${wanted} was interrupted and could not be finished`, {
            interrupted: true,
          });
        }
        break;
      case 'probation':
        if (current.version !== wanted || current.pending) {
          await this.revert(`on probation with ${wanted} but ${current.version ?? 'nothing'} is installed`);
        } else if ((this.state.probationResumes ?? 0) + 1 >= MAX_PROBATION_RESUMES) {
          await this.revert(
            `probation of ${wanted} was interrupted ${MAX_PROBATION_RESUMES} times (reboots, power cuts)`,
          );
        } else {
          this.log(`probation of ${wanted} was interrupted: starting it again`);
          this.save({
            probationResumes: (this.state.probationResumes ?? 0) + 1,
            probationSince: new Date(this.io.now()).toISOString(),
          });
        }
        break;
      case 'reverting':
        // Again as it was begun: a release not proven bad stays off the failed list.
        await this.revert(this.state.lastOutcome?.reason ?? `the revert from ${wanted} was interrupted`, {
          retry: this.state.revertKind === 'retry',
          interrupted: this.state.revertKind === 'interrupted',
        });
        break;
      default:
        if (current.version !== this.state.running) this.save({ running: current.version });
    }
  }

  /** Refuse a channel file: nothing changes but the count, the reason and the time. */
  reject(reason) {
    this.log(`channel refused: ${reason}`);
    const at = new Date(this.io.now()).toISOString();
    this.save({
      lastCheckAt: at,
      lastCheckResult: 'rejected',
      channelRejections: (this.state.channelRejections ?? 0) + 1,
      lastChannelError: { at, reason: withoutCredentials(reason) },
    });
  }

  async check() {
    const at = new Date(this.io.now()).toISOString();
    let channel;
    try {
      const { data, signature } = await this.io.fetchChannel();
      // Reached: whatever the file says, the kiosk is in touch with its channel.
      this.save({ lastContactAt: at });
      await this.io.verifySignature(data, signature);
      channel = parseChannel(data.toString('utf8'));
      checkSerial(channel, this.state.channelSerial);
    } catch (error) {
      if (error instanceof ChannelError) return this.reject(error.reason);
      this.log(`channel not reachable: ${error.message}`);
      return this.save({ lastCheckAt: at, lastCheckResult: 'unreachable' });
    }
    if (!this.state.running) {
      this.log('storage-kiosk is not installed (dpkg-query): nothing to update');
      return this.save({ lastCheckAt: at, lastCheckResult: 'not-installed' });
    }
    const ring = ringFor(channel, this.settings.kioskId);
    const wanted = ring.release;
    const checked = { lastCheckAt: at, channelSerial: channel.serial, ring: ring.name };
    if (channel.paused) {
      this.log(`channel ${channel.channel} (serial ${channel.serial}) is paused: staying on ${this.state.running}`);
      return this.save({ ...checked, lastCheckResult: 'paused' });
    }
    if (wanted === this.state.running) {
      this.log(`ring ${ring.name} wants ${wanted}, which runs already`);
      // The channel went back to what this kiosk reverted to: nothing is wrong any more.
      const settled = this.state.state === 'reverted' ? { state: 'idle' } : {};
      return this.save({ ...checked, ...settled, wanted, lastCheckResult: 'current' });
    }
    if (this.state.failedReleases.includes(wanted)) {
      this.log(
        `ring ${ring.name} wants ${wanted}, which failed on this kiosk before: not retried until the channel names another`,
      );
      return this.save({ ...checked, wanted, lastCheckResult: 'failed-before' });
    }
    let entry;
    try {
      entry = await this.io.repositoryEntry(wanted);
    } catch (error) {
      this.log(`APT repository not reachable: ${error.message}`);
      return this.save({ ...checked, wanted, lastCheckResult: 'unreachable' });
    }
    if (entry === null) return this.reject(`the channel names ${wanted}, which the APT repository lacks`);

    const running = this.state.running;
    this.log(`ring ${ring.name} wants ${wanted} (running ${running}): downloading`);
    this.save({ ...checked, lastCheckResult: 'update', state: 'downloading', wanted, previous: running });
    let newDeb;
    let previousDeb;
    try {
      // The release to go back to must be on the kiosk before anything changes: a revert needs no network.
      previousDeb = await this.io.keepRelease(running);
      newDeb = await this.io.download(wanted, entry);
    } catch (error) {
      this.log(`download failed: ${error.message}`);
      return this.save({
        state: 'idle',
        wanted,
        lastOutcome: this.outcome('download-failed', error.message, wanted),
      });
    }
    this.log(`installing ${wanted} (kept ${previousDeb} to go back to)`);
    this.save({ state: 'installing' });
    const result = await this.io.install(newDeb);
    const now = await this.io.installed();
    if (!result.ok || now.version !== wanted || now.pending) {
      return this.revert(`install of ${wanted} failed: ${result.reason ?? `dpkg left ${now.version} ${now.status}`}`);
    }
    this.log(`installed ${wanted}: on probation for ${this.settings.probationMs / 60_000} minutes`);
    this.save({
      state: 'probation',
      running: wanted,
      probationSince: new Date(this.io.now()).toISOString(),
      probationResumes: 0,
    });
  }

  /**
   * Every check interval until the probation time is over: the daemon ready on the new release, the
   * browser's heartbeat, no crash loop (systemd's restart counts not growing) and a synthetic walk.
   * A crash fails at once; any other check when it fails FAILS_IN_A_ROW times in a row. A minute
   * that proves nothing (the operator's API unreachable) does not count: probation runs a minute
   * longer, up to twice its time; a release never proven goes back but may be tried again.
   */
  async probation() {
    const { wanted } = this.state;
    const since = Date.parse(this.state.probationSince);
    let end = since + this.settings.probationMs;
    const latest = since + 2 * this.settings.probationMs;
    let baseline = await this.io.restartCounts();
    const inARow = new Map();
    while (this.io.now() < end) {
      await this.io.sleep(Math.min(this.settings.checkMs, end - this.io.now()));
      const minute = Math.round((this.io.now() - since) / 60_000);
      const counts = await this.io.restartCounts();
      for (const [unit, count] of Object.entries(counts)) {
        if (count > (baseline[unit] ?? count)) {
          return this.revert(`${unit} restarted ${count - baseline[unit]} time(s) on probation (crashed)`);
        }
      }
      baseline = { ...baseline, ...counts };
      const problems = await this.io.probe(wanted);
      const failing = problems.filter((problem) => !problem.inconclusive);
      if (failing.length === 0 && problems.length > 0) {
        this.log(
          `probation of ${wanted}, minute ${minute}: proves nothing (${problems.map((p) => p.reason).join('; ')}): one more minute`,
        );
        if (end >= latest) {
          return this.revert(
            `not proven in ${(2 * this.settings.probationMs) / 60_000} minutes: ${problems[0].reason}`,
            {
              retry: true,
            },
          );
        }
        end = Math.min(latest, end + this.settings.checkMs);
        continue;
      }
      const names = new Set(failing.map((problem) => problem.check));
      for (const check of [...inARow.keys()]) if (!names.has(check)) inARow.delete(check);
      for (const problem of failing) {
        const times = (inARow.get(problem.check) ?? 0) + 1;
        inARow.set(problem.check, times);
        this.log(`probation of ${wanted}, minute ${minute}: ${problem.check}: ${problem.reason}`);
        if (times >= FAILS_IN_A_ROW)
          return this.revert(`${problem.check}: ${problem.reason} (minute ${minute} of probation)`);
      }
    }
    this.log(`${wanted} passed probation: committed`);
    await this.io.pruneReleases([wanted, this.state.previous].filter(Boolean));
    this.save({
      state: 'idle',
      running: wanted,
      probationSince: null,
      probationResumes: 0,
      lastOutcome: this.outcome(
        'committed',
        `passed ${this.settings.probationMs / 60_000} minutes of probation`,
        wanted,
      ),
    });
  }

  /**
   * Reinstall the release that ran before, from the kiosk's own copy, and never retry this one
   * (unless `retry`: it was not proven bad, only not proven good; or `interrupted`: its install
   * was cut short, which says nothing of the release, so the kiosk is left idle and asks again).
   */
  async revert(reason, { retry = false, interrupted = false } = {}) {
    const { wanted, previous } = this.state;
    const failedReleases =
      retry || interrupted || this.state.failedReleases.includes(wanted)
        ? this.state.failedReleases
        : [...this.state.failedReleases, wanted];
    const revertKind = interrupted ? 'interrupted' : retry ? 'retry' : 'failed';
    this.log(`${interrupted ? 'undoing the install of' : 'reverting'} ${wanted} to ${previous}: ${reason}`);
    this.save({
      state: 'reverting',
      failedReleases,
      revertKind,
      lastOutcome: this.outcome('reverting', reason, wanted),
    });
    const deb = previous ? await this.io.localRelease(previous) : null;
    const result = deb
      ? await this.io.install(deb, { downgrade: true })
      : { ok: false, reason: `no copy of ${previous} on the kiosk` };
    const now = await this.io.installed();
    if (!result.ok || now.version !== previous || now.pending) {
      const why = `${reason}; the revert to ${previous} failed too: ${result.reason ?? `dpkg left ${now.version} ${now.status}`}`;
      this.log(why);
      return this.save({ state: 'failed', running: now.version, lastOutcome: this.outcome('failed', why, wanted) });
    }
    this.log(
      `reverted to ${previous}; ${wanted} ${retry || interrupted ? 'may be tried again at the next check' : 'will not be tried again on this kiosk'}`,
    );
    this.save({
      // Nothing went wrong with the release: idle on the one before, as if the install had not begun.
      state: interrupted ? 'idle' : 'reverted',
      running: previous,
      probationSince: null,
      probationResumes: 0,
      revertKind: null,
      lastOutcome: this.outcome(interrupted ? 'interrupted' : 'reverted', reason, wanted),
    });
  }
}

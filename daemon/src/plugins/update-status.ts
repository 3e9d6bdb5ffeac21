import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import fp from 'fastify-plugin';
import { Counter, Gauge } from 'prom-client';
import { Type, type Static } from 'typebox';
import type { Assert, Same } from '../route-schema.js';

/**
 * What the kiosk's update agent (storage-kiosk update, packaging/update/) is doing, as the daemon
 * tells the fleet: the agent runs as root and only now and then, so it writes its state file and
 * the daemon, always running and always scraped, reads it at each scrape and each support request.
 * Also the settings files a package upgrade left for support to merge: dpkg keeps a facility's
 * edited file and puts the release's new one beside it as `<file>.dpkg-dist` (docs/updates.md).
 */

/** The agent's states (packaging/update/state.mjs). */
export const UPDATE_STATES = [
  'idle',
  'downloading',
  'installing',
  'probation',
  'reverting',
  'reverted',
  'failed',
] as const;
export type UpdateState = (typeof UPDATE_STATES)[number];
const OUTCOMES = ['committed', 'reverted', 'interrupted', 'failed', 'download-failed', 'reverting'] as const;
/** A label value stays readable on a dashboard and bounded in size. */
const REASON_MAX = 200;

export const UpdateStatusBody = Type.Object({
  state: Type.Union([
    Type.Literal('idle'),
    Type.Literal('downloading'),
    Type.Literal('installing'),
    Type.Literal('probation'),
    Type.Literal('reverting'),
    Type.Literal('reverted'),
    Type.Literal('failed'),
  ]),
  running: Type.Union([Type.String(), Type.Null()]),
  wanted: Type.Union([Type.String(), Type.Null()]),
  ring: Type.Union([Type.String(), Type.Null()]),
  probation_since: Type.Union([Type.String(), Type.Null()]),
  last_check_at: Type.Union([Type.String(), Type.Null()]),
  last_check_result: Type.Union([Type.String(), Type.Null()]),
  /** The last time the channel file was fetched at all (a refused one included). */
  last_contact_at: Type.Union([Type.String(), Type.Null()]),
  last_outcome: Type.Union([
    Type.Object({
      at: Type.Union([Type.String(), Type.Null()]),
      outcome: Type.String(),
      reason: Type.String(),
      release: Type.Union([Type.String(), Type.Null()]),
    }),
    Type.Null(),
  ]),
  failed_releases: Type.Array(Type.String()),
  channel_rejections: Type.Integer(),
  last_channel_error: Type.Union([Type.Object({ at: Type.String(), reason: Type.String() }), Type.Null()]),
});
export type UpdateStatusBody = Static<typeof UpdateStatusBody>;
type _StatesAreListed = Assert<Same<UpdateStatusBody['state'], UpdateState>>;

export interface UpdateStatusService {
  /** The agent's state, or null where it has never run (a kiosk updated by Ansible). */
  status(): UpdateStatusBody | null;
  /** Settings files with a new default from the package beside them, e.g. /etc/storage-kiosk/daemon.env.dpkg-dist. */
  conffilesPending(): string[];
}

declare module 'fastify' {
  interface FastifyInstance {
    updateStatus: UpdateStatusService;
  }
}

export interface UpdateStatusOptions {
  /** Default: `update/state.json` beside KIOSK_STATE_DIR (/var/lib/storage-kiosk/update/state.json). */
  stateFile?: string;
  /** Default: /etc/storage-kiosk. */
  confDir?: string;
}

/** The agent's state file for a daemon whose own state lives in `stateDir`. */
export function updateStateFile(stateDir: string): string {
  return join(dirname(resolve(stateDir)), 'update', 'state.json');
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** The state file read and checked; null when absent or not the agent's (it is written atomically). */
export function readUpdateStatus(file: string): UpdateStatusBody | null {
  let raw: Record<string, unknown>;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch {
    return null;
  }
  if (typeof raw !== 'object' || raw === null || !UPDATE_STATES.includes(raw.state as UpdateState)) return null;
  const outcome = raw.lastOutcome as Record<string, unknown> | null | undefined;
  const channelError = raw.lastChannelError as Record<string, unknown> | null | undefined;
  return {
    state: raw.state as UpdateState,
    running: text(raw.running),
    wanted: text(raw.wanted),
    ring: text(raw.ring),
    probation_since: text(raw.probationSince),
    last_check_at: text(raw.lastCheckAt),
    last_check_result: text(raw.lastCheckResult),
    last_contact_at: text(raw.lastContactAt),
    last_outcome:
      outcome && typeof outcome.outcome === 'string'
        ? {
            at: text(outcome.at),
            outcome: outcome.outcome,
            reason: text(outcome.reason) ?? '',
            release: text(outcome.release),
          }
        : null,
    failed_releases: Array.isArray(raw.failedReleases)
      ? raw.failedReleases.filter((r): r is string => typeof r === 'string')
      : [],
    channel_rejections: Number.isSafeInteger(raw.channelRejections) ? (raw.channelRejections as number) : 0,
    last_channel_error:
      channelError && typeof channelError.reason === 'string'
        ? { at: text(channelError.at) ?? '', reason: channelError.reason }
        : null,
  };
}

/** `*.dpkg-dist` files in the settings directory, by full path, sorted. */
export function pendingConffiles(confDir: string): string[] {
  try {
    return readdirSync(confDir)
      .filter((name) => name.endsWith('.dpkg-dist'))
      .sort()
      .map((name) => join(confDir, name));
  } catch {
    return [];
  }
}

const seconds = (iso: string | null | undefined): number | undefined => {
  const ms = iso ? Date.parse(iso) : NaN;
  return Number.isNaN(ms) ? undefined : ms / 1000;
};

export default fp(
  async (app, options: UpdateStatusOptions) => {
    const stateFile = options.stateFile ?? updateStateFile(app.config.stateDir);
    const confDir = options.confDir ?? '/etc/storage-kiosk';
    const service: UpdateStatusService = {
      status: () => readUpdateStatus(stateFile),
      conffilesPending: () => pendingConffiles(confDir),
    };
    app.decorate('updateStatus', service);

    // Every series comes from the file at scrape time; where the agent never ran, there are none,
    // so the update alerts say nothing about kiosks updated another way.
    const registers = [app.metrics.registry];
    new Gauge({
      name: 'kiosk_update_state',
      help: 'The update agent: 1 for the state it is in (idle, downloading, installing, probation, reverting, reverted, failed)',
      labelNames: ['state'],
      registers,
      collect() {
        this.reset();
        const status = service.status();
        if (status !== null) for (const state of UPDATE_STATES) this.set({ state }, state === status.state ? 1 : 0);
      },
    });
    new Gauge({
      name: 'kiosk_update_release_info',
      help: 'Always 1: the release the kiosk runs and the one its channel ring wants, and the ring',
      labelNames: ['running', 'wanted', 'ring'],
      registers,
      collect() {
        this.reset();
        const status = service.status();
        if (status !== null)
          this.set({ running: status.running ?? '', wanted: status.wanted ?? '', ring: status.ring ?? '' }, 1);
      },
    });
    new Gauge({
      name: 'kiosk_update_last_outcome',
      help: `Always 1: the update agent's last outcome (${OUTCOMES.join(', ')}), its release and reason`,
      labelNames: ['outcome', 'release', 'reason'],
      registers,
      collect() {
        this.reset();
        const outcome = service.status()?.last_outcome;
        if (outcome)
          this.set(
            { outcome: outcome.outcome, release: outcome.release ?? '', reason: outcome.reason.slice(0, REASON_MAX) },
            1,
          );
      },
    });
    new Gauge({
      name: 'kiosk_update_last_outcome_timestamp_seconds',
      help: "When the update agent's last outcome happened (epoch seconds), by outcome",
      labelNames: ['outcome'],
      registers,
      collect() {
        this.reset();
        const outcome = service.status()?.last_outcome;
        const at = seconds(outcome?.at);
        if (outcome && at !== undefined) this.set({ outcome: outcome.outcome }, at);
      },
    });
    new Gauge({
      name: 'kiosk_update_last_check_timestamp_seconds',
      help: 'When the update agent last asked for its channel file (epoch seconds), by what came of it (update, current, paused, failed-before, rejected, unreachable)',
      labelNames: ['result'],
      registers,
      collect() {
        this.reset();
        const status = service.status();
        const at = seconds(status?.last_check_at);
        if (status && at !== undefined) this.set({ result: status.last_check_result ?? 'unknown' }, at);
      },
    });
    new Gauge({
      name: 'kiosk_update_last_contact_timestamp_seconds',
      help: 'When the update agent last fetched its channel file, refused or not (epoch seconds), by the state it was in; absent until the first',
      labelNames: ['state'],
      registers,
      collect() {
        this.reset();
        const status = service.status();
        const at = seconds(status?.last_contact_at);
        if (status && at !== undefined) this.set({ state: status.state }, at);
      },
    });
    new Gauge({
      name: 'kiosk_update_probation_since_timestamp_seconds',
      help: 'When the release on probation was installed (epoch seconds), by release; absent when not on probation',
      labelNames: ['release'],
      registers,
      collect() {
        this.reset();
        const status = service.status();
        const since = status?.state === 'probation' ? seconds(status.probation_since) : undefined;
        if (since !== undefined) this.set({ release: status?.wanted ?? '' }, since);
      },
    });
    new Counter({
      name: 'kiosk_update_channel_rejected_total',
      help: 'Channel files the update agent refused (unsigned, badly signed, unparsable, a replay, a release the repository lacks)',
      registers,
      collect() {
        this.reset();
        const status = service.status();
        if (status !== null) this.inc(status.channel_rejections);
      },
    });
    new Gauge({
      name: 'kiosk_conffiles_pending',
      help: 'Settings files the package left a new default beside (<file>.dpkg-dist) for support to merge',
      registers,
      collect() {
        this.set(service.conffilesPending().length);
      },
    });
  },
  { name: 'update-status', fastify: '5.x', dependencies: ['metrics'] },
);

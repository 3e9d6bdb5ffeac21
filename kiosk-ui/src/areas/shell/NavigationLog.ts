import {
  DAEMON_ENDPOINTS,
  KIOSK_PAGE_HEADER,
  KIOSK_PAGE_HEADER_VALUE,
  LOG_LIMITS,
  type maskSecrets,
  type UiLogEvent,
} from '@kiosk/shared-types';
import { makeAutoObservable, reaction, runInAction, toJS } from 'mobx';
import { whenIdle } from '../../utils/lazyWithPreload';
import type { RootStore } from '../../stores/RootStore';

/** UI-side batching of navigation events (the daemon spools and ships them on its own). */
export const NAVIGATION_LOG = {
  /** A queued event waits at most this long. */
  flushMs: 2000,
  /** This many queued events are sent at once. */
  batchSize: 20,
  /** One POST stays well under the daemon's body limit (LOG_LIMITS.maxBodyBytes, 64 KiB). */
  maxPostChars: 48_000,
  /** A string longer than this in the logged model (a licence photo as data URL) is left out. */
  maxValueChars: 2000,
  /** Events kept while the daemon does not answer; past it the oldest go. */
  maxQueued: 200,
} as const;

/**
 * What a click on an element with `data-nav-action` logs: Done, Cancel, sidebar items, continue,
 * logout. Screens mark their buttons (`<Button data-nav-action="done">`); the section changes
 * themselves are logged by NavigationLog on its own.
 */
export type NavigationAction =
  | 'kiosk_section'
  | 'rental_section'
  | 'done'
  | 'cancel'
  | 'sidebar'
  | 'continue'
  | 'logout'
  | 'logout_cancel'
  | 'session_ended'
  | 'language'
  | (string & {});

export const OMITTED = '[omitted]';

/** maskSecrets, from its own chunk (log-masking.ts). */
export type LogMasking = typeof maskSecrets;

/** The masking's code once it is here, else undefined. */
let loadedMasking: LogMasking | undefined;
let loadingMasking: Promise<LogMasking> | undefined;

/**
 * Fetches the navigation log's masking (log-masking.ts: maskSecrets and the one rule for fields),
 * which is not part of the first screen's bundle (its budget: docs/performance.md). NavigationLog
 * starts it when it starts; an event's data is masked once it is here, and never sent unmasked:
 * a batch waits for it, and what goes out with the page before it came (or when it could not be
 * fetched) goes without its data.
 */
export function loadLogMasking(): Promise<LogMasking> {
  loadingMasking ??= import('./log-masking').then(
    (module) => (loadedMasking = module.maskSecrets),
    (error: unknown) => {
      loadingMasking = undefined; // a failed download (network blip) can be tried again
      throw error;
    },
  );
  return loadingMasking;
}

/**
 * Data as it may be logged (the rental model included): secrets masked by maskSecrets (card
 * number first 4 + last 4, CVV, expiry and passwords removed), long values (images) left out,
 * and long numbers turned into text first so a card number kept as a number is masked too.
 * Applied once: masking a masked card number again would hide its first and last 4 digits.
 */
function loggable<T>(data: T, mask: LogMasking): T {
  return mask(shrink(toJS(data), 0)) as T;
}

function shrink(value: unknown, depth: number): unknown {
  if (depth > 10) return OMITTED;
  if (typeof value === 'string') return value.length > NAVIGATION_LOG.maxValueChars ? OMITTED : value;
  if (typeof value === 'number') return Number.isInteger(value) && Math.abs(value) >= 1e11 ? String(value) : value;
  if (Array.isArray(value)) return value.map((item) => shrink(item, depth + 1));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, shrink(child, depth + 1)]));
  }
  return value;
}

/** Send a body while the page goes away (pagehide): false when the browser would not take it. */
export type BeaconSender = (url: string, body: string) => boolean;

/**
 * A keepalive fetch, which the browser finishes after the page has gone. Not sendBeacon: it cannot
 * send the kiosk page's header, and the daemon refuses a log post without it (docs/security.md).
 */
export function browserBeacon(url: string, body: string): boolean {
  try {
    void fetch(url, {
      method: 'POST',
      keepalive: true,
      headers: { 'content-type': 'application/json', [KIOSK_PAGE_HEADER]: KIOSK_PAGE_HEADER_VALUE },
      body,
    }).catch(() => undefined);
    return true;
  } catch {
    return false;
  }
}

/** Split events into POST bodies under the size and count limits; an event too big alone loses its data. */
export function toBatches(events: readonly UiLogEvent[]): UiLogEvent[][] {
  const batches: UiLogEvent[][] = [];
  let current: UiLogEvent[] = [];
  let size = 2;
  for (const original of events) {
    let event = original;
    let eventSize = JSON.stringify(event).length + 1;
    if (eventSize > NAVIGATION_LOG.maxPostChars) {
      event = { ...original, data: { omitted: OMITTED } };
      eventSize = JSON.stringify(event).length + 1;
    }
    if (
      current.length > 0 &&
      (size + eventSize > NAVIGATION_LOG.maxPostChars || current.length >= LOG_LIMITS.maxEventsPerPost)
    ) {
      batches.push(current);
      current = [];
      size = 2;
    }
    current.push(event);
    size += eventSize;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

/**
 * Navigation logging (shell spec §7 "Logging", rental spec §7): every kiosk-section and
 * rental-section change and each user action worth logging goes to the daemon's POST /log as
 * event_name 'Navigation {action}' with the action, the active section and the trace id of the
 * session it happened in; the daemon checks that id, adds the facility, masks again and ships. When the rental section changes the
 * rental model goes along, masked here first (a card number never leaves the page unmasked).
 *
 * Batched: sent every NAVIGATION_LOG.flushMs or batchSize events, and by a keepalive fetch when the
 * page goes away (reload at session end included). Logging never breaks the kiosk: every failure is
 * swallowed and counted.
 */
export class NavigationLog {
  /** Events waiting to be sent. */
  queued: UiLogEvent[] = [];
  sent = 0;
  /** POSTs that failed (daemon down, 4xx/5xx). */
  failures = 0;
  /** Events lost: failed POSTs, the queue bound, events that could not be built. */
  dropped = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly beacon: BeaconSender;
  /**
   * Queued events whose data is a snapshot (toJS) taken when they happened, not masked yet: the
   * masking of a whole rental model waits until the tap that changed the section has been
   * answered (maskQueued, in the next idle period, and always before anything is sent).
   */
  private readonly unmasked = new Map<UiLogEvent, Record<string, unknown>>();
  private maskingScheduled = false;
  private readonly loadMasking: () => Promise<LogMasking>;
  /** The masking's code once it is here (loadLogMasking). */
  private mask: LogMasking | undefined;

  constructor(
    readonly root: RootStore,
    options: { beacon?: BeaconSender; loadMasking?: () => Promise<LogMasking> } = {},
  ) {
    this.beacon = options.beacon ?? browserBeacon;
    this.loadMasking = options.loadMasking ?? loadLogMasking;
    this.mask = options.loadMasking ? undefined : loadedMasking;
    makeAutoObservable<this, 'timer' | 'beacon' | 'unmasked' | 'maskingScheduled' | 'loadMasking' | 'mask'>(
      this,
      {
        root: false,
        queued: false,
        timer: false,
        beacon: false,
        unmasked: false,
        maskingScheduled: false,
        loadMasking: false,
        mask: false,
      },
      { autoBind: true },
    );
  }

  /** Fetches the masking's code (once) and keeps it. */
  private masking(): Promise<void> {
    return this.loadMasking().then((mask) => {
      this.mask = mask;
    });
  }

  /** Watch the sections, the marked buttons and the page going away; returns the disposer. */
  start(): () => void {
    const { shell } = this.root;
    void this.masking().catch(() => undefined);
    const stops = [
      reaction(
        () => shell.section,
        (section, previous) => this.action('kiosk_section', { kiosk_section: section, from: previous }),
      ),
      // shell.rentalSection: the rental store's section once it is loaded (it starts at the default).
      reaction(
        () => shell.rentalSection,
        (section, previous) =>
          this.action('rental_section', {
            rental_section: section,
            from: previous,
            model: this.root.ifLoaded('rental')?.model ?? null,
          }),
      ),
    ];
    const doc = typeof document === 'undefined' ? undefined : document;
    const win = typeof window === 'undefined' ? undefined : window;
    // Capture phase: logged with the section the button was pressed on, before its handler moves on.
    doc?.addEventListener('click', this.handleClick, true);
    win?.addEventListener('pagehide', this.flushOnExit);
    return () => {
      for (const stop of stops) stop();
      doc?.removeEventListener('click', this.handleClick, true);
      win?.removeEventListener('pagehide', this.flushOnExit);
      clearTimeout(this.timer);
      this.timer = undefined;
    };
  }

  handleClick(event: Event): void {
    try {
      const target = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-nav-action]') : null;
      if (!target || (target as HTMLButtonElement).disabled) return;
      const action = target.dataset.navAction;
      if (!action) return;
      const item = target.dataset.navTarget;
      this.action(action, item ? { item } : undefined);
    } catch {
      this.dropped += 1;
    }
  }

  /** Log one action now (queued; sent with the next batch). */
  action(action: NavigationAction, data?: Record<string, unknown>): void {
    try {
      const event: UiLogEvent = {
        event_name: `Navigation ${action}`,
        action,
        active_section: this.root.shell.activeSection,
        at: Date.now(),
        log_level: 'info',
        language: this.root.preferences.language,
      };
      // The session it happened in, known now: by the time the batch arrives that session may be over.
      const sessionId = this.root.session.traceId;
      if (sessionId !== null) event.session_id = sessionId;
      if (data) {
        // toJS leaves a plain object as it is: each value is copied out of the stores now.
        this.unmasked.set(event, Object.fromEntries(Object.entries(data).map(([key, value]) => [key, toJS(value)])));
        this.scheduleMasking();
      }
      this.queued.push(event);
      if (this.queued.length > NAVIGATION_LOG.maxQueued) {
        const excess = this.queued.length - NAVIGATION_LOG.maxQueued;
        this.queued.splice(0, excess);
        this.dropped += excess;
      }
      if (this.queued.length >= NAVIGATION_LOG.batchSize) void this.flush();
      else this.timer ??= setTimeout(() => void this.flush(), NAVIGATION_LOG.flushMs);
    } catch {
      this.dropped += 1;
    }
  }

  /** Masks in the first idle period once the masking's code is here (it is fetched when the log starts). */
  private scheduleMasking(): void {
    if (this.maskingScheduled) return;
    this.maskingScheduled = true;
    void this.masking().then(
      () => whenIdle(() => this.maskQueued()),
      // Not fetched: the next flush tries again, and sends the events without their data if it fails.
      () => (this.maskingScheduled = false),
    );
  }

  /**
   * Mask the data of the events queued since the last time (loggable); an event it fails on loses
   * its data, and so does every one when the masking's code is not here (nothing leaves unmasked).
   */
  maskQueued(): void {
    this.maskingScheduled = false;
    for (const [event, data] of this.unmasked) {
      try {
        event.data = this.mask ? loggable(data, this.mask) : { omitted: OMITTED };
      } catch {
        event.data = { omitted: OMITTED };
      }
    }
    this.unmasked.clear();
  }

  /** Send everything queued; resolves when the daemon answered (never rejects). */
  async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    // Data to mask and the masking's code not here yet (the first moments of the page): wait for it.
    if (this.unmasked.size > 0 && !this.mask) await this.masking().catch(() => undefined);
    this.maskQueued();
    const events = this.queued.splice(0);
    if (events.length === 0) return;
    await Promise.all(
      toBatches(events).map(async (batch) => {
        try {
          await this.root.api.postLog(batch);
          runInAction(() => (this.sent += batch.length));
        } catch {
          runInAction(() => {
            this.failures += 1;
            this.dropped += batch.length;
          });
        }
      }),
    );
  }

  /** The page is going away: hand what is queued to the browser, which sends it after unload. */
  flushOnExit(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.maskQueued();
    const events = this.queued.splice(0);
    for (const batch of toBatches(events)) {
      let accepted = false;
      try {
        accepted = this.beacon(DAEMON_ENDPOINTS.log, JSON.stringify(batch));
      } catch {
        accepted = false;
      }
      if (accepted) this.sent += batch.length;
      else {
        this.failures += 1;
        this.dropped += batch.length;
      }
    }
  }

  /** A session ended: what the last visitor did is sent, not kept. */
  reset(): void {
    void this.flush();
  }
}

import { randomBytes } from 'node:crypto';
import {
  findCardData,
  maskCardNumbersInText,
  maskSecrets,
  type OutboxAccepted,
  type OutboxCallBase,
  type OutboxCard,
  type OutboxJobOutcome,
  type OutboxRequest,
} from '@kiosk/shared-types';
import {
  applyTakes,
  jobOutcome,
  OutboxRequestError,
  readAnswer,
  requestProblem,
  retryDelayMs,
  storedJobProblem,
  type StoredBatch,
  type OwnRoute,
  type StoredJob,
} from './jobs.js';
import { OutboxStore } from './store.js';

export { OutboxFullError } from './store.js';
export { OutboxRequestError } from './jobs.js';

/**
 * The outbox (docs/outbox.md): follow-up calls of confirmed rentals and payments, written to disk
 * before the page is told they were accepted, then delivered to the operator at least once, each
 * with its idempotency key, retried with a growing, jittered delay until the operator answers. An
 * operator refusal ends the job (logged). At start, whatever is on disk is resumed.
 *
 * An enrolment's card is kept in this process's memory only (`cards`), never in a file: a job
 * found on disk at start that still needed its card sends its `instead` call (the operator is told
 * the enrolment did not happen), and the calls that were to follow it are dropped.
 */

export interface OutboxLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export type DeliveryOutcome = 'delivered' | 'refused' | 'retried' | 'replaced' | 'dropped';
export const DELIVERY_OUTCOMES: readonly DeliveryOutcome[] = ['delivered', 'refused', 'retried', 'replaced', 'dropped'];

/** One delivery: the page's calls carry a form, the daemon's own a JSON body. */
export interface OutboxDelivery extends Omit<OutboxCallBase, 'route'> {
  route: StoredJob['route'];
  json?: Record<string, unknown>;
}

export interface OutboxSend {
  (call: OutboxDelivery, headers: { key: string; traceId: string }): Promise<{ statusCode: number; body: unknown }>;
}

/** A call the daemon makes itself (acceptOwn): its own idempotency key, a JSON body, no card. */
export interface OwnCall {
  route: OwnRoute;
  params: Record<string, string>;
  json: Record<string, unknown>;
  key: string;
  /**
   * Fields added to the body when it is sent and never written to disk (a card-on-file token), as
   * an enrolment's card is kept: a restart before delivery sends the call without them.
   */
  inMemory?: Record<string, string>;
}

export interface OutboxOptions {
  dir: string;
  maxBytes: number;
  retryBaseMs: number;
  retryMaxMs: number;
  send: OutboxSend;
  log: OutboxLog;
  count?: (outcome: DeliveryOutcome) => void;
  random?: () => number;
  now?: () => number;
}

interface Live {
  stored: StoredBatch;
  attempts: Map<string, number>;
}

/** Outcomes of finished jobs kept for GET /outbox/jobs/:key (the page asks within seconds). */
const FINISHED_KEPT = 1000;

export class Outbox {
  private readonly store: OutboxStore;
  private readonly live = new Map<string, Live>();
  private readonly cards = new Map<string, OutboxCard>();
  private readonly ownFields = new Map<string, Record<string, string>>();
  private readonly finished = new Map<string, OutboxJobOutcome>();
  private readonly waiters = new Map<string, Set<() => void>>();
  private readonly running = new Set<Promise<void>>();
  private readonly stop = new AbortController();
  private readonly random: () => number;
  private readonly now: () => number;

  constructor(private readonly options: OutboxOptions) {
    this.store = new OutboxStore(options.dir, options.maxBytes, (name, reason) =>
      options.log.error({ file: name, reason }, 'outbox file damaged: set aside, not delivered'),
    );
    this.random = options.random ?? Math.random;
    this.now = options.now ?? Date.now;
  }

  /** Resume what is on disk. A job that needed a card it no longer has sends its `instead` call. */
  async start(): Promise<void> {
    const batches = await this.store.open();
    for (const stored of batches) {
      let changed = false;
      for (const job of stored.jobs) {
        const problem = job.state === 'pending' ? storedJobProblem(job) : null;
        if (problem) {
          this.options.log.error(
            { key: job.key, route: job.route, reason: problem.reason },
            'outbox: a payment or card data found on disk is not sent, and is wiped from the file',
          );
          Object.assign(job, { form: {}, params: {}, state: 'dropped', message: `not sent: ${problem.reason}` });
          delete job.instead;
          this.options.count?.('dropped');
          changed = true;
          continue;
        }
        if (job.state === 'pending' && job.card && !job.replaced && !this.cards.has(job.key) && job.instead) {
          this.options.log.warn(
            { key: job.key, route: job.route, instead: job.instead.route },
            'outbox: the card of this enrolment was lost in a restart; the operator is told instead',
          );
          Object.assign(job, job.instead, { replaced: true, card: false });
          this.options.count?.('replaced');
          changed = true;
        }
      }
      if (changed) await this.store.save(stored);
      this.run({ stored, attempts: new Map() });
    }
    if (batches.length > 0)
      this.options.log.info({ batches: batches.length }, 'outbox: resuming batches found on disk');
  }

  /** Write the request to disk (durably), then start delivering it. */
  async accept(request: OutboxRequest, traceId: string): Promise<OutboxAccepted> {
    // Checked before anything is kept: a refused request leaves nothing on disk or in memory.
    const problem = requestProblem(request);
    if (problem) throw new OutboxRequestError(problem.message, problem.reason);
    const batch = randomBytes(9).toString('hex');
    const keys: Record<string, string> = {};
    const jobs: StoredJob[] = request.calls.map((call) => {
      const key = `ob-${batch}-${call.id}`;
      keys[call.id] = key;
      return {
        id: call.id,
        key,
        route: call.route,
        params: call.params,
        form: call.form,
        ...(call.after ? { after: call.after } : {}),
        card: call.card !== undefined,
        ...(call.instead ? { instead: call.instead } : {}),
        replaced: false,
        state: 'pending',
        message: null,
      };
    });
    const stored: StoredBatch = { batch, kind: request.kind, acceptedAt: this.now(), traceId, jobs };
    for (const call of request.calls) if (call.card) this.cards.set(keys[call.id]!, call.card);
    try {
      await this.store.add(stored);
    } catch (error) {
      for (const key of Object.values(keys)) this.cards.delete(key);
      throw error;
    }
    this.run({ stored, attempts: new Map() });
    return { batch, keys };
  }

  /**
   * Keep and deliver a call the daemon makes itself, under the caller's idempotency key (a terminal
   * payment's transaction id): written durably before this returns, delivered like the page's
   * calls. Handing the same key over again while it is kept changes nothing; after it was
   * delivered, the repeat reaches the operator under the same key, which answers it as the first.
   */
  async acceptOwn(call: OwnCall, traceId: string): Promise<void> {
    const batch = `own-${call.key}`;
    if (this.live.has(batch)) return;
    const found = findCardData({ json: call.json });
    if (found) throw new OutboxRequestError(`${found.path} holds a ${found.kind}`, 'card-data');
    const job: StoredJob = {
      id: 'record',
      key: call.key,
      route: call.route,
      params: call.params,
      form: {},
      json: call.json,
      card: false,
      replaced: false,
      state: 'pending',
      message: null,
    };
    const stored: StoredBatch = { batch, kind: 'payment', acceptedAt: this.now(), traceId, jobs: [job] };
    if (call.inMemory) this.ownFields.set(call.key, call.inMemory);
    try {
      await this.store.add(stored);
    } catch (error) {
      this.ownFields.delete(call.key);
      throw error;
    }
    this.run({ stored, attempts: new Map() });
  }

  /** A job's progress; undefined when this daemon does not know the key. */
  outcome(key: string): OutboxJobOutcome | undefined {
    const finished = this.finished.get(key);
    if (finished) return finished;
    for (const { stored, attempts } of this.live.values()) {
      const job = stored.jobs.find((candidate) => candidate.key === key);
      if (job) return jobOutcome(job, attempts.get(job.key) ?? 0);
    }
    return undefined;
  }

  /** The outcome once the job has been tried at least once (or has ended), or after waitMs. */
  async firstOutcome(key: string, waitMs: number): Promise<OutboxJobOutcome | undefined> {
    const answered = (): boolean => {
      const current = this.outcome(key);
      return current === undefined || current.state !== 'pending' || current.attempts > 0;
    };
    if (!answered() && waitMs > 0) {
      const signal = this.stop.signal;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, waitMs);
        const set = this.waiters.get(key) ?? new Set();
        this.waiters.set(key, set);
        function done(): void {
          clearTimeout(timer);
          set.delete(check);
          signal.removeEventListener('abort', done);
          resolve();
        }
        const check = (): void => {
          if (answered()) done();
        };
        set.add(check);
        signal.addEventListener('abort', done, { once: true });
      });
    }
    return this.outcome(key);
  }

  /** Jobs not yet answered, and when the oldest of them was handed over (epoch ms). */
  stats(): { jobs: number; oldestAcceptedAt: number | null; bytes: number } {
    let jobs = 0;
    let oldest: number | null = null;
    for (const { stored } of this.live.values()) {
      const pending = stored.jobs.filter((job) => job.state === 'pending').length;
      if (pending === 0) continue;
      jobs += pending;
      oldest = oldest === null ? stored.acceptedAt : Math.min(oldest, stored.acceptedAt);
    }
    return { jobs, oldestAcceptedAt: oldest, bytes: this.store.bytes };
  }

  /** Resolves once nothing is being delivered (every batch done, or close() called). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  /**
   * Stop retrying; what is not delivered stays on disk for the next start. A call in flight gets
   * up to waitMs to finish (its answer then saved), else it is sent again after the restart.
   */
  async close(waitMs = 3000): Promise<void> {
    this.stop.abort();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.idle(), new Promise((resolve) => (timer = setTimeout(resolve, waitMs)))]);
    clearTimeout(timer);
  }

  private run(live: Live): void {
    this.live.set(live.stored.batch, live);
    const task = this.drive(live)
      .catch((error: unknown) =>
        this.options.log.error({ batch: live.stored.batch, reason: (error as Error).message }, 'outbox batch stopped'),
      )
      .finally(() => this.running.delete(task));
    this.running.add(task);
  }

  /** Deliver a batch's jobs, each as soon as the job it runs after was delivered. */
  private async drive(live: Live): Promise<void> {
    const { stored } = live;
    while (!this.stop.signal.aborted) {
      let dropped = false;
      for (const job of stored.jobs) {
        if (job.state !== 'pending' || !job.after) continue;
        const before = stored.jobs.find((candidate) => candidate.id === job.after!.id);
        if (before && before.state !== 'pending' && (before.state !== 'delivered' || before.replaced)) {
          job.state = 'dropped';
          job.message = `not sent: ${before.route} was not accepted`;
          this.options.log.warn({ key: job.key, route: job.route, after: before.route }, 'outbox: call dropped');
          this.options.count?.('dropped');
          dropped = true;
        }
      }
      if (dropped) await this.store.save(stored);
      const ready = stored.jobs.filter((job) => {
        if (job.state !== 'pending') return false;
        if (!job.after) return true;
        return stored.jobs.find((candidate) => candidate.id === job.after!.id)?.state === 'delivered';
      });
      if (ready.length === 0) break;
      await Promise.all(ready.map((job) => this.deliver(live, job)));
    }
    if (stored.jobs.every((job) => job.state !== 'pending')) {
      await this.store.remove(stored.batch);
      this.live.delete(stored.batch);
      for (const job of stored.jobs) this.remember(jobOutcome(job, live.attempts.get(job.key) ?? 0));
    }
  }

  private async deliver(live: Live, job: StoredJob): Promise<void> {
    const { stored } = live;
    const card = job.card && !job.replaced ? this.cards.get(job.key) : undefined;
    const key = job.replaced ? `${job.key}.instead` : job.key;
    while (!this.stop.signal.aborted) {
      const form = card ? { ...job.form, ...card } : job.form;
      let reading: ReturnType<typeof readAnswer>;
      try {
        const answer = await this.options.send(
          {
            route: job.route,
            params: job.params,
            form,
            ...(job.json ? { json: { ...job.json, ...this.ownFields.get(job.key) } } : {}),
          },
          { key, traceId: stored.traceId },
        );
        reading = readAnswer(answer.statusCode, answer.body);
      } catch (error) {
        reading = { kind: 'retry', reason: (error as Error).message };
      }
      const attempts = (live.attempts.get(job.key) ?? 0) + 1;
      live.attempts.set(job.key, attempts);
      if (reading.kind === 'retry') {
        if (this.stop.signal.aborted) return;
        this.options.count?.('retried');
        const delay = retryDelayMs(attempts, this.options.retryBaseMs, this.options.retryMaxMs, this.random);
        this.options.log.warn(
          { key, route: job.route, attempts, retryInMs: delay, reason: maskCardNumbersInText(reading.reason) },
          'outbox: operator not reached, will retry',
        );
        this.wake(job.key);
        await this.sleep(delay);
        continue;
      }
      if (reading.kind === 'refused') {
        job.state = 'refused';
        job.message = maskCardNumbersInText(reading.message);
        this.options.log.warn({ key, route: job.route, message: job.message }, 'outbox: the operator refused the call');
        this.options.count?.('refused');
      } else {
        job.state = 'delivered';
        // What the next call takes of the answer is written to disk with it: card numbers in it
        // masked, security codes and expiries removed, as any mail shows a card.
        const taken = maskSecrets(reading.result, { keepContactDetails: true });
        for (const next of stored.jobs) {
          if (next.after?.id === job.id && next.after.take && next.state === 'pending' && !job.replaced)
            next.form = applyTakes(next.form, taken, next.after.take);
        }
        this.options.count?.('delivered');
      }
      this.cards.delete(job.key);
      this.ownFields.delete(job.key);
      await this.store.save(stored);
      this.wake(job.key);
      return;
    }
  }

  private remember(outcome: OutboxJobOutcome): void {
    this.finished.set(outcome.key, outcome);
    if (this.finished.size > FINISHED_KEPT) this.finished.delete(this.finished.keys().next().value!);
    this.wake(outcome.key);
  }

  private wake(key: string): void {
    for (const check of [...(this.waiters.get(key) ?? [])]) check();
    if (this.waiters.get(key)?.size === 0) this.waiters.delete(key);
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const signal = this.stop.signal;
      const timer = setTimeout(done, ms);
      function done(): void {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        resolve();
      }
      signal.addEventListener('abort', done, { once: true });
    });
  }
}

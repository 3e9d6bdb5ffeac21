import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { request } from 'undici';
import { CARD_READER, type DeviceStatus, type ServerEvent } from '@kiosk/shared-types';
import { readDecryptAnswer, readHealthAnswer, readSwipeAnswer } from './device-protocol.js';
import { initialReaderState, transition, type ReaderInput, type ReaderState } from './reader-machine.js';
import type { CardReaderMetrics } from './metrics.js';
import type { UpstreamService } from '../../plugins/upstream.js';

/** What the card reader's service works with (its plugin gives them from app.config and the app). */
export interface CardReaderOptions {
  /** The device service (KIOSK_CARD_READER_URL). */
  url: string;
  /** How long a swipe may take; a health check takes at most HEALTH_TIMEOUT_MS of it. */
  timeoutMs: number;
  /** The facility the decrypt call is made for. */
  facilityId: string;
  upstream: Pick<UpstreamService, 'call'>;
  log: FastifyBaseLogger;
  broadcast(event: ServerEvent): void;
  metrics: CardReaderMetrics;
}

/** A health check is a quick local call; a reader that takes longer than this is not healthy. */
const HEALTH_TIMEOUT_MS = 5000;
/** The device's answers are small JSON objects; a larger body is garbage and is not read further. */
const MAX_ANSWER_BYTES = 64 * 1024;

class AnswerTooLarge extends Error {}

async function readLimited(body: AsyncIterable<Buffer>): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > MAX_ANSWER_BYTES) throw new AnswerTooLarge('device answer too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Connection refused, reset, host unreachable: the device service is not there. */
function describeNetworkError(error: unknown): string {
  const err = error as { code?: string; cause?: { code?: string }; message?: string };
  return err.code ?? err.cause?.code ?? err.message ?? 'unknown error';
}

/**
 * The card-reader adapter: polls the device service's CheckHealth, runs one RequestCardSwipe at a
 * time, sends the encrypted swipe to the upstream decrypt call and pushes the outcome to the UI
 * over /events. Protocol and failure handling: docs/card-reader.md.
 *
 * Card data (the encrypted swipe and the decrypted card) is never logged: only swipe ids and outcomes.
 */
export class CardReaderService {
  private state: ReaderState = initialReaderState;
  private deviceAbort: AbortController | undefined;
  private healthCheck: Promise<DeviceStatus> | undefined;
  private readonly healthTimeoutMs: number;
  /** When the swipe waiting for a card gives up (Date.now() ms): moved on by moreTime(). */
  private waitEndsAt = 0;
  /** The visitor asked for more time while the reader waited: its "no card" is not the end yet. */
  private moreTimeAsked = false;

  constructor(private readonly options: CardReaderOptions) {
    this.healthTimeoutMs = Math.min(HEALTH_TIMEOUT_MS, options.timeoutMs);
  }

  status(): DeviceStatus {
    return this.state.status;
  }

  /** Check CheckHealth now (sharing a check already running) and return the status. */
  checkHealth(): Promise<DeviceStatus> {
    this.healthCheck ??= this.runHealthCheck().finally(() => {
      this.healthCheck = undefined;
    });
    return this.healthCheck;
  }

  /** The poll's tick: skipped while a swipe waits for a card (the swipe tells then). */
  poll(): void {
    if (this.state.swipe.phase !== 'waiting-for-card') void this.checkHealth();
  }

  /** Start a swipe; undefined (counted as busy) when one is already running. */
  startSwipe(): { swipeId: string } | undefined {
    const swipeId = randomUUID();
    if (!this.apply({ type: 'swipe-requested', swipeId, waitSeconds: CARD_READER.waitTime }).accepted) {
      this.options.metrics.swipes.inc({ outcome: 'busy' });
      return undefined;
    }
    void this.runSwipe(swipeId).catch((error: unknown) => {
      // runSwipe handles every device and decrypt failure; this is a bug guard so the UI is never left waiting.
      this.options.log.error(
        { swipeId, err: error instanceof Error ? error.message : String(error) },
        'card swipe crashed',
      );
      this.apply({ type: 'swipe-failed', swipeId, reason: 'reader-garbage', message: 'internal error' });
    });
    return { swipeId };
  }

  /** Cancel the running swipe; false when there was none. */
  cancelSwipe(): boolean {
    return this.apply({ type: 'cancel-requested' }).accepted;
  }

  /**
   * More time for the swipe waiting for a card: it waits CARD_READER.waitTime seconds from now
   * (swipe-started says so again); undefined when no swipe is waiting for a card.
   */
  moreTime(): { waitSeconds: number } | undefined {
    const { swipe } = this.state;
    if (swipe.phase !== 'waiting-for-card') return undefined;
    this.waitEndsAt = Date.now() + CARD_READER.waitTime * 1000;
    this.moreTimeAsked = true;
    // The wait starts again: the UI counts down from here.
    this.options.broadcast({ type: 'swipe-started', swipeId: swipe.swipeId, waitSeconds: CARD_READER.waitTime });
    return { waitSeconds: CARD_READER.waitTime };
  }

  private apply(input: ReaderInput): ReturnType<typeof transition> {
    const { log, metrics } = this.options;
    const result = transition(this.state, input);
    const before = this.state;
    this.state = result.state;
    if (this.state.status !== before.status) {
      metrics.readerUp.set(this.state.status === 'ok' ? 1 : 0);
      log.info({ status: this.state.status }, 'card reader status changed');
    }
    if (result.outcome !== undefined) {
      metrics.swipes.inc({ outcome: result.outcome });
      const swipeId = before.swipe.phase === 'idle' ? undefined : before.swipe.swipeId;
      log.info({ swipeId, outcome: result.outcome }, 'card swipe ended');
    }
    if (result.abortDevice) this.deviceAbort?.abort();
    for (const event of result.events) this.options.broadcast(event);
    return result;
  }

  private async runHealthCheck(): Promise<DeviceStatus> {
    const timeoutMs = this.healthTimeoutMs;
    try {
      const response = await request(`${this.options.url}/CheckHealth`, {
        method: 'GET',
        signal: AbortSignal.timeout(timeoutMs),
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      });
      const text = await readLimited(response.body).catch(() => '');
      const answer = readHealthAnswer(response.statusCode, text);
      this.apply({
        type: 'health-checked',
        ok: answer.ok,
        ...(answer.message === undefined ? {} : { message: answer.message }),
      });
    } catch (error) {
      this.apply({ type: 'health-checked', ok: false, message: `CheckHealth failed: ${describeNetworkError(error)}` });
    }
    return this.state.status;
  }

  private async decrypt(swipeId: string, cardData: string): Promise<void> {
    const { log } = this.options;
    try {
      const { statusCode, body } = await this.options.upstream.call(
        'decryptCard',
        { facility: this.options.facilityId },
        { form: { card_data: cardData } },
      );
      const card = readDecryptAnswer(body);
      if (card !== undefined) {
        this.apply({ type: 'card-decrypted', swipeId, card });
        return;
      }
      // Only the status: the answer may hold card data.
      log.warn({ swipeId, statusCode }, 'card decrypt answered no usable card');
      this.apply({ type: 'swipe-failed', swipeId, reason: 'decrypt-failed', message: 'decrypt answered no card' });
    } catch (error) {
      const kind = (error as { kind?: string }).kind ?? 'error';
      log.warn({ swipeId, kind }, 'card decrypt call failed');
      this.apply({ type: 'swipe-failed', swipeId, reason: 'decrypt-failed', message: `decrypt call failed (${kind})` });
    }
  }

  private waitingFor(swipeId: string): boolean {
    return this.state.swipe.phase === 'waiting-for-card' && this.state.swipe.swipeId === swipeId;
  }

  /**
   * The swipe, waiting for a card until waitEndsAt: a reader that answers "no card" before then
   * because the visitor asked for more time while it waited is asked again for the time that is
   * left (once per "More time": a reader that answers at once is not asked over and over).
   */
  private async runSwipe(swipeId: string): Promise<void> {
    this.waitEndsAt = Date.now() + CARD_READER.waitTime * 1000;
    let waitSeconds: number = CARD_READER.waitTime;
    for (;;) {
      this.moreTimeAsked = false;
      if ((await this.requestSwipe(swipeId, waitSeconds)) === 'ended') return;
      const left = this.waitEndsAt - Date.now();
      if (!this.moreTimeAsked || !this.waitingFor(swipeId) || left <= 0) {
        this.apply({ type: 'swipe-failed', swipeId, reason: 'reader-timeout', message: 'no card was swiped' });
        return;
      }
      this.options.log.info({ swipeId }, 'card reader asked again: the visitor asked for more time');
      waitSeconds = Math.min(CARD_READER.waitTime, Math.max(1, Math.ceil(left / 1000)));
    }
  }

  /** One RequestCardSwipe: its outcome applied, or 'no-card' when the reader's wait ended without one. */
  private async requestSwipe(swipeId: string, waitSeconds: number): Promise<'no-card' | 'ended'> {
    const { log, timeoutMs } = this.options;
    const abort = new AbortController();
    this.deviceAbort = abort;
    let timedOut = false;
    // Our own deadline, not only undici's: a reader that accepts the connection and then says
    // nothing, or trickles bytes, must still end the swipe.
    const deadline = setTimeout(() => {
      timedOut = true;
      abort.abort();
    }, timeoutMs);
    try {
      const response = await request(`${this.options.url}/RequestCardSwipe`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ConnectionType: CARD_READER.connectionType, WaitTime: waitSeconds }),
        signal: abort.signal,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      });
      const text = await readLimited(response.body);
      clearTimeout(deadline);
      const answer = readSwipeAnswer(response.statusCode, text);
      if (answer.kind === 'no-card') return 'no-card';
      if (answer.kind === 'card') {
        if (this.apply({ type: 'card-read', swipeId }).accepted) await this.decrypt(swipeId, answer.cardData);
      } else if (answer.kind === 'device-error') {
        log.warn({ swipeId, problem: answer.message }, 'card reader refused the swipe');
        this.apply({ type: 'swipe-failed', swipeId, reason: 'reader-down', message: answer.message });
      } else {
        log.warn({ swipeId, problem: answer.message }, 'card reader answered garbage');
        this.apply({ type: 'swipe-failed', swipeId, reason: 'reader-garbage', message: answer.message });
      }
      return 'ended';
    } catch (error) {
      clearTimeout(deadline);
      if (timedOut) {
        log.warn({ swipeId, timeoutMs }, 'card reader did not answer in time');
        this.apply({ type: 'swipe-failed', swipeId, reason: 'reader-timeout', message: 'the reader did not answer' });
      } else if (error instanceof AnswerTooLarge) {
        this.apply({ type: 'swipe-failed', swipeId, reason: 'reader-garbage', message: 'answer too large' });
      } else if (!abort.signal.aborted) {
        const problem = describeNetworkError(error);
        log.warn({ swipeId, problem }, 'card reader not reachable');
        this.apply({
          type: 'swipe-failed',
          swipeId,
          reason: 'reader-down',
          message: `RequestCardSwipe failed: ${problem}`,
        });
      }
      // Aborted by cancel or shutdown: the machine already ended the swipe.
      return 'ended';
    } finally {
      if (this.deviceAbort === abort) this.deviceAbort = undefined;
    }
  }
}

import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { request } from 'undici';
import { CARD_READER, type DeviceStatus } from '@kiosk/shared-types';
import { readDecryptAnswer, readHealthAnswer, readSwipeAnswer } from './device-protocol.js';
import { initialReaderState, transition, type ReaderInput, type ReaderState } from './reader-machine.js';
import type { CardReaderMetrics } from './metrics.js';

/**
 * The card-reader adapter: polls the device service's CheckHealth, runs one RequestCardSwipe at a
 * time, sends the encrypted swipe to the upstream decrypt call and pushes the outcome to the UI
 * over /events. Protocol and failure handling: docs/card-reader.md.
 *
 * Card data (the encrypted swipe and the decrypted card) is never logged: only swipe ids and outcomes.
 */
export interface CardReaderService {
  status(): DeviceStatus;
  /** Check CheckHealth now (sharing a check already running) and return the status. */
  checkHealth(): Promise<DeviceStatus>;
  /** Start a swipe; undefined (counted as busy) when one is already running. */
  startSwipe(): { swipeId: string } | undefined;
  /** Cancel the running swipe; false when there was none. */
  cancelSwipe(): boolean;
  /**
   * More time for the swipe waiting for a card: it waits CARD_READER.waitTime seconds from now
   * (swipe-started says so again); undefined when no swipe is waiting for a card.
   */
  moreTime(): { waitSeconds: number } | undefined;
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

/** The service and its poll (skipped while a swipe waits for a card: the swipe tells then). */
export function createCardReader(
  app: FastifyInstance,
  metrics: CardReaderMetrics,
): { service: CardReaderService; poll(): void } {
  const { config } = app;
  const log = app.log.child({ component: 'card-reader' });
  const baseUrl = config.cardReaderUrl;
  const healthTimeoutMs = Math.min(HEALTH_TIMEOUT_MS, config.cardReaderTimeoutMs);
  let state: ReaderState = initialReaderState;
  let deviceAbort: AbortController | undefined;
  let healthCheck: Promise<DeviceStatus> | undefined;
  /** How long the visitor is given to swipe, from the start or from "More time". */
  const waitMs = CARD_READER.waitTime * 1000;
  /** When the swipe waiting for a card gives up (Date.now() ms): moved on by moreTime(). */
  let waitEndsAt = 0;
  /** The visitor asked for more time while the reader waited: its "no card" is not the end yet. */
  let moreTimeAsked = false;

  function apply(input: ReaderInput): ReturnType<typeof transition> {
    const result = transition(state, input);
    const before = state;
    state = result.state;
    if (state.status !== before.status) {
      metrics.readerUp.set(state.status === 'ok' ? 1 : 0);
      log.info({ status: state.status }, 'card reader status changed');
    }
    if (result.outcome !== undefined) {
      metrics.swipes.inc({ outcome: result.outcome });
      const swipeId = before.swipe.phase === 'idle' ? undefined : before.swipe.swipeId;
      log.info({ swipeId, outcome: result.outcome }, 'card swipe ended');
    }
    if (result.abortDevice) deviceAbort?.abort();
    for (const event of result.events) app.events.broadcast(event);
    return result;
  }

  async function runHealthCheck(): Promise<DeviceStatus> {
    try {
      const response = await request(`${baseUrl}/CheckHealth`, {
        method: 'GET',
        signal: AbortSignal.timeout(healthTimeoutMs),
        headersTimeout: healthTimeoutMs,
        bodyTimeout: healthTimeoutMs,
      });
      const text = await readLimited(response.body).catch(() => '');
      const answer = readHealthAnswer(response.statusCode, text);
      apply({
        type: 'health-checked',
        ok: answer.ok,
        ...(answer.message === undefined ? {} : { message: answer.message }),
      });
    } catch (error) {
      apply({ type: 'health-checked', ok: false, message: `CheckHealth failed: ${describeNetworkError(error)}` });
    }
    return state.status;
  }

  function checkHealth(): Promise<DeviceStatus> {
    healthCheck ??= runHealthCheck().finally(() => {
      healthCheck = undefined;
    });
    return healthCheck;
  }

  async function decrypt(swipeId: string, cardData: string): Promise<void> {
    try {
      const { statusCode, body } = await app.upstream.call(
        'decryptCard',
        { facility: config.facilityId },
        { form: { card_data: cardData } },
      );
      const card = readDecryptAnswer(body);
      if (card !== undefined) {
        apply({ type: 'card-decrypted', swipeId, card });
        return;
      }
      // Only the status: the answer may hold card data.
      log.warn({ swipeId, statusCode }, 'card decrypt answered no usable card');
      apply({ type: 'swipe-failed', swipeId, reason: 'decrypt-failed', message: 'decrypt answered no card' });
    } catch (error) {
      const kind = (error as { kind?: string }).kind ?? 'error';
      log.warn({ swipeId, kind }, 'card decrypt call failed');
      apply({ type: 'swipe-failed', swipeId, reason: 'decrypt-failed', message: `decrypt call failed (${kind})` });
    }
  }

  const waitingFor = (swipeId: string) => state.swipe.phase === 'waiting-for-card' && state.swipe.swipeId === swipeId;

  /**
   * The swipe, waiting for a card until waitEndsAt: a reader that answers "no card" before then
   * because the visitor asked for more time while it waited is asked again for the time that is
   * left (once per "More time": a reader that answers at once is not asked over and over).
   */
  async function runSwipe(swipeId: string): Promise<void> {
    waitEndsAt = Date.now() + waitMs;
    let waitSeconds: number = CARD_READER.waitTime;
    for (;;) {
      moreTimeAsked = false;
      if ((await requestSwipe(swipeId, waitSeconds)) === 'ended') return;
      const left = waitEndsAt - Date.now();
      if (!moreTimeAsked || !waitingFor(swipeId) || left <= 0) {
        apply({ type: 'swipe-failed', swipeId, reason: 'reader-timeout', message: 'no card was swiped' });
        return;
      }
      log.info({ swipeId }, 'card reader asked again: the visitor asked for more time');
      waitSeconds = Math.min(CARD_READER.waitTime, Math.max(1, Math.ceil(left / 1000)));
    }
  }

  /** One RequestCardSwipe: its outcome applied, or 'no-card' when the reader's wait ended without one. */
  async function requestSwipe(swipeId: string, waitSeconds: number): Promise<'no-card' | 'ended'> {
    const abort = new AbortController();
    deviceAbort = abort;
    let timedOut = false;
    // Our own deadline, not only undici's: a reader that accepts the connection and then says
    // nothing, or trickles bytes, must still end the swipe.
    const deadline = setTimeout(() => {
      timedOut = true;
      abort.abort();
    }, config.cardReaderTimeoutMs);
    try {
      const response = await request(`${baseUrl}/RequestCardSwipe`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ConnectionType: CARD_READER.connectionType, WaitTime: waitSeconds }),
        signal: abort.signal,
        headersTimeout: config.cardReaderTimeoutMs,
        bodyTimeout: config.cardReaderTimeoutMs,
      });
      const text = await readLimited(response.body);
      clearTimeout(deadline);
      const answer = readSwipeAnswer(response.statusCode, text);
      if (answer.kind === 'no-card') return 'no-card';
      if (answer.kind === 'card') {
        if (apply({ type: 'card-read', swipeId }).accepted) await decrypt(swipeId, answer.cardData);
      } else if (answer.kind === 'device-error') {
        log.warn({ swipeId, problem: answer.message }, 'card reader refused the swipe');
        apply({ type: 'swipe-failed', swipeId, reason: 'reader-down', message: answer.message });
      } else {
        log.warn({ swipeId, problem: answer.message }, 'card reader answered garbage');
        apply({ type: 'swipe-failed', swipeId, reason: 'reader-garbage', message: answer.message });
      }
      return 'ended';
    } catch (error) {
      clearTimeout(deadline);
      if (timedOut) {
        log.warn({ swipeId, timeoutMs: config.cardReaderTimeoutMs }, 'card reader did not answer in time');
        apply({ type: 'swipe-failed', swipeId, reason: 'reader-timeout', message: 'the reader did not answer' });
      } else if (error instanceof AnswerTooLarge) {
        apply({ type: 'swipe-failed', swipeId, reason: 'reader-garbage', message: 'answer too large' });
      } else if (!abort.signal.aborted) {
        const problem = describeNetworkError(error);
        log.warn({ swipeId, problem }, 'card reader not reachable');
        apply({ type: 'swipe-failed', swipeId, reason: 'reader-down', message: `RequestCardSwipe failed: ${problem}` });
      }
      // Aborted by cancel or shutdown: the machine already ended the swipe.
      return 'ended';
    } finally {
      if (deviceAbort === abort) deviceAbort = undefined;
    }
  }

  const service: CardReaderService = {
    status: () => state.status,
    checkHealth,
    startSwipe() {
      const swipeId = randomUUID();
      if (!apply({ type: 'swipe-requested', swipeId, waitSeconds: CARD_READER.waitTime }).accepted) {
        metrics.swipes.inc({ outcome: 'busy' });
        return undefined;
      }
      void runSwipe(swipeId).catch((error: unknown) => {
        // runSwipe handles every device and decrypt failure; this is a bug guard so the UI is never left waiting.
        log.error({ swipeId, err: error instanceof Error ? error.message : String(error) }, 'card swipe crashed');
        apply({ type: 'swipe-failed', swipeId, reason: 'reader-garbage', message: 'internal error' });
      });
      return { swipeId };
    },
    cancelSwipe: () => apply({ type: 'cancel-requested' }).accepted,
    moreTime() {
      if (state.swipe.phase !== 'waiting-for-card') return undefined;
      waitEndsAt = Date.now() + waitMs;
      moreTimeAsked = true;
      // The wait starts again: the UI counts down from here.
      app.events.broadcast({ type: 'swipe-started', swipeId: state.swipe.swipeId, waitSeconds: CARD_READER.waitTime });
      return { waitSeconds: CARD_READER.waitTime };
    },
  };
  return {
    service,
    poll() {
      if (state.swipe.phase !== 'waiting-for-card') void checkHealth();
    },
  };
}

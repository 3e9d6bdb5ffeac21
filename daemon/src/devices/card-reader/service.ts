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

  async function runSwipe(swipeId: string): Promise<void> {
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
        body: JSON.stringify({ ConnectionType: CARD_READER.connectionType, WaitTime: CARD_READER.waitTime }),
        signal: abort.signal,
        headersTimeout: config.cardReaderTimeoutMs,
        bodyTimeout: config.cardReaderTimeoutMs,
      });
      const text = await readLimited(response.body);
      clearTimeout(deadline);
      const answer = readSwipeAnswer(response.statusCode, text);
      switch (answer.kind) {
        case 'card':
          if (apply({ type: 'card-read', swipeId }).accepted) await decrypt(swipeId, answer.cardData);
          return;
        case 'no-card':
          apply({ type: 'swipe-failed', swipeId, reason: 'reader-timeout', message: 'no card was swiped' });
          return;
        case 'device-error':
          log.warn({ swipeId, problem: answer.message }, 'card reader refused the swipe');
          apply({ type: 'swipe-failed', swipeId, reason: 'reader-down', message: answer.message });
          return;
        case 'garbage':
          log.warn({ swipeId, problem: answer.message }, 'card reader answered garbage');
          apply({ type: 'swipe-failed', swipeId, reason: 'reader-garbage', message: answer.message });
          return;
      }
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
  };
  return {
    service,
    poll() {
      if (state.swipe.phase !== 'waiting-for-card') void checkHealth();
    },
  };
}

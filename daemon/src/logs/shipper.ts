import { request, type Dispatcher } from 'undici';
import type { ShippedLogEntry } from '@kiosk/shared-types';

/**
 * One POST of a batch (a JSON array of entries) to the logging app, and the retry delay after a
 * failed one.
 */

export class ShipError extends Error {
  constructor(
    message: string,
    /** True when retrying the same batch cannot help (the logging app rejects its content). */
    readonly permanent: boolean,
    readonly statusCode?: number,
  ) {
    super(message);
    this.name = 'ShipError';
  }
}

/**
 * 400, 413 and 422 say "this batch is wrong", so retrying it would block the queue forever; every
 * other failure (network, 5xx, 404 during a deployment, 429) is retried.
 */
const PERMANENT_STATUSES = new Set([400, 413, 422]);

export async function shipBatch(
  url: string,
  entries: ShippedLogEntry[],
  options: { timeoutMs: number; signal?: AbortSignal; dispatcher?: Dispatcher },
): Promise<void> {
  const signals = [AbortSignal.timeout(options.timeoutMs), ...(options.signal === undefined ? [] : [options.signal])];
  let statusCode: number;
  try {
    const response = await request(url, {
      ...(options.dispatcher === undefined ? {} : { dispatcher: options.dispatcher }),
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(entries),
      signal: AbortSignal.any(signals),
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
    });
    statusCode = response.statusCode;
    await response.body.dump();
  } catch (error) {
    const err = error as { code?: string; name?: string; message?: string };
    throw new ShipError(`logging app not reachable: ${err.code ?? err.name ?? err.message ?? 'unknown error'}`, false);
  }
  if (statusCode >= 200 && statusCode < 300) return;
  throw new ShipError(`logging app answered HTTP ${statusCode}`, PERMANENT_STATUSES.has(statusCode), statusCode);
}

/**
 * Delay before retry number `attempt` (1, 2, ...): base doubling up to cap, with "equal jitter"
 * (half fixed, half random) so a fleet of kiosks does not hit a recovering logging app in step.
 */
export function retryDelayMs(
  attempt: number,
  baseMs: number,
  capMs: number,
  random: () => number = Math.random,
): number {
  const exponential = Math.min(capMs, baseMs * 2 ** Math.min(Math.max(attempt - 1, 0), 30));
  return Math.round(exponential / 2 + (random() * exponential) / 2);
}

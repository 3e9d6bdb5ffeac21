import {
  API_ROUTES,
  buildApiPath,
  DAEMON_ENDPOINTS,
  KIOSK_PAGE_HEADER,
  KIOSK_PAGE_HEADER_VALUE,
  type ApiRouteName,
  type AppResponse,
  type DisplaySettings,
  type HoldRegistration,
  type KioskFacility,
  type IdScanOutcome,
  type OutboxAccepted,
  type OutboxJobOutcome,
  type OutboxRequest,
  type CardReaderHealth,
  type PrinterHealth,
  type PrintRequest,
  type SwipeMoreTime,
  type SwipeStarted,
  isCardReaderHealth,
  isDisplaySettings,
  isKioskFacility,
  isOutboxAccepted,
  isOutboxJobOutcome,
  isIdScanOutcome,
  isPrinterHealth,
  isSpeechResumed,
  isSpeechStatus,
  isSwipeStarted,
  type SpeechRequest,
  type SpeechStatus,
  type VolumeRequest,
  type RouteParams,
  type UiLogEvent,
  type ForwardedRequestHeader,
  UPSTREAM_UNREADABLE_MESSAGE,
} from '@kiosk/shared-types';
import { ApiError, CancelledError, NetworkError } from './errors';
import { encodeFields, queryString, type Fields } from './encode';

export {
  ApiError,
  attemptsRefusedMessage,
  CancelledError,
  NetworkError,
  isCancelled,
  isOperatorUnreachable,
  firstErrorMessage,
} from './errors';
export type { Fields, FieldValue } from './encode';

export interface CallOptions {
  query?: Fields;
  /** Form-encoded body (the operator API's default). */
  form?: Fields;
  /** JSON body, only where the spec says so. */
  json?: unknown;
  signal?: AbortSignal;
  /**
   * Only the newest call with this key matters: starting another one aborts the older, which
   * rejects with CancelledError (e.g. move-in cost while the visitor changes options).
   */
  latestKey?: string;
  /**
   * Extra request headers, only those the daemon forwards (FORWARDED_REQUEST_HEADERS:
   * authorization = the passport token, the identity-provider token); it drops any other. Never
   * the api key, date or trace id: the daemon sets those.
   */
  headers?: Readonly<Partial<Record<ForwardedRequestHeader, string>>>;
  /** The request survives the page going away (log events sent just before a reload). */
  keepalive?: boolean;
  /**
   * Ask the daemon again, never take an answer the page already holds: a call the page's
   * `<link rel="preload">` fetched while the operator could not be reached keeps its failed answer
   * for the page's lifetime, and a plain fetch of the same URL would be handed it (ConfigStore's
   * retries).
   */
  fresh?: boolean;
}

/**
 * `[name, params, options?]` for any route: the params type follows the route name, so
 * `call<KioskConfig>('configuration', { facility })` checks that `facility` is the one path
 * parameter while the result type stays explicit.
 */
export type CallArgs = {
  [N in ApiRouteName]: [name: N, params: RouteParams<N>, options?: CallOptions];
}[ApiRouteName];

const DAEMON_UNREADABLE_MESSAGE = 'The kiosk service sent an answer the kiosk cannot read.';

export interface ApiClientOptions {
  /** Tests pass a fake; the browser's fetch otherwise. */
  fetch?: typeof fetch;
  /** Prefix of every URL; '' = same origin as the page (the daemon). */
  baseUrl?: string;
}

/**
 * The one client of the daemon. Only stores call it.
 *
 * Operator calls (`call`) go to `/api/<route path>` and answer the unwrapped `application_data`:
 * an AppResponse whose status is 'ok' or 'error'. An operator error is a value, not an exception,
 * even when it travels with an HTTP 4xx: the store shows its field errors. Exceptions are for
 * what the store cannot show as a form error: ApiError (an HTTP error without the operator
 * wrapper, e.g. the daemon's 502 when the operator service is down), NetworkError, CancelledError.
 */
export class ApiClient {
  private readonly fetchImpl: typeof fetch;
  private readonly baseUrl: string;
  private readonly latest = new Map<string, AbortController>();
  /**
   * Accept-Language of operator calls: the visitor's language (i18n/language.ts sets it). No
   * operator call in the specs takes a language; the standard header lets an operator API that
   * words its messages per language answer in the visitor's (docs/accessibility.md).
   */
  acceptLanguage = 'en-US';

  constructor(options: ApiClientOptions = {}) {
    this.fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
    this.baseUrl = options.baseUrl ?? '';
  }

  /** An operator call answering `{ application_data: AppResponse<R> }`. */
  async call<R>(...[name, params, options = {}]: CallArgs): Promise<AppResponse<R>> {
    const body = await this.operator(name, params, options);
    const wrapped = (body as { application_data?: unknown } | null)?.application_data;
    if (!isAppResponse(wrapped))
      throw new ApiError(200, 'The operator service sent an answer the kiosk cannot read.', body);
    return wrapped as AppResponse<R>;
  }

  /** An operator call that is not wrapped (validate-phone, capabilities, users): the body as is. */
  async raw<T>(...[name, params, options = {}]: CallArgs): Promise<T> {
    return (await this.operator(name, params, options)) as T;
  }

  /** UI events for the daemon's log pipeline (it masks them again before shipping). */
  async postLog(events: UiLogEvent | UiLogEvent[]): Promise<void> {
    await this.request('POST', DAEMON_ENDPOINTS.log, { json: events, keepalive: true });
  }

  /** Ask the card reader for a swipe; the result arrives later as a swipe-result/swipe-error event. */
  async startSwipe(): Promise<SwipeStarted> {
    return this.answer('POST', DAEMON_ENDPOINTS.swipe, { json: {} }, isSwipeStarted);
  }

  async cancelSwipe(): Promise<void> {
    await this.request('POST', DAEMON_ENDPOINTS.cancelSwipe, { json: {} });
  }

  /** "More time": the swipe waiting for a card waits its whole time again; true when one was waiting. */
  async moreSwipeTime(): Promise<boolean> {
    const answer = (await this.request('POST', DAEMON_ENDPOINTS.moreSwipeTime, { json: {} })) as SwipeMoreTime | null;
    return answer?.extended === true;
  }

  async readerHealth(options: { signal?: AbortSignal } = {}): Promise<CardReaderHealth> {
    return this.answer('GET', DAEMON_ENDPOINTS.readerHealth, options, isCardReaderHealth);
  }

  /** The display settings of the kiosk's mounting (reach zone). */
  async displaySettings(): Promise<DisplaySettings> {
    return this.answer('GET', DAEMON_ENDPOINTS.displaySettings, {}, isDisplaySettings);
  }

  /** The kiosk's own facility: its id, and its name and phone as the daemon last knew them. */
  async kioskFacility(): Promise<KioskFacility> {
    return this.answer('GET', DAEMON_ENDPOINTS.kioskFacility, {}, isKioskFacility);
  }

  async printerStatus(): Promise<PrinterHealth> {
    return this.answer('GET', DAEMON_ENDPOINTS.printer, {}, isPrinterHealth);
  }

  /** Print a receipt; resolves when it printed, rejects with ApiError (body.reason) when it did not. */
  async printReceipt(request: PrintRequest): Promise<void> {
    await this.request('POST', DAEMON_ENDPOINTS.printReceipt, { json: request });
  }

  async speechStatus(): Promise<SpeechStatus> {
    return this.answer('GET', DAEMON_ENDPOINTS.speech, {}, isSpeechStatus);
  }

  /** Say this now, cutting off what is being said (the daemon speaks; masked first by the caller). */
  async speak(request: SpeechRequest): Promise<void> {
    await this.request('POST', DAEMON_ENDPOINTS.speech, { json: request });
  }

  async stopSpeech(): Promise<void> {
    await this.request('POST', DAEMON_ENDPOINTS.stopSpeech, { json: {} });
  }

  /** Stop the utterance playing, kept to resume. */
  async pauseSpeech(): Promise<void> {
    await this.request('POST', DAEMON_ENDPOINTS.pauseSpeech, { json: {} });
  }

  /** Go on with the paused utterance; false when there is none. */
  async resumeSpeech(request: VolumeRequest): Promise<boolean> {
    const answer = await this.answer('POST', DAEMON_ENDPOINTS.resumeSpeech, { json: request }, isSpeechResumed);
    return answer.resumed;
  }

  /** The idle warning's tone, at the visitor's volume level. */
  async playTone(request: VolumeRequest = {}): Promise<void> {
    await this.request('POST', DAEMON_ENDPOINTS.tone, { json: request });
  }

  /** A keyboard-wedge licence scan, parsed by the daemon (the raw data goes nowhere else). */
  async parseIdScan(data: string): Promise<IdScanOutcome> {
    return this.answer('POST', DAEMON_ENDPOINTS.idScan, { json: { data } }, isIdScanOutcome);
  }

  /** Register a held space so the daemon releases it when the session ends, even after a crash. */
  async registerHold(hold: HoldRegistration): Promise<void> {
    await this.request('POST', DAEMON_ENDPOINTS.holds, { json: hold });
  }

  async releaseHold(spaceId: string): Promise<void> {
    await this.request('DELETE', `${DAEMON_ENDPOINTS.holds}/${encodeURIComponent(spaceId)}`, {});
  }

  /** The space was rented or reserved: the daemon forgets the hold and never releases it. */
  async settleHold(spaceId: string): Promise<void> {
    await this.request('POST', `${DAEMON_ENDPOINTS.holds}/${encodeURIComponent(spaceId)}/settled`, {});
  }

  /** Hand the follow-ups of a confirmed rental or payment to the daemon's outbox (202 once on its disk). */
  async handOver(request: OutboxRequest): Promise<OutboxAccepted> {
    return this.answer('POST', DAEMON_ENDPOINTS.outbox, { json: request }, isOutboxAccepted);
  }

  /** An outbox call's progress, once it has been tried (the daemon waits up to `waitSeconds`). */
  async outboxJob(key: string, waitSeconds: number): Promise<OutboxJobOutcome> {
    const path = `${DAEMON_ENDPOINTS.outbox}/jobs/${encodeURIComponent(key)}?wait=${waitSeconds}`;
    return this.answer('GET', path, {}, isOutboxJobOutcome);
  }

  private operator(
    name: ApiRouteName,
    params: Readonly<Record<string, string | number>>,
    options: CallOptions,
  ): Promise<unknown> {
    // CallArgs already tied params to name; buildApiPath re-checks at run time.
    const path = `/api/${buildApiPath(name, params as never)}${queryString(options.query)}`;
    const headers = { 'accept-language': this.acceptLanguage, ...options.headers };
    return this.request(API_ROUTES[name].method, path, { ...options, headers });
  }

  /**
   * A daemon answer checked against the shape the store acts on (shared-types device-answers.ts).
   * Public for the devices whose calls live with their lazily loaded stores (areas/payment/terminal-api.ts),
   * so the first screen's code does not carry them.
   */
  async answer<T>(method: string, path: string, options: CallOptions, is: (body: unknown) => body is T): Promise<T> {
    const body = await this.request(method, path, options);
    if (!is(body)) throw new ApiError(200, DAEMON_UNREADABLE_MESSAGE, body);
    return body;
  }

  async request(method: string, path: string, options: CallOptions): Promise<unknown> {
    const controller = new AbortController();
    const { latestKey, signal } = options;
    if (latestKey !== undefined) {
      this.latest.get(latestKey)?.abort();
      this.latest.set(latestKey, controller);
    }
    const forwardAbort = () => controller.abort();
    if (signal?.aborted) controller.abort();
    signal?.addEventListener('abort', forwardAbort, { once: true });

    // The daemon refuses a call without it: the header says this is the kiosk's own page
    // (docs/security.md, "Only the kiosk's page can call").
    const headers: Record<string, string> = {
      ...options.headers,
      accept: 'application/json',
      [KIOSK_PAGE_HEADER]: KIOSK_PAGE_HEADER_VALUE,
    };
    let body: string | undefined;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.form !== undefined) {
      headers['content-type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
      body = encodeFields(options.form).toString();
    }

    try {
      let response: Response;
      try {
        response = await this.fetchImpl(`${this.baseUrl}${path}`, {
          method,
          headers,
          body,
          signal: controller.signal,
          ...(options.keepalive ? { keepalive: true } : {}),
          ...(options.fresh ? { cache: 'no-store' as const, mode: 'same-origin' as const } : {}),
        });
      } catch (error) {
        if (controller.signal.aborted) throw new CancelledError();
        throw new NetworkError(error);
      }
      let text: string;
      try {
        text = await response.text();
      } catch {
        if (controller.signal.aborted) throw new CancelledError();
        // The daemon cuts the connection when an operator answer breaks off after its headers were
        // sent: whatever the status said, this is the daemon's "cannot read" 502, never half an answer.
        throw new ApiError(502, UPSTREAM_UNREADABLE_MESSAGE, null);
      }
      let parsed: unknown;
      try {
        parsed = text === '' ? null : (JSON.parse(text) as unknown);
      } catch {
        if (controller.signal.aborted) throw new CancelledError();
        if (!response.ok) throw new ApiError(response.status, response.statusText || `HTTP ${response.status}`, null);
        throw new ApiError(response.status, DAEMON_UNREADABLE_MESSAGE, null);
      }
      if (controller.signal.aborted) throw new CancelledError();
      if (!response.ok) {
        const wrapped = (parsed as { application_data?: unknown } | null)?.application_data;
        // An operator error that came with a 4xx/5xx is still an operator answer: hand it back.
        if (isAppResponse(wrapped) && wrapped.status === 'error') return parsed;
        throw new ApiError(response.status, messageOf(parsed) ?? `HTTP ${response.status}`, parsed);
      }
      return parsed;
    } finally {
      signal?.removeEventListener('abort', forwardAbort);
      if (latestKey !== undefined && this.latest.get(latestKey) === controller) this.latest.delete(latestKey);
    }
  }
}

function isAppResponse(value: unknown): value is AppResponse<unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const status = (value as { status?: unknown }).status;
  return status === 'ok' || status === 'error';
}

/** The human message of an error body: the daemon's `{ message }` or an operator `message`. */
function messageOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const message = (body as { message?: unknown }).message;
  if (typeof message === 'string' && message !== '') return message;
  const inner = (body as { application_data?: { message?: unknown } }).application_data?.message;
  return typeof inner === 'string' && inner !== '' ? inner : undefined;
}

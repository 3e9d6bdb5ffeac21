/**
 * Test doubles shared by the UI's unit tests: a fake fetch answering from a route table, a fake
 * WebSocket, and a RootStore wired to both with an in-memory browser.
 */
import { ApiClient } from '../api/client';
import { EventsClient, type SocketLike } from '../api/events-client';
import type { ClientEvent, FacilitySettings, KioskConfig, ServerEvent, SessionSnapshot } from '@kiosk/shared-types';
import { runInAction } from 'mobx';
import { ready } from '../models/loadable';
import type { StoreClasses } from '../stores/lazy-stores';
import { RootStore } from '../stores/RootStore';
import { MemoryBrowser } from './MemoryBrowser';

export interface FakeRequest {
  method: string;
  /** Path without the query string, e.g. '/api/facilities/demo/configuration/'. */
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  body: string | undefined;
}

export interface FakeReply {
  status?: number;
  body?: unknown;
  /** Never answer (until the request is aborted). */
  hang?: boolean;
  /** Fail like a refused connection. */
  networkError?: boolean;
  /** Send the status, headers and this start of a body, then break off (the daemon cut the connection). */
  cutShort?: string;
}

/** Replies by 'METHOD /path' (no query string); a function reply sees the request. */
export type FakeRoutes = Record<string, FakeReply | ((request: FakeRequest) => FakeReply)>;

export function wrapped(result: unknown): { application_data: { status: 'ok'; result: unknown } } {
  return { application_data: { status: 'ok', result } };
}

export function createFakeFetch(routes: FakeRoutes = {}) {
  const requests: FakeRequest[] = [];
  const fetchImpl = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://kiosk.test');
    const request: FakeRequest = {
      method: (init.method ?? 'GET').toUpperCase(),
      path: url.pathname,
      query: url.searchParams,
      headers: (init.headers ?? {}) as Record<string, string>,
      body: typeof init.body === 'string' ? init.body : undefined,
    };
    requests.push(request);
    const route = routes[`${request.method} ${request.path}`];
    const reply: FakeReply =
      typeof route === 'function'
        ? route(request)
        : (route ?? {
            status: 404,
            body: { statusCode: 404, error: 'Not Found', message: `No fake for ${request.method} ${request.path}` },
          });
    if (reply.networkError) throw new TypeError('Failed to fetch');
    if (reply.hang) {
      return new Promise<Response>((_, reject) => {
        const abort = () => reject(new DOMException('The operation was aborted.', 'AbortError'));
        if (init.signal?.aborted) abort();
        init.signal?.addEventListener('abort', abort);
      });
    }
    if (reply.cutShort !== undefined) {
      const start = new TextEncoder().encode(reply.cutShort);
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(start);
          controller.error(new TypeError('network error'));
        },
      });
      return new Response(stream, { status: reply.status ?? 200, headers: { 'content-type': 'application/json' } });
    }
    const text =
      reply.body === undefined ? '' : typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
    // A Response with status 204/205/304 must not have a body, not even an empty one.
    return new Response(text === '' ? null : text, {
      status: reply.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch;
  return { fetch: fetchImpl, requests };
}

/** A WebSocket the test drives: `open()`, `receive(event)`, `drop()`; sent messages in `sent`. */
export class FakeSocket implements SocketLike {
  static instances: FakeSocket[] = [];
  readyState = 0;
  onopen: SocketLike['onopen'] = null;
  onclose: SocketLike['onclose'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onerror: SocketLike['onerror'] = null;
  readonly sent: ClientEvent[] = [];

  constructor(readonly url: string) {
    FakeSocket.instances.push(this);
  }

  static latest(): FakeSocket {
    const socket = FakeSocket.instances[FakeSocket.instances.length - 1];
    if (!socket) throw new Error('No socket was created');
    return socket;
  }

  send(data: string): void {
    this.sent.push(JSON.parse(data) as ClientEvent);
  }

  close(): void {
    this.readyState = 3;
  }

  open(): void {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }

  receive(event: ServerEvent | string): void {
    const data = typeof event === 'string' ? event : JSON.stringify(event);
    this.onmessage?.(new MessageEvent('message', { data }));
  }

  /** The server went away. */
  drop(): void {
    this.readyState = 3;
    this.onclose?.(new CloseEvent('close', { code: 1006 }));
  }
}

export interface TestRootOptions {
  routes?: FakeRoutes;
  url?: string;
  viewport?: { width: number; height: number };
  /**
   * Where the lazily loaded stores come from. By default every one is loaded (test/load-stores.ts);
   * a test of the first screen passes `new StoreClasses()` and loads only what it wants.
   */
  storeClasses?: StoreClasses;
}

/** The demo facility as the stores see it once its configuration has loaded, with these settings. */
export function configureDemoFacility(
  root: RootStore,
  settings: Partial<Record<keyof FacilitySettings, unknown>>,
): void {
  runInAction(() => {
    root.config.facilityId = 'demo';
    root.config.configuration = ready({ owner_id: 'demo-owner' } as KioskConfig);
    root.config.facility = settings as FacilitySettings;
  });
}

/** A RootStore over fakes: nothing touches the network, history or the real reload. */
export function createTestRoot(options: TestRootOptions = {}) {
  const fake = createFakeFetch(options.routes);
  const browser = new MemoryBrowser(options.url ?? '/demo', options.viewport);
  const api = new ApiClient({ fetch: fake.fetch });
  const events = new EventsClient({ url: 'ws://kiosk.test/events', createSocket: (url) => new FakeSocket(url) });
  const root = new RootStore({
    api,
    events,
    browser,
    storage: window.localStorage,
    sessionStorage: window.sessionStorage,
    storeClasses: options.storeClasses,
  });
  return { root, browser, requests: fake.requests, api, events };
}

/** A fresh, active kiosk session as the daemon reports it (180 s left, no warning). */
export const ACTIVE_SESSION: SessionSnapshot = {
  active: true,
  traceId: 'trace-1',
  secondsLeft: 180,
  warning: false,
  resetSecondsLeft: null,
};

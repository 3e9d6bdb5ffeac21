import {
  DAEMON_ENDPOINTS,
  isServerEvent,
  type ClientEvent,
  type ServerEvent,
  type ServerEventOf,
  type ServerEventType,
} from '@kiosk/shared-types';
import { reconnectDelay } from './backoff';

/**
 * The daemon's event channel: a plain WebSocket at /events carrying one JSON ServerEvent or
 * ClientEvent per message (shared-types/events.ts).
 *
 * Built on the browser's own WebSocket on purpose: socket.io speaks its own framing (engine.io
 * handshake, packet prefixes) and cannot talk to a plain WebSocket server such as
 * @fastify/websocket.
 */

/** The part of the browser WebSocket this client uses; tests pass a fake class. */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export type SocketFactory = (url: string) => SocketLike;

export interface EventsClientOptions {
  /** ws(s)://<page host>/events by default. */
  url?: string;
  createSocket?: SocketFactory;
  random?: () => number;
}

type Handler<T extends ServerEventType> = (event: ServerEventOf<T>) => void;

const OPEN = 1;
/** Messages kept while disconnected; past it the oldest go (a stuck queue must not grow forever). */
const MAX_QUEUED = 50;
/** Only the newest of these matters: an older one describes a past moment. */
const LATEST_ONLY = new Set<ClientEvent['type']>(['activity', 'context']);

export function defaultEventsUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}${DAEMON_ENDPOINTS.events}`;
}

export class EventsClient {
  private readonly url: string | undefined;
  private readonly createSocket: SocketFactory;
  private readonly random: () => number;
  private readonly handlers = new Map<ServerEventType, Set<(event: ServerEvent) => void>>();
  private readonly reconnectHandlers = new Set<() => void>();
  private readonly connectionHandlers = new Set<(connected: boolean) => void>();
  private socket: SocketLike | null = null;
  private queue: ClientEvent[] = [];
  private attempt = 0;
  private everConnected = false;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private running = false;

  constructor(options: EventsClientOptions = {}) {
    this.url = options.url;
    this.createSocket = options.createSocket ?? ((url) => new WebSocket(url));
    this.random = options.random ?? Math.random;
  }

  get connected(): boolean {
    return this.socket?.readyState === OPEN;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.connect();
  }

  stop(): void {
    this.running = false;
    clearTimeout(this.retryTimer);
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onclose = null;
      socket.close(1000, 'stopped');
      this.emitConnection(false);
    }
  }

  /** Subscribe to one event type; returns the unsubscribe function. */
  on<T extends ServerEventType>(type: T, handler: Handler<T>): () => void {
    const set = this.handlers.get(type) ?? new Set();
    this.handlers.set(type, set);
    const entry = handler as (event: ServerEvent) => void;
    set.add(entry);
    return () => set.delete(entry);
  }

  /** Called after every reconnect (not the first connect): stores resync their state here. */
  onReconnect(handler: () => void): () => void {
    this.reconnectHandlers.add(handler);
    return () => this.reconnectHandlers.delete(handler);
  }

  onConnectionChange(handler: (connected: boolean) => void): () => void {
    this.connectionHandlers.add(handler);
    return () => this.connectionHandlers.delete(handler);
  }

  /** Send now, or queue until connected (keeping only the newest activity/context; pings are dropped). */
  send(event: ClientEvent): void {
    if (this.socket?.readyState === OPEN) {
      this.socket.send(JSON.stringify(event));
      return;
    }
    if (event.type === 'ping') return;
    if (LATEST_ONLY.has(event.type)) this.queue = this.queue.filter((queued) => queued.type !== event.type);
    this.queue.push(event);
    if (this.queue.length > MAX_QUEUED) this.queue.splice(0, this.queue.length - MAX_QUEUED);
  }

  private connect(): void {
    let socket: SocketLike;
    try {
      socket = this.createSocket(this.url ?? defaultEventsUrl());
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      const reconnected = this.everConnected;
      this.everConnected = true;
      this.attempt = 0;
      const pending = this.queue;
      this.queue = [];
      for (const event of pending) socket.send(JSON.stringify(event));
      this.emitConnection(true);
      if (reconnected) for (const handler of [...this.reconnectHandlers]) handler();
    };
    socket.onmessage = (message) => {
      if (this.socket === socket) this.dispatch(message.data);
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.emitConnection(false);
      this.scheduleReconnect();
    };
    // An error is always followed by close; reconnecting happens there.
    socket.onerror = () => undefined;
  }

  private scheduleReconnect(): void {
    if (!this.running) return;
    clearTimeout(this.retryTimer);
    const delay = reconnectDelay(this.attempt, this.random);
    this.attempt += 1;
    this.retryTimer = setTimeout(() => {
      if (this.running) this.connect();
    }, delay);
  }

  private dispatch(data: unknown): void {
    if (typeof data !== 'string') return;
    let event: unknown;
    try {
      event = JSON.parse(data);
    } catch {
      return;
    }
    // A message of another shape is dropped like one that is not JSON: no handler sees it.
    if (!isServerEvent(event)) return;
    const set = this.handlers.get(event.type);
    if (!set) return;
    for (const handler of [...set]) handler(event);
  }

  private emitConnection(connected: boolean): void {
    for (const handler of [...this.connectionHandlers]) handler(connected);
  }
}

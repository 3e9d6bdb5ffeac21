import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A tiny fake operator API for tests: a node:http server on 127.0.0.1:0 that records every request
 * (method, path relative to the base, raw query, headers, body bytes) and answers with whatever
 * the test scripted: a reply, a delay, a hang, a dropped socket, a big body.
 *
 *   const upstream = await startRecordingUpstream();
 *   const app = await buildTestApp({ upstreamUrl: upstream.url });
 *   upstream.respond((request, res) => upstream.json(res, 200, { application_data: { status: 'ok', result: {} } }));
 *   ...
 *   expect(upstream.requests[0].headers['x-api-key']).toBe('test-key');
 *   await upstream.close();
 */

export interface RecordedRequest {
  method: string;
  /** Path after the base path, e.g. 'facilities/demo/configuration/'. */
  path: string;
  /** Raw query string without '?', '' when none. */
  query: string;
  /** The full request target as received. */
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  bodyText: string;
  /** True when the client gave up before the body was complete. */
  aborted: boolean;
}

export type UpstreamHandler = (
  request: RecordedRequest,
  res: ServerResponse,
  raw: IncomingMessage,
) => void | Promise<void>;

export interface RecordingUpstream {
  /** Base URL to use as KIOSK_UPSTREAM_URL, e.g. http://127.0.0.1:PORT/api/v1 */
  url: string;
  origin: string;
  port: number;
  requests: RecordedRequest[];
  /** Script the answer for the next requests (default: 200 `{"application_data":{"status":"ok","result":{}}}`). */
  respond(handler: UpstreamHandler): void;
  /** Answer JSON. */
  json(res: ServerResponse, status: number, body: unknown, headers?: Record<string, string>): void;
  /** Scripts: answer after a delay; never answer; drop the socket; answer headers then stall the body; a big body. */
  delayed(ms: number, status?: number, body?: unknown): UpstreamHandler;
  hang(): UpstreamHandler;
  closeSocket(): UpstreamHandler;
  stallBody(): UpstreamHandler;
  bigBody(bytes: number): UpstreamHandler;
  /** Resolves once at least `count` requests were recorded (rejects after timeoutMs). */
  waitForRequests(count: number, timeoutMs?: number): Promise<RecordedRequest[]>;
  reset(): void;
  close(): Promise<void>;
}

const OK_BODY = { application_data: { status: 'ok', result: {} } };

export async function startRecordingUpstream(options: { basePath?: string } = {}): Promise<RecordingUpstream> {
  const basePath = (options.basePath ?? '/api/v1').replace(/\/+$/, '');
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  const waiters = new Set<() => void>();
  const json: RecordingUpstream['json'] = (res, status, body, headers = {}) => {
    const text = JSON.stringify(body);
    res.writeHead(status, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(text),
      ...headers,
    });
    res.end(text);
  };
  const defaultHandler: UpstreamHandler = (_request, res) => json(res, 200, OK_BODY);
  let handler: UpstreamHandler = defaultHandler;

  const server: Server = createServer((raw, res) => {
    const chunks: Buffer[] = [];
    const target = raw.url ?? '/';
    const queryAt = target.indexOf('?');
    const fullPath = queryAt === -1 ? target : target.slice(0, queryAt);
    const record = (aborted: boolean): RecordedRequest => {
      const body = Buffer.concat(chunks);
      const request: RecordedRequest = {
        method: raw.method ?? 'GET',
        path: fullPath.startsWith(`${basePath}/`) ? fullPath.slice(basePath.length + 1) : fullPath,
        query: queryAt === -1 ? '' : target.slice(queryAt + 1),
        url: target,
        headers: raw.headers,
        body,
        bodyText: body.toString('utf8'),
        aborted,
      };
      requests.push(request);
      for (const wake of waiters) wake();
      return request;
    };
    let done = false;
    raw.on('data', (chunk: Buffer) => chunks.push(chunk));
    raw.on('error', () => undefined);
    raw.on('aborted', () => {
      if (!done) {
        done = true;
        record(true);
      }
    });
    raw.on('end', () => {
      if (done) return;
      done = true;
      const request = record(false);
      Promise.resolve(handler(request, res, raw)).catch(() => res.destroy());
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;

  return {
    url: `${origin}${basePath}`,
    origin,
    port,
    requests,
    respond: (next) => {
      handler = next;
    },
    json,
    delayed:
      (ms, status = 200, body = OK_BODY) =>
      (_request, res) => {
        setTimeout(() => json(res, status, body), ms);
      },
    hang: () => () => undefined,
    closeSocket: () => (_request, res) => {
      res.socket?.destroy();
    },
    stallBody: () => (_request, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.flushHeaders();
    },
    bigBody: (bytes) => (_request, res) => {
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': bytes });
      const chunk = Buffer.alloc(64 * 1024, 'a');
      let left = bytes;
      const write = (): void => {
        while (left > 0) {
          const piece = left >= chunk.length ? chunk : chunk.subarray(0, left);
          left -= piece.length;
          if (!res.write(piece)) {
            res.once('drain', write);
            return;
          }
        }
        res.end();
      };
      write();
    },
    waitForRequests: (count, timeoutMs = 5000) =>
      new Promise((resolve, reject) => {
        if (requests.length >= count) {
          resolve(requests);
          return;
        }
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`Expected ${count} upstream requests, saw ${requests.length}`));
        }, timeoutMs);
        const check = (): void => {
          if (requests.length >= count) {
            clearTimeout(timer);
            waiters.delete(check);
            resolve(requests);
          }
        };
        waiters.add(check);
      }),
    reset: () => {
      requests.length = 0;
      handler = defaultHandler;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A port nothing listens on (for "upstream down"): bind, note the port, close. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

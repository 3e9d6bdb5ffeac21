import { createServer, request as httpRequest, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';

/**
 * A small outbound HTTP proxy for tests (node:http): CONNECT tunnels and absolute-URI forwards,
 * recording each target (`host:port`) that passed through it. Host names in `hosts` resolve to the
 * given address inside the proxy only, so a call that reaches such a name can only have come
 * through the proxy.
 */
export interface RecordingProxy {
  url: string;
  /** `host:port` of every tunnel or forwarded request, in order. */
  targets: string[];
  close(): Promise<void>;
}

export async function startRecordingProxy(hosts: Record<string, string> = {}): Promise<RecordingProxy> {
  const targets: string[] = [];
  const sockets = new Set<Socket>();
  const resolve = (host: string): string => hosts[host] ?? host;
  const server: Server = createServer((request, response) => {
    // A plain-HTTP proxy request: GET http://host:port/path
    const target = new URL(request.url ?? '/');
    targets.push(target.host);
    const upstream = httpRequest(
      {
        host: resolve(target.hostname),
        port: target.port || 80,
        path: `${target.pathname}${target.search}`,
        method: request.method,
        headers: request.headers,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => response.destroy());
    request.pipe(upstream);
  });
  server.on('connect', (request, client: Socket, head: Buffer) => {
    const [host = '', port = '443'] = (request.url ?? '').split(/:(?=\d+$)/);
    targets.push(`${host}:${port}`);
    const upstream = connect(Number(port), resolve(host), () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    targets,
    close: () =>
      new Promise<void>((done) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => done());
      }),
  };
}

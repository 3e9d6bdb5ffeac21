import { createConnection, createServer, type AddressInfo, type Socket } from 'node:net';

/**
 * A TCP forwarder standing for the facility's network between the kiosk and the operator API:
 * `cut()` drops every open connection and refuses new ones at once (a cable pulled, a router
 * rebooting), `restore()` forwards again.
 */
export interface Forwarder {
  /** http://127.0.0.1:PORT, to put in front of the operator API's path. */
  origin: string;
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startForwarder(targetPort: number, targetHost = '127.0.0.1'): Promise<Forwarder> {
  let up = true;
  const open = new Set<Socket>();
  const track = (socket: Socket): void => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
    socket.on('error', () => undefined);
  };
  const server = createServer((incoming) => {
    track(incoming);
    if (!up) {
      incoming.destroy();
      return;
    }
    const outgoing = createConnection({ host: targetHost, port: targetPort });
    track(outgoing);
    incoming.pipe(outgoing);
    outgoing.pipe(incoming);
    incoming.once('close', () => outgoing.destroy());
    outgoing.once('close', () => incoming.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    origin: `http://127.0.0.1:${port}`,
    cut() {
      up = false;
      for (const socket of open) socket.destroy();
    },
    restore() {
      up = true;
    },
    async close() {
      for (const socket of open) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

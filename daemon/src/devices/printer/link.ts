import { open, type FileHandle } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import type { PrintFailureReason } from '@kiosk/shared-types';
import { DLE_EOT, STATUS_REQUESTS, type StatusBytes } from './status.js';

/**
 * One connection to the printer: raw TCP (`tcp://host:9100`) or a device file (`/dev/usb/lp0`).
 * A connection is opened per job or status check and closed after, so a printer that was switched
 * off and on again is simply found again.
 */
export class PrinterFault extends Error {
  constructor(
    readonly reason: PrintFailureReason,
    message: string,
  ) {
    super(message);
  }
}

export interface PrinterLink {
  /** The real-time status (DLE EOT 1, 2, 4); undefined when the link cannot report it. */
  status(): Promise<StatusBytes | undefined>;
  write(bytes: Uint8Array): Promise<void>;
  close(): void;
}

export function describeTarget(
  url: string,
): { kind: 'tcp'; host: string; port: number } | { kind: 'file'; path: string } {
  if (url.startsWith('tcp://')) {
    const parsed = new URL(url);
    return { kind: 'tcp', host: parsed.hostname.replace(/^\[|\]$/g, ''), port: Number(parsed.port || 9100) };
  }
  return { kind: 'file', path: url };
}

class TcpLink implements PrinterLink {
  private received: number[] = [];
  private waiting: { resolve: (byte: number) => void; reject: (error: Error) => void } | undefined;
  private ended: PrinterFault | undefined;

  constructor(
    private readonly socket: Socket,
    private readonly answerTimeoutMs: number,
  ) {
    socket.on('data', (chunk: Buffer) => {
      this.received.push(...chunk);
      this.deliver();
    });
    const lost = (): void => {
      this.ended ??= new PrinterFault('connection-lost', 'the printer closed the connection');
      this.waiting?.reject(this.ended);
      this.waiting = undefined;
    };
    socket.on('close', lost);
    socket.on('error', lost);
  }

  private deliver(): void {
    if (this.waiting === undefined || this.received.length === 0) return;
    const { resolve } = this.waiting;
    this.waiting = undefined;
    resolve(this.received.shift()!);
  }

  private nextByte(): Promise<number> {
    if (this.ended !== undefined && this.received.length === 0) return Promise.reject(this.ended);
    return new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting = undefined;
        reject(new PrinterFault('timeout', 'the printer did not answer its status request'));
      }, this.answerTimeoutMs);
      this.waiting = {
        resolve: (byte) => {
          clearTimeout(timer);
          resolve(byte);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      };
      this.deliver();
    });
  }

  private async ask(n: number): Promise<number> {
    await this.write(Uint8Array.from([...DLE_EOT, n]));
    return this.nextByte();
  }

  async status(): Promise<StatusBytes> {
    return {
      printer: await this.ask(STATUS_REQUESTS.printer),
      offline: await this.ask(STATUS_REQUESTS.offline),
      paper: await this.ask(STATUS_REQUESTS.paper),
    };
  }

  write(bytes: Uint8Array): Promise<void> {
    if (this.ended !== undefined) return Promise.reject(this.ended);
    return new Promise((resolve, reject) => {
      this.socket.write(bytes, (error) =>
        error ? reject(this.ended ?? new PrinterFault('connection-lost', error.message)) : resolve(),
      );
    });
  }

  close(): void {
    this.ended ??= new PrinterFault('connection-lost', 'closed');
    this.socket.end();
    this.socket.destroySoon();
  }
}

/** A printer class device: written to, no status channel (the kernel driver owns it). */
class FileLink implements PrinterLink {
  constructor(private readonly handle: FileHandle) {}

  async status(): Promise<undefined> {
    return undefined;
  }

  async write(bytes: Uint8Array): Promise<void> {
    try {
      await this.handle.write(bytes);
    } catch (error) {
      throw new PrinterFault('connection-lost', (error as NodeJS.ErrnoException).code ?? 'write failed');
    }
  }

  close(): void {
    void this.handle.close().catch(() => undefined);
  }
}

export async function openLink(url: string, timeoutMs: number): Promise<PrinterLink> {
  const target = describeTarget(url);
  if (target.kind === 'file') {
    try {
      return new FileLink(await open(target.path, 'a'));
    } catch (error) {
      throw new PrinterFault(
        'unreachable',
        `cannot open ${target.path}: ${(error as NodeJS.ErrnoException).code ?? 'error'}`,
      );
    }
  }
  return new Promise((resolve, reject) => {
    const socket = connect({ host: target.host, port: target.port });
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new PrinterFault('unreachable', 'the printer did not accept the connection in time'));
    }, timeoutMs);
    socket.once('connect', () => {
      clearTimeout(timer);
      socket.removeAllListeners('error');
      resolve(new TcpLink(socket, timeoutMs));
    });
    socket.once('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      socket.destroy();
      reject(new PrinterFault('unreachable', `cannot connect: ${error.code ?? error.message}`));
    });
  });
}

import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { escposToText } from './escpos-text.js';
import { DLE_EOT, statusBytesFor, STATUS_REQUESTS } from './status.js';
import type { DeviceSimulator } from '../device.js';
import printerRoutes, { type PrintedJob, type PrinterSwitches, type SimulatedPrinter } from './simulator-routes.js';

export type { PrintedJob, PrinterSwitches };

/**
 * A stand-in for an ESC/POS network printer (raw TCP, like port 9100): answers the real-time
 * status requests (DLE EOT n) according to its switches, and records every job read back as text.
 * Controlled through the sandbox's /__sandbox/printer routes (docs/sandbox.md).
 *
 * Switches: paper_out, paper_low, cover_open, offline (status answers); hang (accepts the
 * connection and never answers); close_mid_job (drops the connection when a receipt arrives).
 */
const OFF: PrinterSwitches = {
  paper_out: false,
  paper_low: false,
  cover_open: false,
  offline: false,
  hang: false,
  close_mid_job: false,
};

/** Receipts kept for the sandbox page; older ones are dropped. */
const KEPT_JOBS = 50;

export class PrinterSimulator implements SimulatedPrinter {
  switches: PrinterSwitches = { ...OFF };
  jobs: PrintedJob[] = [];
  statusRequests = 0;
  private readonly server: Server;
  private readonly sockets = new Set<Socket>();

  constructor() {
    this.server = createServer((socket) => this.serve(socket));
  }

  async listen(host = '127.0.0.1', port = 0): Promise<string> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen({ host, port }, () => resolve());
    });
    return `tcp://${host}:${(this.server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  set(changes: Partial<PrinterSwitches>): PrinterSwitches {
    this.switches = { ...this.switches, ...changes };
    return this.switches;
  }

  reset(): void {
    this.switches = { ...OFF };
    this.jobs = [];
    this.statusRequests = 0;
  }

  private record(content: number[], complete: boolean): void {
    const bytes = Uint8Array.from(content);
    this.jobs.push({ at: new Date().toISOString(), bytes: bytes.length, text: escposToText(bytes), complete });
    if (this.jobs.length > KEPT_JOBS) this.jobs.shift();
  }

  private serve(socket: Socket): void {
    this.sockets.add(socket);
    let content: number[] = [];
    let pending: number[] = [];
    socket.on('data', (chunk: Buffer) => {
      if (this.switches.hang) return;
      pending.push(...chunk);
      let i = 0;
      while (i < pending.length) {
        if (pending[i] === DLE_EOT[0] && pending[i + 1] === DLE_EOT[1]) {
          if (i + 2 >= pending.length) break; // the rest of the request is in the next chunk
          this.statusRequests += 1;
          // A status request after a receipt means the printer has read all of it: the job is done.
          if (content.length > 0) {
            this.record(content, true);
            content = [];
          }
          socket.write(Uint8Array.of(this.answer(pending[i + 2]!)));
          i += 3;
        } else {
          content.push(pending[i]!);
          i += 1;
        }
      }
      pending = pending.slice(i);
      if (content.length > 0 && this.switches.close_mid_job) {
        this.record(content, false);
        content = [];
        socket.destroy();
      }
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      this.sockets.delete(socket);
      if (content.length > 0) this.record(content, false);
    });
  }

  private answer(n: number): number {
    const bytes = statusBytesFor({
      paperOut: this.switches.paper_out,
      paperLow: this.switches.paper_low,
      coverOpen: this.switches.cover_open,
      offline: this.switches.offline,
    });
    if (n === STATUS_REQUESTS.printer) return bytes.printer;
    if (n === STATUS_REQUESTS.offline) return bytes.offline;
    if (n === STATUS_REQUESTS.paper) return bytes.paper;
    return 0x12; // n=3 (error status) and others: no error
  }
}

/**
 * Started by main.ts when KIOSK_SIMULATE_PRINTER is on, before the sandbox, which serves its
 * switches and receipts page under /__sandbox/printer.
 */
export const printerSimulator: DeviceSimulator = {
  wanted: (config) => config.simulatePrinter,
  async start(config) {
    const simulator = new PrinterSimulator();
    config.printerUrl = await simulator.listen('127.0.0.1', 0);
    return {
      ready: `Printer simulator: ${config.printerUrl}`,
      sandboxControls: {
        prefix: '/__sandbox/printer',
        plugin: async (sandbox) => sandbox.register(printerRoutes, { printer: simulator }),
      },
      close: () => simulator.close(),
    };
  },
};

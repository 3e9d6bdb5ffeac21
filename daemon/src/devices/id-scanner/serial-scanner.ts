import { InterByteTimeoutParser, SerialPort } from 'serialport';
import type { SerialPortStream } from '@serialport/stream';

/**
 * A serial (USB CDC) 2D scanner: each scan arrives as a burst of bytes; the burst ends when the
 * line has been quiet for SCAN_GAP_MS (AAMVA data holds CR and LF, so no line ending can delimit a
 * scan). An unplugged scanner closes the port: it is reopened every REOPEN_MS until it is back.
 */
export const SCAN_GAP_MS = 100;
export const REOPEN_MS = 5000;

export type OpenScannerPort = (path: string, baudRate: number) => SerialPortStream;

export const openSerialPort: OpenScannerPort = (path, baudRate) => new SerialPort({ path, baudRate, autoOpen: false });

export interface SerialScannerOptions {
  path: string;
  baudRate: number;
  open?: OpenScannerPort;
  onScan(data: string): void;
  onStatus(up: boolean, problem?: string): void;
  reopenMs?: number;
}

export class SerialScanner {
  private port: SerialPortStream | undefined;
  private retry: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(private readonly options: SerialScannerOptions) {}

  start(): void {
    this.stopped = false;
    const open = this.options.open ?? openSerialPort;
    const port = open(this.options.path, this.options.baudRate);
    this.port = port;
    const parser = port.pipe(new InterByteTimeoutParser({ interval: SCAN_GAP_MS, maxBufferSize: 8192 }));
    parser.on('data', (chunk: Buffer) => this.options.onScan(chunk.toString('latin1')));
    port.on('close', () => this.lost('closed'));
    port.on('error', (error: Error) => this.lost(error.message));
    port.open((error) => {
      if (error) this.lost(error.message);
      else this.options.onStatus(true);
    });
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.retry);
    if (this.port?.isOpen) this.port.close();
    this.port = undefined;
  }

  private lost(problem: string): void {
    if (this.stopped || this.retry !== undefined) return;
    this.options.onStatus(false, problem);
    this.port?.removeAllListeners();
    // A late error from the dead port must not crash the daemon.
    this.port?.on('error', () => undefined);
    this.port = undefined;
    this.retry = setTimeout(() => {
      this.retry = undefined;
      if (!this.stopped) this.start();
    }, this.options.reopenMs ?? REOPEN_MS);
    this.retry.unref();
  }
}

import { mkdir, readFile, readdir, stat, statfs, unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { ShippedLogEntry } from '@kiosk/shared-types';
import { TEMP_SUFFIX, writeFileDurably } from '../durable-file.js';

/**
 * The on-disk queue of log batches waiting for the logging app: one JSON file per batch, named by
 * a zero-padded sequence number (so name order is arrival order) and the number of entries in it
 * (so a dropped file can be counted without reading it). A batch is written to a temporary file,
 * fsync'd, renamed into place and the directory fsync'd: after a crash a file is either complete or
 * absent. The spool never holds more than maxBytes; to make room the oldest files are dropped and
 * their entries counted.
 */

export interface SpoolFile {
  seq: number;
  name: string;
  count: number;
  bytes: number;
  /** Epoch ms when written by this process; 0 for files found at start (they are due at once). */
  writtenAt: number;
}

export interface SpoolAppendResult {
  /** False when the batch alone is larger than the bound and was dropped instead of written. */
  written: boolean;
  /** Entries dropped to make room (older files) or because the batch could not fit. */
  droppedEntries: number;
}

const FILE_PATTERN = /^(\d{16})-(\d+)\.json$/;

export function spoolFileName(seq: number, count: number): string {
  return `${String(seq).padStart(16, '0')}-${count}.json`;
}

export function parseSpoolFileName(name: string): { seq: number; count: number } | undefined {
  const match = FILE_PATTERN.exec(name);
  if (match === null) return undefined;
  return { seq: Number(match[1]), count: Number(match[2]) };
}

export class Spool {
  private files: SpoolFile[] = [];
  private totalBytes = 0;
  private nextSeq = 1;
  /** Files handed to the shipper; the bound never drops them (their POST may already have landed). */
  private readonly leased = new Set<number>();
  /** Disk operations run one at a time, in call order. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    readonly dir: string,
    private readonly maxBytes: number,
    private readonly onDrop: (entries: number, reason: string) => void = () => {},
  ) {}

  /** Create the directory, forget half-written temporary files and index the batches found. */
  open(): Promise<void> {
    return this.serial(async () => {
      await mkdir(this.dir, { recursive: true, mode: 0o700 });
      const found: SpoolFile[] = [];
      for (const name of await readdir(this.dir)) {
        if (name.endsWith(TEMP_SUFFIX)) {
          await unlink(join(this.dir, name)).catch(() => {});
          continue;
        }
        const parsed = parseSpoolFileName(name);
        if (parsed === undefined) continue;
        const { size } = await stat(join(this.dir, name));
        found.push({ ...parsed, name, bytes: size, writtenAt: 0 });
      }
      found.sort((a, b) => a.seq - b.seq);
      this.files = found;
      this.totalBytes = found.reduce((sum, file) => sum + file.bytes, 0);
      this.nextSeq = (found.at(-1)?.seq ?? 0) + 1;
      // The bound may have been lowered since these were written.
      await this.makeRoom(0);
    });
  }

  /** Write a batch durably at the end of the queue. */
  append(entries: ShippedLogEntry[]): Promise<SpoolAppendResult> {
    // The sequence is taken now, so batches land in the order append() was called.
    const seq = this.nextSeq++;
    return this.serial(async () => {
      const payload = Buffer.from(JSON.stringify(entries), 'utf8');
      if (payload.length > this.maxBytes) {
        this.onDrop(entries.length, 'batch larger than the spool bound');
        return { written: false, droppedEntries: entries.length };
      }
      const droppedEntries = await this.makeRoom(payload.length);
      if (this.totalBytes + payload.length > this.maxBytes) {
        // Everything left is leased to the shipper: this batch is the one that cannot fit.
        this.onDrop(entries.length, 'spool full');
        return { written: false, droppedEntries: droppedEntries + entries.length };
      }
      const name = spoolFileName(seq, entries.length);
      await writeFileDurably(this.dir, name, payload);
      this.files.push({ seq, name, count: entries.length, bytes: payload.length, writtenAt: Date.now() });
      this.totalBytes += payload.length;
      return { written: true, droppedEntries };
    });
  }

  /** Oldest files, whole, up to about maxEntries entries (at least one file when any), marked as leased. */
  lease(maxEntries: number): SpoolFile[] {
    const taken: SpoolFile[] = [];
    let entries = 0;
    for (const file of this.files) {
      if (this.leased.has(file.seq)) continue;
      if (taken.length > 0 && entries + file.count > maxEntries) break;
      taken.push(file);
      entries += file.count;
    }
    for (const file of taken) this.leased.add(file.seq);
    return taken;
  }

  /** Give leased files back (the ship failed); they stay first in line. */
  release(files: SpoolFile[]): void {
    for (const file of files) this.leased.delete(file.seq);
  }

  /** Read a file's entries; throws when it is not a JSON array (damaged on disk). */
  async read(file: SpoolFile): Promise<ShippedLogEntry[]> {
    const value: unknown = JSON.parse(await readFile(join(this.dir, file.name), 'utf8'));
    if (!Array.isArray(value)) throw new Error(`spool file ${file.name} does not hold a JSON array`);
    return value as ShippedLogEntry[];
  }

  /** Delete files that were shipped (or are damaged). */
  remove(files: SpoolFile[]): Promise<void> {
    return this.serial(async () => {
      for (const file of files) {
        this.leased.delete(file.seq);
        const index = this.files.findIndex((candidate) => candidate.seq === file.seq);
        if (index === -1) continue;
        this.files.splice(index, 1);
        this.totalBytes -= file.bytes;
        await unlink(join(this.dir, file.name)).catch((error: NodeJS.ErrnoException) => {
          if (error.code !== 'ENOENT') throw error;
        });
      }
    });
  }

  /** Resolves once every disk operation started so far has finished. */
  idle(): Promise<void> {
    return this.queue.then(
      () => {},
      () => {},
    );
  }

  stats(): { files: number; bytes: number; entries: number; oldestWrittenAt: number | undefined } {
    return {
      files: this.files.length,
      bytes: this.totalBytes,
      entries: this.files.reduce((sum, file) => sum + file.count, 0),
      oldestWrittenAt: this.files.find((file) => !this.leased.has(file.seq))?.writtenAt,
    };
  }

  /** Entries in files not currently leased. */
  waitingEntries(): number {
    return this.files.reduce((sum, file) => (this.leased.has(file.seq) ? sum : sum + file.count), 0);
  }

  private async makeRoom(incoming: number): Promise<number> {
    let dropped = 0;
    while (this.totalBytes + incoming > this.maxBytes) {
      const oldest = this.files.find((file) => !this.leased.has(file.seq));
      if (oldest === undefined) break;
      this.files.splice(this.files.indexOf(oldest), 1);
      this.totalBytes -= oldest.bytes;
      await unlink(join(this.dir, oldest.name)).catch(() => {});
      dropped += oldest.count;
      this.onDrop(oldest.count, 'spool bound reached, oldest batch dropped');
    }
    return dropped;
  }

  private serial<T>(operation: () => Promise<T>): Promise<T> {
    const result = this.queue.then(operation, operation);
    this.queue = result.catch(() => {});
    return result;
  }
}

export interface DiskSpace {
  /** Bytes this process may still write (blocks available to unprivileged users). */
  freeBytes: number;
  sizeBytes: number;
}

/** Free space of the file system holding `dir` (or its nearest existing parent); null when unreadable. */
export async function diskSpace(dir: string): Promise<DiskSpace | null> {
  let path = dir;
  for (;;) {
    try {
      const fs = await statfs(path);
      return { freeBytes: fs.bavail * fs.bsize, sizeBytes: fs.blocks * fs.bsize };
    } catch (error) {
      const parent = dirname(path);
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || parent === path) return null;
      path = parent;
    }
  }
}

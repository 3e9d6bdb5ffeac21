import { mkdir, readFile, readdir, rename, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { syncDirectory, TEMP_SUFFIX, writeFileDurably } from '../durable-file.js';
import type { StoredBatch } from './jobs.js';

/**
 * The outbox on disk: one JSON file per handed-over batch, named by a zero-padded sequence number
 * (name order is arrival order) and the batch id. Every write is durable (durable-file.ts) before
 * the caller goes on, so a batch the daemon said it accepted survives a crash or a power cut. The
 * files never hold more than maxBytes: a batch that would go past it is refused, nothing is dropped.
 * A file that does not parse is renamed `.damaged` (kept for support) and left out.
 */

const FILE_PATTERN = /^(\d{16})-([A-Za-z0-9-]+)\.json$/;

export class OutboxFullError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The outbox holds its limit of ${maxBytes} bytes`);
    this.name = 'OutboxFullError';
  }
}

export class OutboxStore {
  private readonly files = new Map<string, { name: string; bytes: number }>();
  private nextSeq = 1;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    readonly dir: string,
    private readonly maxBytes: number,
    private readonly onDamaged: (name: string, reason: string) => void = () => {},
  ) {}

  get bytes(): number {
    let total = 0;
    for (const file of this.files.values()) total += file.bytes;
    return total;
  }

  /** Create the directory, forget half-written temporary files, read every batch, oldest first. */
  open(): Promise<StoredBatch[]> {
    return this.serial(async () => {
      await mkdir(this.dir, { recursive: true, mode: 0o700 });
      const found: Array<{ seq: number; batch: StoredBatch }> = [];
      for (const name of (await readdir(this.dir)).sort()) {
        const path = join(this.dir, name);
        if (name.endsWith(TEMP_SUFFIX)) {
          await unlink(path).catch(() => {});
          continue;
        }
        const match = FILE_PATTERN.exec(name);
        if (match === null) continue;
        try {
          const batch = JSON.parse(await readFile(path, 'utf8')) as StoredBatch;
          if (!Array.isArray(batch.jobs) || typeof batch.batch !== 'string') throw new Error('not an outbox batch');
          this.files.set(batch.batch, { name, bytes: (await stat(path)).size });
          found.push({ seq: Number(match[1]), batch });
        } catch (error) {
          this.onDamaged(name, (error as Error).message);
          await rename(path, `${path}.damaged`).catch(() => {});
        }
        this.nextSeq = Math.max(this.nextSeq, Number(match[1]) + 1);
      }
      return found.sort((a, b) => a.seq - b.seq).map((entry) => entry.batch);
    });
  }

  /** Write a new batch durably; OutboxFullError when it would take the outbox past its bound. */
  add(batch: StoredBatch): Promise<void> {
    const seq = this.nextSeq++;
    return this.serial(async () => {
      const payload = Buffer.from(JSON.stringify(batch), 'utf8');
      if (this.bytes + payload.length > this.maxBytes) throw new OutboxFullError(this.maxBytes);
      const name = `${String(seq).padStart(16, '0')}-${batch.batch}.json`;
      await writeFileDurably(this.dir, name, payload);
      this.files.set(batch.batch, { name, bytes: payload.length });
    });
  }

  /** Rewrite a batch after its jobs moved on (never refused for the bound: it is already counted). */
  save(batch: StoredBatch): Promise<void> {
    return this.serial(async () => {
      const file = this.files.get(batch.batch);
      if (file === undefined) return;
      const payload = Buffer.from(JSON.stringify(batch), 'utf8');
      await writeFileDurably(this.dir, file.name, payload);
      file.bytes = payload.length;
    });
  }

  /** Every job of the batch is done: its file goes. */
  remove(batchId: string): Promise<void> {
    return this.serial(async () => {
      const file = this.files.get(batchId);
      if (file === undefined) return;
      this.files.delete(batchId);
      await unlink(join(this.dir, file.name)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
      await syncDirectory(this.dir);
    });
  }

  private serial<T>(operation: () => Promise<T>): Promise<T> {
    const result = this.queue.then(operation, operation);
    this.queue = result.catch(() => {});
    return result;
  }
}

import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { ShippedLogEntry } from '@kiosk/shared-types';
import { Spool, parseSpoolFileName, spoolFileName } from './spool.js';
import { tempDir } from '../test-helpers/fake-services.js';

function entry(n: number): ShippedLogEntry {
  return {
    component: 'kiosk',
    log_level: 'info',
    timestamp: new Date(0).toISOString(),
    event_name: `Navigation ${n}`,
    log: { session_id: null, action: String(n), active_section: 'info', facility_id: 'demo' },
  };
}

const batch = (from: number, count: number) => Array.from({ length: count }, (_, i) => entry(from + i));
const spoolDir = () => tempDir('spool-test-');
const bytesOf = (entries: ShippedLogEntry[]) => Buffer.byteLength(JSON.stringify(entries));

async function readAll(spool: Spool): Promise<number[]> {
  const files = spool.lease(Number.MAX_SAFE_INTEGER);
  const entries = [];
  for (const file of files) entries.push(...(await spool.read(file)));
  spool.release(files);
  return entries.map((e) => Number(e.log.action));
}

describe('spool file names', () => {
  it('sort in sequence order and carry the entry count', () => {
    const names = [10, 9, 100, 1].map((seq) => spoolFileName(seq, 3));
    expect([...names].sort().map((name) => parseSpoolFileName(name)?.seq)).toEqual([1, 9, 10, 100]);
    expect(parseSpoolFileName(spoolFileName(42, 7))).toEqual({ seq: 42, count: 7 });
    expect(parseSpoolFileName('0000000000000042-7.json.tmp')).toBeUndefined();
  });
});

describe('Spool', () => {
  it('keeps batches in append order, also across a reopen', async () => {
    const dir = spoolDir();
    const first = new Spool(dir, 1_000_000);
    await first.open();
    await Promise.all([first.append(batch(0, 2)), first.append(batch(2, 3)), first.append(batch(5, 1))]);
    expect(await readAll(first)).toEqual([0, 1, 2, 3, 4, 5]);

    const reopened = new Spool(dir, 1_000_000);
    await reopened.open();
    await reopened.append(batch(6, 1));
    expect(await readAll(reopened)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(reopened.stats()).toMatchObject({ files: 4, entries: 7 });
  });

  it('drops the oldest batches past the byte bound and counts their entries', async () => {
    const size = bytesOf(batch(0, 2));
    const drops: number[] = [];
    const spool = new Spool(spoolDir(), size * 3, (entries) => drops.push(entries));
    await spool.open();
    for (let i = 0; i < 5; i += 1) await spool.append(batch(i * 2, 2));
    expect(await readAll(spool)).toEqual([4, 5, 6, 7, 8, 9]);
    expect(drops).toEqual([2, 2]);
    expect(spool.stats().bytes).toBeLessThanOrEqual(size * 3);
  });

  it('never drops a batch leased to the shipper; a batch that cannot fit is dropped instead', async () => {
    const size = bytesOf(batch(0, 2));
    const drops: number[] = [];
    const spool = new Spool(spoolDir(), size, (entries) => drops.push(entries));
    await spool.open();
    await spool.append(batch(0, 2));
    const leased = spool.lease(10);
    const result = await spool.append(batch(2, 2));
    expect(result).toEqual({ written: false, droppedEntries: 2 });
    expect(drops).toEqual([2]);
    await spool.remove(leased);
    expect(spool.stats()).toMatchObject({ files: 0, bytes: 0 });
  });

  it('refuses a single batch larger than the bound', async () => {
    const spool = new Spool(spoolDir(), 50);
    await spool.open();
    expect(await spool.append(batch(0, 3))).toEqual({ written: false, droppedEntries: 3 });
    expect(spool.stats().files).toBe(0);
  });

  it('on open: removes half-written temp files and applies a lowered bound', async () => {
    const dir = spoolDir();
    const big = new Spool(dir, 1_000_000);
    await big.open();
    for (let i = 0; i < 4; i += 1) await big.append(batch(i, 1));
    writeFileSync(join(dir, `${spoolFileName(99, 1)}.tmp`), '[{"half');
    const drops: number[] = [];
    const small = new Spool(dir, bytesOf(batch(0, 1)) * 2, (entries) => drops.push(entries));
    await small.open();
    expect(readdirSync(dir).some((name) => name.endsWith('.tmp'))).toBe(false);
    expect(await readAll(small)).toEqual([2, 3]);
    expect(drops).toEqual([1, 1]);
  });

  it('leases whole files from the front, about maxEntries at a time', async () => {
    const spool = new Spool(spoolDir(), 1_000_000);
    await spool.open();
    await spool.append(batch(0, 3));
    await spool.append(batch(3, 3));
    await spool.append(batch(6, 3));
    const first = spool.lease(5);
    expect(first.map((file) => file.count)).toEqual([3]);
    const second = spool.lease(6);
    expect(second.map((file) => file.count)).toEqual([3, 3]);
    spool.release(first);
    expect(spool.lease(100)).toEqual(first);
  });

  it('property: what stays is the newest batches, in order, within the bound; the rest is counted', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 300, max: 3000 }),
        async (counts, maxBytes) => {
          let dropped = 0;
          const spool = new Spool(spoolDir(), maxBytes, (entries) => (dropped += entries));
          await spool.open();
          let next = 0;
          const fitting: number[] = [];
          for (const count of counts) {
            const entries = batch(next, count);
            await spool.append(entries);
            if (bytesOf(entries) <= maxBytes) fitting.push(...entries.map((e) => Number(e.log.action)));
            next += count;
          }
          const kept = await readAll(spool);
          // The newest entries of the batches that fit at all, in order; everything else counted as dropped.
          expect(kept).toEqual(fitting.slice(fitting.length - kept.length));
          expect(kept.length + dropped).toBe(next);
          expect(spool.stats().bytes).toBeLessThanOrEqual(maxBytes);
        },
      ),
      { numRuns: 40 },
    );
  });
});

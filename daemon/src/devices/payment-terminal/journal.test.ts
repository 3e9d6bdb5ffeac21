import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../test-helpers/fake-services.js';
import { TerminalJournal, type JournalEntry } from './journal.js';

/** The payment terminal's journal on disk: what a restart finds, and what it forgets. */

const entry = (transactionId: string): JournalEntry => ({
  transactionId,
  purpose: 'rental',
  amountCents: 5900,
  currency: 'USD',
  step: 'prepared',
  steps: [],
  used: false,
});

describe('the payment terminal journal', () => {
  it('keeps each step on disk, in order, and the entry in memory changes only once the disk has it', async () => {
    const dir = tempDir('journal-');
    let now = 1_000;
    const journal = new TerminalJournal(dir, () => now);
    await journal.open(() => {});
    const payment = entry('a1b2c3d4e5');
    const writing = journal.write(payment, 'prepared');
    expect(journal.get('a1b2c3d4e5')).toBeUndefined();
    await writing;
    now = 2_000;
    await journal.write(payment, 'sent');
    const onDisk = JSON.parse(readFileSync(join(dir, 'tp-a1b2c3d4e5.json'), 'utf8')) as JournalEntry;
    expect(onDisk.step).toBe('sent');
    expect(onDisk.steps).toEqual([
      { step: 'prepared', at: 1_000 },
      { step: 'sent', at: 2_000 },
    ]);
    const reopened = new TerminalJournal(dir);
    expect((await reopened.open(() => {})).map((found) => [found.transactionId, found.step])).toEqual([
      ['a1b2c3d4e5', 'sent'],
    ]);
  });

  it('sets aside a damaged file, forgets half-written ones and final entries older than a week', async () => {
    const dir = tempDir('journal-');
    let now = Date.UTC(2026, 10, 1);
    const journal = new TerminalJournal(dir, () => now);
    await journal.open(() => {});
    const old = entry('0000000001');
    await journal.write(old, 'final', { outcome: 'declined' });
    writeFileSync(join(dir, 'tp-0000000002.json'), '{"transactionId": "00000');
    writeFileSync(join(dir, 'tp-0000000003.json.tmp'), 'half');
    now += 8 * 86_400_000;
    const damaged: string[] = [];
    const reopened = new TerminalJournal(dir, () => now);
    expect(await reopened.open((file) => damaged.push(file))).toEqual([]);
    expect(damaged).toEqual(['tp-0000000002.json']);
    expect(existsSync(join(dir, 'tp-0000000001.json'))).toBe(false);
    expect(readdirSync(dir)).toEqual(['tp-0000000002.json.damaged']);
  });
});

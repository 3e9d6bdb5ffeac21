import { mkdir, readdir, readFile, rename, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { TerminalPaymentPurpose, TerminalProblem, TerminalReceipt, TerminalStage } from '@kiosk/shared-types';
import { syncDirectory, TEMP_SUFFIX, writeFileDurably } from '../../durable-file.js';

/**
 * The payment terminal's journal (docs/payment-terminal.md, "Exactly once"): one file per
 * transaction in the state directory, written durably (durable-file.ts) at each step, the first
 * time BEFORE the Payment request goes out. After a crash the daemon reads it to know, for each
 * payment, whether the request may have reached the terminal, and asks the terminal instead of
 * charging again. It holds what a receipt shows and never a card number, an expiry, a CVV or the
 * card-on-file token (the token goes from the answer to the operator's record in memory only).
 */

/**
 * prepared: written, not sent (the request never left: nothing was charged);
 * sent: the request may have reached the terminal (its outcome is asked with TransactionStatus);
 * approved: the terminal approved it (receipt kept), the operator not yet told;
 * recorded: the operator's record is in the outbox (durably);
 * final: nothing more happens (`outcome` says how it ended).
 */
export type JournalStep = 'prepared' | 'sent' | 'approved' | 'recorded' | 'final';

export interface JournalEntry {
  transactionId: string;
  purpose: TerminalPaymentPurpose;
  amountCents: number;
  currency: string;
  tenant?: string;
  spaceId?: string;
  step: JournalStep;
  /** Each step with its time (epoch ms), in order. */
  steps: Array<{ step: JournalStep; at: number }>;
  outcome?: TerminalStage;
  problem?: TerminalProblem;
  declineReason?: string;
  receipt?: TerminalReceipt;
  autopayEnrolled?: boolean;
  /** A purpose call (the rental, the bill) used this payment; it cannot pay for a second one. */
  used: boolean;
}

const FILE = /^(tp-[A-Za-z0-9]+)\.json$/;
/** Final entries are kept this long for the page to ask and support to read, then removed. */
const FINAL_KEPT_MS = 7 * 86_400_000;

export class TerminalJournal {
  private readonly entries = new Map<string, JournalEntry>();
  private writing: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly dir: string,
    private readonly now: () => number = Date.now,
  ) {}

  /** Read every entry; forget temporary files a crash left and final entries past their time. */
  async open(onDamaged: (file: string) => void): Promise<JournalEntry[]> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    for (const name of await readdir(this.dir)) {
      const path = join(this.dir, name);
      if (name.endsWith(TEMP_SUFFIX)) {
        await unlink(path).catch(() => {});
        continue;
      }
      const match = FILE.exec(name);
      if (!match) continue;
      try {
        const entry = JSON.parse(await readFile(path, 'utf8')) as JournalEntry;
        if (entry.transactionId !== match[1]!.slice(3) || !Array.isArray(entry.steps)) throw new Error('not an entry');
        const last = entry.steps.at(-1)?.at ?? 0;
        if (entry.step === 'final' && this.now() - last > FINAL_KEPT_MS) {
          await unlink(path);
          continue;
        }
        this.entries.set(entry.transactionId, entry);
      } catch {
        // Kept for support under another name, and never read again as a payment.
        await rename(path, `${path}.damaged`).catch(() => {});
        onDamaged(name);
      }
    }
    await syncDirectory(this.dir);
    return [...this.entries.values()];
  }

  get(transactionId: string): JournalEntry | undefined {
    return this.entries.get(transactionId);
  }

  all(): JournalEntry[] {
    return [...this.entries.values()];
  }

  /**
   * Write the entry at its new step (with the fields given), durably; the entry in memory, which
   * the page and the visit read, changes only once the disk has it.
   */
  async write(entry: JournalEntry, step: JournalStep, fields: Partial<JournalEntry> = {}): Promise<JournalEntry> {
    const next: JournalEntry = { ...entry, ...fields, step, steps: [...entry.steps, { step, at: this.now() }] };
    const bytes = Buffer.from(JSON.stringify(next));
    // One write at a time: two steps of one entry must land in their order.
    const done = this.writing.then(() => writeFileDurably(this.dir, `tp-${entry.transactionId}.json`, bytes));
    this.writing = done.catch(() => {});
    await done;
    Object.assign(entry, next);
    this.entries.set(entry.transactionId, entry);
    return entry;
  }

  /** Every write asked for is done. */
  idle(): Promise<unknown> {
    return this.writing;
  }
}

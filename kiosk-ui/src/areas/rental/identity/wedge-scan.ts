/**
 * A keyboard-wedge licence scanner types the barcode as a very fast burst of keys starting with the
 * AAMVA header '@' LF RS CR 'ANSI '. This watcher holds back a key burst that starts with '@' until
 * it knows: a scan is kept out of every field and handed over whole; anything else (a visitor typing
 * an e-mail address) is given back to the field it was meant for.
 *
 * Two more things a scanner does that a person does not:
 * - it may send a separator (RS) as text with no key behind it (`text()`): inside a held burst it
 *   is part of the scan, anywhere else a control character is dropped, so no field ever holds one;
 * - it types another kind of barcode (a product code, a QR code) at scanner speed, ended by Enter
 *   or Tab: those keys reach the field as they come, and once the run is seen to be a barcode
 *   (`MIN_BARCODE_LENGTH` keys, each within `SCANNER_KEY_GAP_MS` of the last, then Enter or Tab)
 *   `onForeignBarcode` puts the field back as it was before the burst's first key (`onRunStart`).
 *
 * The keys are timed when the page handles them, and a busy page (a re-render after the first key
 * reaches an empty field, a slow machine) handles a burst's keys with a gap in it. A gap of up to
 * `PAGE_STALL_MS` does not split a burst: the run before it still belongs to the burst when it came
 * at scanner speed (at least two keys) or when it is the burst's first key, after a quiet moment.
 * A person's typing (one key at a time, each well apart) never joins a burst.
 */
export const AAMVA_HEADER = '@\n\x1e\rANSI ';
/** Scanners type a key every few milliseconds; people are far slower. */
export const BURST_GAP_MS = 60;
/** The longest gap between two keys of one barcode typed by a scanner (people type ~100+ ms apart). */
export const SCANNER_KEY_GAP_MS = 50;
/** Fewer keys than this at scanner speed are not taken for a barcode. */
export const MIN_BARCODE_LENGTH = 6;
/** The longest gap a busy page may put inside a scanner's burst (a person's pause is longer than a key's gap). */
export const PAGE_STALL_MS = 400;

export interface WedgeKey {
  key: string;
  ctrlKey?: boolean;
  /** When the key went down (ms); without it the key is never counted as part of a barcode. */
  time?: number;
}

export interface WedgeScanCallbacks<Start = unknown> {
  /** A whole scan, rebuilt with the AAMVA separators. */
  onScan(data: string): void;
  /** Keys held back that were not a scan, to be typed where they were meant to go. */
  onRelease(text: string): void;
  /** A run of keys begins, before its first key reaches the field: the field as it is, to be given back. */
  onRunStart?(): Start;
  /** The burst was a barcode that is not a licence: put the field back as `start` (before its first key) has it. */
  onForeignBarcode?(start: Start | undefined): void;
  setTimer(run: () => void, ms: number): unknown;
  clearTimer(timer: unknown): void;
}

/** The header as keys arrive: Enter for LF and CR; RS arrives as a control key (or not at all). */
const RS = String.fromCharCode(0x1e);
const HEADER_KEYS = new RegExp(`^@(?:\\n|${RS})*(?:A(?:N(?:S(?:I(?: .*)?)?)?)?)?$`, 's');
const WHOLE_HEADER = new RegExp(`^@(?:\\n|${RS})*ANSI (.*)$`, 's');

function charOf(event: WedgeKey): string | undefined {
  if (event.key === 'Enter') return '\n';
  if (event.ctrlKey || event.key === 'Unidentified') return RS;
  return event.key.length === 1 ? event.key : undefined;
}

/** Holds a control character (C0 or DEL) other than tab, LF and CR: never part of what a visitor types. */
function hasControlCharacter(text: string): boolean {
  return [...text].some((char) => {
    const code = char.charCodeAt(0);
    return (code < 0x20 && char !== '\t' && char !== '\n' && char !== '\r') || code === 0x7f;
  });
}

/** Keys that came one within SCANNER_KEY_GAP_MS of the other, and the field as it was before them. */
interface Run<Start> {
  start: Start | undefined;
  keys: number;
  last: number;
  /** How long after the run before it this one began (infinite for the first). */
  gapBefore: number;
}

/** Runs kept to judge a burst: more stalls than this in one barcode are not looked back over. */
const RUNS_KEPT = 8;

export class WedgeScanWatcher<Start = unknown> {
  private buffer = '';
  private timer: unknown;
  /** The latest runs of printable keys, oldest first. */
  private runs: Run<Start>[] = [];

  constructor(private readonly callbacks: WedgeScanCallbacks<Start>) {}

  /** A key went down; true when it is held back (the caller prevents its default). */
  key(event: WedgeKey): boolean {
    const char = charOf(event);
    if (this.countRun(event, char)) return true;
    if (char === undefined) return this.buffer !== '';
    if (this.buffer === '' && char !== '@') return false;
    return this.hold(char);
  }

  /**
   * Text that arrives with no key behind it (a beforeinput's data); true when it is kept out of
   * the field: inside a held burst it joins the burst, elsewhere a control character is dropped.
   */
  text(data: string): boolean {
    if (this.buffer === '') return hasControlCharacter(data);
    for (const char of data) this.hold(char === '\r' ? '\n' : char);
    return true;
  }

  /**
   * Counts the runs of keys (modifier keys such as Shift do not count and do not break one); true
   * when this key, Enter or Tab, ends a burst that was a barcode and not a held licence scan.
   */
  private countRun(event: WedgeKey, char: string | undefined): boolean {
    if (event.time === undefined) return false;
    const current = this.runs.at(-1);
    const gap = current === undefined ? Number.POSITIVE_INFINITY : event.time - current.last;
    const ender = event.key === 'Enter' || event.key === 'Tab';
    if (ender && this.buffer === '') {
      const burst = this.burst();
      const barcode = gap <= PAGE_STALL_MS && burst.keys >= MIN_BARCODE_LENGTH;
      this.runs = [];
      if (barcode) this.callbacks.onForeignBarcode?.(burst.start);
      return barcode;
    }
    if (char === undefined) return false;
    if (current !== undefined && gap <= SCANNER_KEY_GAP_MS) {
      current.keys += 1;
      current.last = event.time;
      return false;
    }
    const start = this.buffer === '' ? this.callbacks.onRunStart?.() : undefined;
    this.runs.push({ start, keys: 1, last: event.time, gapBefore: gap });
    if (this.runs.length > RUNS_KEPT) this.runs.shift();
    return false;
  }

  /**
   * The burst the latest run ends: the runs before it joined across gaps a busy page makes, back to
   * its first key. How many keys it holds and the field as it was before them.
   */
  private burst(): { keys: number; start: Start | undefined } {
    let index = this.runs.length - 1;
    const last = this.runs[index];
    if (last === undefined) return { keys: 0, start: undefined };
    let keys = last.keys;
    // A run of one key is a person's (or too short to tell): nothing before it is looked at.
    if (last.keys >= 2) {
      while (index > 0 && this.runs[index]!.gapBefore <= PAGE_STALL_MS) {
        const before = this.runs[index - 1]!;
        // The burst's first run, after a quiet moment: its first key may be alone before the page's stall.
        const first = before.gapBefore > PAGE_STALL_MS;
        if (before.keys < 2 && !first) break;
        keys += before.keys;
        index -= 1;
        if (first) break;
      }
    }
    return { keys, start: this.runs[index]!.start };
  }

  private hold(char: string): boolean {
    this.buffer += char;
    if (!HEADER_KEYS.test(this.buffer)) {
      this.release();
      return true;
    }
    this.restartTimer();
    return true;
  }

  private restartTimer(): void {
    if (this.timer !== undefined) this.callbacks.clearTimer(this.timer);
    this.timer = this.callbacks.setTimer(() => this.end(), BURST_GAP_MS);
  }

  /** The burst ended: a scan when the whole header came, else the keys go back. */
  private end(): void {
    this.timer = undefined;
    const match = WHOLE_HEADER.exec(this.buffer);
    if (!match) {
      this.release();
      return;
    }
    this.buffer = '';
    this.callbacks.onScan(`${AAMVA_HEADER}${match[1]!.replace(/\n+$/, '\r')}`);
  }

  private release(): void {
    if (this.timer !== undefined) this.callbacks.clearTimer(this.timer);
    this.timer = undefined;
    const text = this.buffer.replaceAll('\n', '').replaceAll(RS, '');
    this.buffer = '';
    this.callbacks.onRelease(text);
  }
}

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
 *   `onForeignBarcode` puts the field back as it was when the run began (`onRunStart`).
 */
export const AAMVA_HEADER = '@\n\x1e\rANSI ';
/** Scanners type a key every few milliseconds; people are far slower. */
export const BURST_GAP_MS = 60;
/** The longest gap between two keys of one barcode typed by a scanner (people type ~100+ ms apart). */
export const SCANNER_KEY_GAP_MS = 50;
/** Fewer keys than this at scanner speed are not taken for a barcode. */
export const MIN_BARCODE_LENGTH = 6;

export interface WedgeKey {
  key: string;
  ctrlKey?: boolean;
  /** When the key went down (ms); without it the key is never counted as part of a barcode. */
  time?: number;
}

export interface WedgeScanCallbacks {
  /** A whole scan, rebuilt with the AAMVA separators. */
  onScan(data: string): void;
  /** Keys held back that were not a scan, to be typed where they were meant to go. */
  onRelease(text: string): void;
  /** A run of keys begins, before its first key reaches the field: remember the field as it is. */
  onRunStart?(): void;
  /** The run was a barcode that is not a licence: put the field back as it was at the run's start. */
  onForeignBarcode?(): void;
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

export class WedgeScanWatcher {
  private buffer = '';
  private timer: unknown;
  /** The current run of keys: how many printable keys came at scanner speed, and when the last did. */
  private run = { count: 0, last: Number.NEGATIVE_INFINITY };

  constructor(private readonly callbacks: WedgeScanCallbacks) {}

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
   * Counts the run of keys (modifier keys such as Shift do not count and do not break it); true
   * when this key, Enter or Tab, ends a run that was a barcode and not a held licence scan.
   */
  private countRun(event: WedgeKey, char: string | undefined): boolean {
    if (event.time === undefined) return false;
    const fast = event.time - this.run.last <= SCANNER_KEY_GAP_MS;
    const ender = event.key === 'Enter' || event.key === 'Tab';
    if (ender && this.buffer === '') {
      const barcode = fast && this.run.count >= MIN_BARCODE_LENGTH;
      this.run = { count: 0, last: Number.NEGATIVE_INFINITY };
      if (barcode) this.callbacks.onForeignBarcode?.();
      return barcode;
    }
    if (char === undefined) return false;
    if (!fast) {
      this.run.count = 0;
      if (this.buffer === '') this.callbacks.onRunStart?.();
    }
    this.run.count += 1;
    this.run.last = event.time;
    return false;
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

/**
 * A keyboard-wedge licence scanner types the barcode as a very fast burst of keys starting with the
 * AAMVA header '@' LF RS CR 'ANSI '. This watcher holds back a key burst that starts with '@' until
 * it knows: a scan is kept out of every field and handed over whole; anything else (a visitor typing
 * an e-mail address) is given back to the field it was meant for.
 */
export const AAMVA_HEADER = '@\n\x1e\rANSI ';
/** Scanners type a key every few milliseconds; people are far slower. */
export const BURST_GAP_MS = 60;

export interface WedgeKey {
  key: string;
  ctrlKey?: boolean;
}

export interface WedgeScanCallbacks {
  /** A whole scan, rebuilt with the AAMVA separators. */
  onScan(data: string): void;
  /** Keys held back that were not a scan, to be typed where they were meant to go. */
  onRelease(text: string): void;
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

export class WedgeScanWatcher {
  private buffer = '';
  private timer: unknown;

  constructor(private readonly callbacks: WedgeScanCallbacks) {}

  /** A key went down; true when it is held back (the caller prevents its default). */
  key(event: WedgeKey): boolean {
    const char = charOf(event);
    if (char === undefined) return this.buffer !== '';
    if (this.buffer === '' && char !== '@') return false;
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

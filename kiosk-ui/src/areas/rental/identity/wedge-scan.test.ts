import { describe, expect, it } from 'vitest';
import { WedgeScanWatcher, type WedgeKey } from './wedge-scan';

/** A watcher with a hand-driven clock: `pause()` lets the burst gap pass. */
function watcher() {
  const scans: string[] = [];
  const released: string[] = [];
  const events: string[] = [];
  let pending: (() => void) | undefined;
  const watch = new WedgeScanWatcher({
    onScan: (data) => scans.push(data),
    onRelease: (text) => released.push(text),
    onRunStart: () => events.push('run-start'),
    onForeignBarcode: () => events.push('foreign-barcode'),
    setTimer: (run) => (pending = run),
    clearTimer: () => (pending = undefined),
  });
  const type = (keys: (string | WedgeKey)[]) => keys.map((key) => watch.key(typeof key === 'string' ? { key } : key));
  const pause = () => {
    const run = pending;
    pending = undefined;
    run?.();
  };
  /** Keys `gap` ms apart, as a scanner (10 ms) or a person (150 ms) types them. */
  const typeTimed = (keys: string[], gap: number, from = 1000) =>
    keys.map((key, index) => watch.key({ key, time: from + index * gap }));
  return { scans, released, events, type, typeTimed, pause, watch };
}

const chars = (text: string) => [...text].map((char) => (char === '\n' ? 'Enter' : char));

describe('keyboard-wedge licence scans', () => {
  it('a burst starting with the AAMVA header is held back from the fields and handed over whole', () => {
    const { scans, released, type, pause } = watcher();
    const held = type([
      '@',
      'Enter',
      { key: '^', ctrlKey: true },
      'Enter',
      ...chars('ANSI 636035100001DL00410278ZIL'),
      'Enter',
      ...chars('DCSTENANT'),
      'Enter',
    ]);
    expect(held.every(Boolean)).toBe(true);
    pause();
    expect(scans).toEqual(['@\n\x1e\rANSI 636035100001DL00410278ZIL\nDCSTENANT\r']);
    expect(released).toEqual([]);
  });

  it('a scanner that drops the record separator is still recognised', () => {
    const { scans, type, pause } = watcher();
    type(['@', 'Enter', 'Enter', ...chars('ANSI 6360'), 'Enter']);
    pause();
    expect(scans).toEqual(['@\n\x1e\rANSI 6360\r']);
  });

  it('an @ typed by a visitor goes back to the field, alone or with what followed fast', () => {
    const { scans, released, type, pause } = watcher();
    expect(type(['j', 'a', 'n', 'e'])).toEqual([false, false, false, false]);
    expect(type(['@'])).toEqual([true]);
    pause();
    expect(released).toEqual(['@']);
    type(['@', 'g', 'm']);
    expect(released).toEqual(['@', '@g']);
    expect(type(['m'])).toEqual([false]);
    expect(scans).toEqual([]);
  });

  it('a header that stops short is not a scan', () => {
    const { scans, released, type, pause } = watcher();
    type(['@', 'Enter', ...chars('ANS')]);
    pause();
    expect(scans).toEqual([]);
    expect(released).toEqual(['@ANS']);
  });
});

describe('what a wedge scanner types besides a licence', () => {
  it('a separator sent as text with no key is part of the held scan, never the field’s', () => {
    const { scans, released, type, pause, watch } = watcher();
    type(['@', 'Enter']);
    expect(watch.text('\x1e')).toBe(true);
    type(['Enter', ...chars('ANSI 6360'), 'Enter']);
    pause();
    expect(scans).toEqual(['@\n\x1e\rANSI 6360\r']);
    expect(released).toEqual([]);
  });

  it('drops a control character sent as text outside a scan, and lets ordinary text through', () => {
    const { watch } = watcher();
    expect(watch.text('\x1e')).toBe(true);
    expect(watch.text('\x1d')).toBe(true);
    expect(watch.text('ñ')).toBe(false);
    expect(watch.text('Jane')).toBe(false);
  });

  it('a product barcode typed at scanner speed and ended by Enter is taken back out of the field', () => {
    const { events, typeTimed, scans } = watcher();
    const held = typeTimed([...chars('036000291452'), 'Enter'], 10);
    // Its keys reach the field as they come; the Enter that ends it does not.
    expect(held).toEqual([...Array<boolean>(12).fill(false), true]);
    expect(events).toEqual(['run-start', 'foreign-barcode']);
    expect(scans).toEqual([]);
  });

  it('Shift keys inside a scanned run do not break it', () => {
    const { events, typeTimed } = watcher();
    typeTimed(['Shift', 'A', 'B', 'Shift', 'C', '1', '2', '3', 'Enter'], 8);
    expect(events).toEqual(['run-start', 'foreign-barcode']);
  });

  it('a person typing and pressing Enter, or a short fast run, is left alone', () => {
    const { events, typeTimed } = watcher();
    expect(typeTimed([...chars('0360002914'), 'Enter'], 150)).not.toContain(true);
    expect(events.filter((event) => event === 'foreign-barcode')).toEqual([]);
    expect(typeTimed([...chars('12345'), 'Enter'], 10, 10_000)).not.toContain(true);
    expect(events.filter((event) => event === 'foreign-barcode')).toEqual([]);
  });

  it('a barcode that holds an @ still comes out whole', () => {
    const { events, released, typeTimed } = watcher();
    typeTimed([...chars('MAILTO:A@B.EXAMPLE'), 'Enter'], 10);
    expect(released).toEqual(['@B']);
    expect(events).toEqual(['run-start', 'foreign-barcode']);
  });
});

describe('a barcode typed while the page is busy', () => {
  /** A watcher whose run starts are numbered: `starts[n]` is the field before the n-th run's first key. */
  function numbered() {
    let runs = 0;
    const restored: (number | undefined)[] = [];
    const watch = new WedgeScanWatcher<number>({
      onScan: () => undefined,
      onRelease: () => undefined,
      onRunStart: () => (runs += 1),
      onForeignBarcode: (start) => restored.push(start),
      setTimer: () => undefined,
      clearTimer: () => undefined,
    });
    /** Keys at the given times (ms). */
    const at = (keys: string[], times: number[]) => keys.map((key, index) => watch.key({ key, time: times[index]! }));
    return { restored, at };
  }
  const times = (from: number, count: number, gap = 8) =>
    Array.from({ length: count }, (_, index) => from + index * gap);

  it('a stall inside the burst does not split it: the field goes back to before its first key', () => {
    const { restored, at } = numbered();
    // "HELLO THI", the page busy for 150 ms, then "S IS A QR CODE" and Enter.
    at(chars('HELLO THI'), times(1000, 9));
    const held = at([...chars('S IS A QR CODE'), 'Enter'], times(1214, 15));
    expect(held.at(-1)).toBe(true);
    expect(restored).toEqual([1]);
  });

  it('a stall after the first key (a re-render of the field it reached): the first key comes out too', () => {
    const { restored, at } = numbered();
    at(['H'], [1000]);
    at([...chars('ELLO THERE'), 'Enter'], times(1180, 11));
    expect(restored).toEqual([1]);
  });

  it('a stall before the Enter that ends it still ends a barcode', () => {
    const { restored, at } = numbered();
    at(chars('036000291452'), times(1000, 12));
    expect(at(['Enter'], [1400])).toEqual([true]);
    expect(restored).toEqual([1]);
  });

  it('what a person typed before the scan stays: only the burst comes out', () => {
    const { restored, at } = numbered();
    // "jane" a key at a time, then the scanner 200 ms later.
    at(chars('jane'), [1000, 1150, 1300, 1450]);
    at([...chars('036000291452'), 'Enter'], times(1650, 13));
    expect(restored).toEqual([5]);
  });

  it('a person who pauses and goes on typing is never taken for a barcode', () => {
    const { restored, at } = numbered();
    at([...chars('jane'), 'Enter'], [1000, 1150, 1300, 1450, 1600]);
    at([...chars('ab'), 'Enter'], [2000, 2030, 2300]);
    expect(restored).toEqual([]);
  });
});

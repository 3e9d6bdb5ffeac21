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

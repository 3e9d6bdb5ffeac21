import { describe, expect, it } from 'vitest';
import { WedgeScanWatcher, type WedgeKey } from './wedge-scan';

/** A watcher with a hand-driven clock: `pause()` lets the burst gap pass. */
function watcher() {
  const scans: string[] = [];
  const released: string[] = [];
  let pending: (() => void) | undefined;
  const watch = new WedgeScanWatcher({
    onScan: (data) => scans.push(data),
    onRelease: (text) => released.push(text),
    setTimer: (run) => (pending = run),
    clearTimer: () => (pending = undefined),
  });
  const type = (keys: (string | WedgeKey)[]) => keys.map((key) => watch.key(typeof key === 'string' ? { key } : key));
  const pause = () => {
    const run = pending;
    pending = undefined;
    run?.();
  };
  return { scans, released, type, pause };
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

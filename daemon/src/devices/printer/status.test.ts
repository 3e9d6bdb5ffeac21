import { describe, expect, it } from 'vitest';
import { readStatus, statusBytesFor } from './status.js';

const healthy = { printer: 0x16, offline: 0x12, paper: 0x12 };

describe('reading the DLE EOT status bytes', () => {
  it('online with paper is ok; paper near end is paper-low', () => {
    expect(readStatus(healthy)).toBe('ok');
    expect(readStatus({ ...healthy, paper: 0x1e })).toBe('paper-low');
  });

  it('paper end (n=4 bits 5-6, or n=2 bit 5) is paper-out, even when near-end is also on', () => {
    expect(readStatus({ printer: 0x1e, offline: 0x32, paper: 0x7e })).toBe('paper-out');
    expect(readStatus({ ...healthy, paper: 0x72 })).toBe('paper-out');
  });

  it('an open cover and other offline causes', () => {
    expect(readStatus({ printer: 0x1e, offline: 0x16, paper: 0x12 })).toBe('cover-open');
    expect(readStatus({ printer: 0x1e, offline: 0x12, paper: 0x12 })).toBe('offline');
    expect(readStatus({ printer: 0x16, offline: 0x52, paper: 0x12 })).toBe('offline');
  });

  it('a byte without the fixed bits is not a status answer', () => {
    expect(readStatus({ ...healthy, printer: 0x41 })).toBe('unreachable');
  });

  it('the simulator answers what the reader reads', () => {
    const off = { paperOut: false, paperLow: false, coverOpen: false, offline: false };
    expect(readStatus(statusBytesFor(off))).toBe('ok');
    expect(readStatus(statusBytesFor({ ...off, paperLow: true }))).toBe('paper-low');
    expect(readStatus(statusBytesFor({ ...off, paperOut: true }))).toBe('paper-out');
    expect(readStatus(statusBytesFor({ ...off, coverOpen: true }))).toBe('cover-open');
    expect(readStatus(statusBytesFor({ ...off, offline: true }))).toBe('offline');
  });
});

import type { PrinterState } from '@kiosk/shared-types';

/**
 * ESC/POS real-time status (DLE EOT n, docs/printer.md). The printer answers each request with one
 * byte at once, even while it is offline; bits 1 and 4 are always on and bits 0 and 7 always off,
 * which tells a status byte from anything else.
 */
export const DLE_EOT = [0x10, 0x04] as const;

/** The three requests, in the order they are asked. */
export const STATUS_REQUESTS = { printer: 1, offline: 2, paper: 4 } as const;

const FIXED_MASK = 0x93;
const FIXED_BITS = 0x12;
/** n=1, bit 3: the printer is offline. */
const OFFLINE = 0x08;
/** n=2, bit 2: the cover is open; bit 5: printing stopped at a paper end; bit 6: an error. */
const COVER_OPEN = 0x04;
const PAPER_END_STOP = 0x20;
const ERROR = 0x40;
/** n=4, bits 2-3: paper near end; bits 5-6: paper not present. */
const NEAR_END = 0x0c;
const PAPER_OUT = 0x60;

export interface StatusBytes {
  printer: number;
  offline: number;
  paper: number;
}

export function isStatusByte(value: number): boolean {
  return (value & FIXED_MASK) === FIXED_BITS;
}

/** The printer's state from its three status bytes; a byte that is not a status byte is a fault. */
export function readStatus(bytes: StatusBytes): PrinterState {
  if (![bytes.printer, bytes.offline, bytes.paper].every(isStatusByte)) return 'unreachable';
  if ((bytes.paper & PAPER_OUT) !== 0 || (bytes.offline & PAPER_END_STOP) !== 0) return 'paper-out';
  if ((bytes.offline & COVER_OPEN) !== 0) return 'cover-open';
  if ((bytes.printer & OFFLINE) !== 0 || (bytes.offline & ERROR) !== 0) return 'offline';
  if ((bytes.paper & NEAR_END) !== 0) return 'paper-low';
  return 'ok';
}

/** The bytes a printer in this state answers (the simulator's side of readStatus). */
export function statusBytesFor(state: {
  paperOut: boolean;
  paperLow: boolean;
  coverOpen: boolean;
  offline: boolean;
}): StatusBytes {
  const offline = state.paperOut || state.coverOpen || state.offline;
  return {
    printer: FIXED_BITS | (offline ? OFFLINE : 0),
    offline:
      FIXED_BITS |
      (state.coverOpen ? COVER_OPEN : 0) |
      (state.paperOut ? PAPER_END_STOP : 0) |
      (state.offline && !state.coverOpen && !state.paperOut ? ERROR : 0),
    paper: FIXED_BITS | (state.paperOut ? PAPER_OUT | NEAR_END : state.paperLow ? NEAR_END : 0),
  };
}

/**
 * The volume of speech and of the idle tone (docs/accessibility.md, "Volume"): the 16-bit PCM
 * samples of the WAV the player is given are multiplied by the level's gain, so a level is an
 * exact number of decibels on any sound card, with no mixer to find. The header goes through as
 * it came (espeak-ng streams one with an unknown length); a sample that would pass full scale is
 * held at it. A WAV in another format goes through unchanged.
 */

/** The format of the WAV's samples, once its header has been read. */
export interface WavFormat {
  /** 16-bit PCM: the gain applies, and playback can resume part-way. */
  pcm16: boolean;
  /** Bytes a second and bytes a frame (all channels' samples at one instant). */
  byteRate: number;
  blockAlign: number;
}

/** A WAV as it streams: its header (once read) and the sample bytes after it, frame-aligned. */
export interface WavPiece {
  header?: Buffer;
  samples: Buffer;
}

/** The multiplier of a gain in decibels: -6 dB is 0.501, -12 dB 0.251. */
export function gainFactor(db: number): number {
  return 10 ** (db / 20);
}

/** 16-bit little-endian samples multiplied by `factor`, rounded, held at full scale. */
export function scaleSamples(samples: Buffer, factor: number): Buffer {
  if (factor === 1) return samples;
  const out = Buffer.allocUnsafe(samples.length - (samples.length % 2));
  for (let at = 0; at + 1 < samples.length; at += 2) {
    const scaled = Math.round(samples.readInt16LE(at) * factor);
    out.writeInt16LE(Math.max(-32_768, Math.min(32_767, scaled)), at);
  }
  return out;
}

/** The longest header looked for (RIFF, fmt and any chunks before data); past it the bytes are not a WAV this reads. */
const MAX_HEADER = 4096;

/**
 * Splits a WAV stream into its header and its samples, chunk by chunk: `push` answers what it can
 * hand on so far (a sample split across two chunks waits for its second byte). `format()` is known
 * once the header has been read; a stream that is not a RIFF WAVE is handed on as samples, with
 * `pcm16` false.
 */
export function wavSplitter(): { push(chunk: Buffer): WavPiece; format(): WavFormat | undefined } {
  let pending: Buffer = Buffer.alloc(0);
  let format: WavFormat | undefined;
  return {
    format: () => format,
    push(chunk) {
      pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
      let header: Buffer | undefined;
      if (format === undefined) {
        const read = readHeader(pending);
        if (read === 'more') return { samples: Buffer.alloc(0) };
        if (read === 'not-wav') {
          format = { pcm16: false, byteRate: 0, blockAlign: 1 };
        } else {
          format = read.format;
          header = pending.subarray(0, read.length);
          pending = pending.subarray(read.length);
        }
      }
      const whole = pending.length - (pending.length % format.blockAlign);
      const samples = pending.subarray(0, whole);
      pending = pending.subarray(whole);
      return header === undefined ? { samples } : { header, samples };
    },
  };
}

function readHeader(bytes: Buffer): 'more' | 'not-wav' | { length: number; format: WavFormat } {
  if (bytes.length < 12) return 'more';
  if (bytes.toString('ascii', 0, 4) !== 'RIFF' || bytes.toString('ascii', 8, 12) !== 'WAVE') return 'not-wav';
  let at = 12;
  let format: WavFormat | undefined;
  while (at + 8 <= Math.min(bytes.length, MAX_HEADER)) {
    const id = bytes.toString('ascii', at, at + 4);
    const size = bytes.readUInt32LE(at + 4);
    if (id === 'data') {
      return { length: at + 8, format: format ?? { pcm16: false, byteRate: 0, blockAlign: 1 } };
    }
    if (at + 8 + size > bytes.length) return bytes.length >= MAX_HEADER ? 'not-wav' : 'more';
    if (id === 'fmt ' && size >= 16) {
      const audioFormat = bytes.readUInt16LE(at + 8);
      const blockAlign = bytes.readUInt16LE(at + 20);
      const bits = bytes.readUInt16LE(at + 22);
      format = { pcm16: audioFormat === 1 && bits === 16, byteRate: bytes.readUInt32LE(at + 16), blockAlign };
    }
    at += 8 + size + (size % 2);
  }
  return bytes.length >= MAX_HEADER ? 'not-wav' : 'more';
}

/** A whole WAV at a gain (the idle tone): the header kept, the samples scaled. */
export function scaleWav(wav: Buffer, factor: number): Buffer {
  const splitter = wavSplitter();
  const { header, samples } = splitter.push(wav);
  if (header === undefined || !splitter.format()?.pcm16) return wav;
  return Buffer.concat([header, scaleSamples(samples, factor)]);
}

/** A header like `header` for `dataBytes` of samples (a WAV that resumes part-way). */
export function headerFor(header: Buffer, dataBytes: number): Buffer {
  const out = Buffer.from(header);
  out.writeUInt32LE(out.length - 8 + dataBytes, 4);
  out.writeUInt32LE(dataBytes, out.length - 4);
  return out;
}

/** How quiet, and for how long, a gap between words is. */
const QUIET = 600;
const GAP_MS = 120;
/** How far back a resume may look for the gap before the word that was cut. */
const LOOK_BACK_MS = 2500;
/** Without a gap, how far back a resume starts. */
const FALLBACK_MS = 700;

/**
 * Where to resume an utterance stopped after `playedMs`: at the start of the last quiet gap
 * before that point (the word that was cut is said again whole), looking back at most 2.5 s, else
 * 0.7 s back. A frame-aligned byte offset into the samples.
 */
export function resumeOffset(samples: Buffer, format: WavFormat, playedMs: number): number {
  const { byteRate, blockAlign } = format;
  const align = (bytes: number) => Math.max(0, Math.min(samples.length, bytes - (bytes % blockAlign)));
  const at = align(Math.round((playedMs / 1000) * byteRate));
  if (at >= samples.length) return samples.length;
  const gapFrames = Math.round((GAP_MS / 1000) * (byteRate / blockAlign));
  const earliest = align(at - Math.round((LOOK_BACK_MS / 1000) * byteRate));
  let quiet = 0;
  for (let offset = at - blockAlign; offset >= earliest; offset -= blockAlign) {
    if (Math.abs(samples.readInt16LE(offset)) < QUIET) {
      quiet += 1;
      // A gap long enough: resume where it ends, as the word that was cut starts.
      if (quiet >= gapFrames) return align(offset + quiet * blockAlign);
    } else {
      quiet = 0;
    }
  }
  return align(at - Math.round((FALLBACK_MS / 1000) * byteRate));
}

import { describe, expect, it } from 'vitest';
import { toneWav } from './tone.js';
import { gainFactor, headerFor, resumeOffset, scaleSamples, scaleWav, wavSplitter } from './wav-gain.js';

/** RMS level of 16-bit samples in dB below full scale. */
function rmsDb(samples: Buffer): number {
  let sum = 0;
  for (let at = 0; at + 1 < samples.length; at += 2) sum += samples.readInt16LE(at) ** 2;
  return 20 * Math.log10(Math.sqrt(sum / (samples.length / 2)) / 32_768);
}

function pcm(values: number[]): Buffer {
  const out = Buffer.alloc(values.length * 2);
  values.forEach((value, index) => out.writeInt16LE(value, index * 2));
  return out;
}

describe('volume gain on the WAV', () => {
  it('multiplies each sample by the exact gain: -6 dB and -12 dB measure as such', () => {
    const tone = toneWav();
    const samples = tone.subarray(44);
    for (const db of [-6, -12, -18, -24]) {
      const scaled = scaleWav(tone, gainFactor(db));
      expect(rmsDb(scaled.subarray(44)) - rmsDb(samples)).toBeCloseTo(db, 1);
    }
    expect(gainFactor(0)).toBe(1);
    expect(gainFactor(-6)).toBeCloseTo(0.501, 3);
  });

  it('keeps the header byte for byte, and holds samples at full scale instead of wrapping', () => {
    const tone = toneWav();
    const louder = scaleWav(tone, gainFactor(12));
    expect(louder.subarray(0, 44)).toEqual(tone.subarray(0, 44));
    expect(louder.length).toBe(tone.length);
    expect(scaleSamples(pcm([30_000, -30_000, 100, -1]), 2)).toEqual(pcm([32_767, -32_768, 200, -2]));
  });

  it('reads a streamed WAV split anywhere, its header once, samples frame-aligned', () => {
    // espeak-ng's streamed header says an unknown length (0x7ffff000): the gain does not care.
    const wav = Buffer.from(toneWav());
    wav.writeUInt32LE(0x7ffff000, 40);
    const splitter = wavSplitter();
    const pieces = [wav.subarray(0, 7), wav.subarray(7, 45), wav.subarray(45, 1001), wav.subarray(1001)].map((chunk) =>
      splitter.push(chunk),
    );
    expect(pieces[0]).toEqual({ samples: Buffer.alloc(0) });
    expect(pieces[1]!.header).toEqual(wav.subarray(0, 44));
    expect(pieces.filter((piece) => piece.header !== undefined)).toHaveLength(1);
    expect(pieces.every((piece) => piece.samples.length % 2 === 0)).toBe(true);
    expect(Buffer.concat(pieces.map((piece) => piece.samples))).toEqual(wav.subarray(44));
    expect(splitter.format()).toEqual({ pcm16: true, byteRate: 44_100, blockAlign: 2 });
  });

  it('passes what is not a 16-bit PCM WAV through unchanged', () => {
    const notWav = Buffer.from('this is not a wav file at all');
    const splitter = wavSplitter();
    expect(splitter.push(notWav).samples.toString()).toBe(notWav.toString());
    expect(splitter.format()?.pcm16).toBe(false);
    expect(scaleWav(notWav, 0.5)).toBe(notWav);
  });

  it('writes the header of a WAV that resumes part-way with its new length', () => {
    const header = headerFor(toneWav().subarray(0, 44), 1000);
    expect(header.readUInt32LE(4)).toBe(1036);
    expect(header.readUInt32LE(40)).toBe(1000);
  });
});

describe('where a paused utterance resumes', () => {
  const format = { pcm16: true, byteRate: 2000, blockAlign: 2 };
  // 1000 frames a second: a word (loud) 0-0.8 s, a gap 0.8-1.0 s, a word 1.0-2.0 s.
  const samples = pcm(Array.from({ length: 2000 }, (_, frame) => (frame >= 800 && frame < 1000 ? 0 : 8000)));

  it('goes back to the gap before the word that was cut', () => {
    expect(resumeOffset(samples, format, 1500)).toBe(1000 * 2);
  });

  it('without a gap near, goes back 0.7 s; never before the start nor past the end', () => {
    const speech = pcm(Array.from({ length: 4000 }, () => 8000));
    expect(resumeOffset(speech, format, 3000)).toBe(2300 * 2);
    expect(resumeOffset(speech, format, 200)).toBe(0);
    expect(resumeOffset(speech, format, 9000)).toBe(speech.length);
  });
});

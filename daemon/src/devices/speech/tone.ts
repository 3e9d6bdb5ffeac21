/**
 * The idle warning's tone, made in code (no asset to ship or lose): two short notes falling a
 * fourth, as a 16-bit mono PCM WAV. Each note fades in and out so the speaker does not click.
 */
export interface Note {
  frequency: number;
  ms: number;
}

export const IDLE_WARNING_TONE: readonly Note[] = [
  { frequency: 880, ms: 180 },
  { frequency: 0, ms: 60 },
  { frequency: 660, ms: 260 },
];

const SAMPLE_RATE = 22_050;
const FADE_MS = 12;
const VOLUME = 0.5;

export function toneWav(notes: readonly Note[] = IDLE_WARNING_TONE, sampleRate = SAMPLE_RATE): Buffer {
  const counts = notes.map((note) => Math.round((note.ms / 1000) * sampleRate));
  const total = counts.reduce((sum, count) => sum + count, 0);
  const wav = Buffer.alloc(44 + total * 2);
  writeHeader(wav, sampleRate, total * 2);
  const fade = Math.round((FADE_MS / 1000) * sampleRate);
  let at = 44;
  notes.forEach((note, index) => {
    const count = counts[index]!;
    for (let i = 0; i < count; i += 1) {
      const envelope = Math.min(1, i / fade, (count - 1 - i) / fade);
      const sample = note.frequency === 0 ? 0 : Math.sin((2 * Math.PI * note.frequency * i) / sampleRate);
      wav.writeInt16LE(Math.round(sample * envelope * VOLUME * 32_767), at);
      at += 2;
    }
  });
  return wav;
}

function writeHeader(wav: Buffer, sampleRate: number, dataBytes: number): void {
  wav.write('RIFF', 0, 'ascii');
  wav.writeUInt32LE(36 + dataBytes, 4);
  wav.write('WAVE', 8, 'ascii');
  wav.write('fmt ', 12, 'ascii');
  wav.writeUInt32LE(16, 16); // fmt chunk size
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(sampleRate, 24);
  wav.writeUInt32LE(sampleRate * 2, 28); // bytes per second
  wav.writeUInt16LE(2, 32); // bytes per frame
  wav.writeUInt16LE(16, 34); // bits per sample
  wav.write('data', 36, 'ascii');
  wav.writeUInt32LE(dataBytes, 40);
}

/** Whether bytes start like a RIFF/WAVE file with sound after its header. */
export function isWav(bytes: Buffer): boolean {
  return bytes.length > 44 && bytes.toString('ascii', 0, 4) === 'RIFF' && bytes.toString('ascii', 8, 12) === 'WAVE';
}

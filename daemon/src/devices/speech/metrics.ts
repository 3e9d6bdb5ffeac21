import { Counter, Gauge, type Registry } from 'prom-client';

/** Speech output's metrics (docs/accessibility.md, "Speech"). */
export interface SpeechMetrics {
  /** A sound ended: an utterance or the idle warning's tone, played, interrupted or failed. */
  sound(kind: 'speech' | 'tone', outcome: 'played' | 'interrupted' | 'failed'): void;
}

/** `available` is asked at each scrape: whether espeak-ng and the play command are installed. */
export function speechMetrics(registry: Registry, available: () => boolean): SpeechMetrics {
  const registers = [registry];
  const sounds = new Counter({
    name: 'kiosk_speech_sounds_total',
    help: 'Utterances and idle-warning tones by how they ended: played, interrupted, failed',
    labelNames: ['kind', 'outcome'],
    registers,
  });
  for (const kind of ['speech', 'tone'])
    for (const outcome of ['played', 'interrupted', 'failed']) sounds.inc({ kind, outcome }, 0);
  new Gauge({
    name: 'kiosk_speech_up',
    help: '1 when the kiosk can speak (espeak-ng and the play command are installed), 0 otherwise',
    registers,
    collect() {
      this.set(available() ? 1 : 0);
    },
  });
  return { sound: (kind, outcome) => sounds.inc({ kind, outcome }) };
}

import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import {
  removeSecretValues,
  speakableText,
  type SpeechLanguage,
  type SpeechPart,
  type SpeechStatus,
} from '@kiosk/shared-types';
import { findProgram, firstProgram } from './programs.js';
import { toneWav } from './tone.js';

/**
 * Speech output (docs/accessibility.md, "Speech"): espeak-ng turns text into a WAV on its stdout,
 * piped into the configured play command's stdin (run by /bin/sh, in a process group of its own so
 * stopping it stops whatever it started). One sound at a time: a new utterance or a stop kills the
 * one playing; an utterance waits for the idle-warning tone to end instead of cutting it off.
 *
 * Spoken text is masked again here (card numbers become their last four digits, configured secrets
 * go) and never logged: a log line says the utterance's id, language and length only.
 */
export type SoundKind = 'speech' | 'tone';
export type SoundOutcome = 'played' | 'interrupted' | 'failed';

export type SpeechFailure = 'unavailable' | 'muted';
/** `overtaken`: a newer utterance or a stop came while this one waited for the tone, so it was not said. */
export type SoundStarted = { started: true; utteranceId: string; overtaken?: true };
export type SoundRefused = { started: false; reason: SpeechFailure; message: string };

export interface SpeechServiceOptions {
  /** espeak-ng, by name on PATH or by path. */
  command: string;
  voices: Record<SpeechLanguage, string>;
  /** Words per minute. */
  rate: number;
  /** A shell command that plays the WAV it reads on stdin, e.g. `aplay -q`. */
  playCommand: string;
  /** The operator muted the kiosk's own sounds: no tone. */
  muted: boolean;
  /** Configured secret values (API key, support token) that are never spoken. */
  secrets: readonly string[];
  log: FastifyBaseLogger;
  /** Called when a sound ends (metrics). */
  onSound?(kind: SoundKind, outcome: SoundOutcome): void;
}

interface Playback {
  id: string;
  kind: SoundKind;
  processes: ChildProcess[];
  player: ChildProcess;
  stopped: boolean;
  ended: Promise<void>;
}

/** A tone is half a second; an utterance waits this long at most for it. */
const TONE_WAIT_MS = 2000;

export class SpeechService {
  private playing: Playback | undefined;
  /** Bumped by every speak and stop, so an utterance that waited for a tone knows it was overtaken. */
  private generation = 0;
  private readonly tone = toneWav();

  constructor(private readonly options: SpeechServiceOptions) {}

  /** Whether espeak-ng and the play command are there (looked up on every call: cheap, and always current). */
  status(): SpeechStatus {
    const problem = this.speechProblem();
    const tonePlays = !this.options.muted && this.playProblem() === undefined;
    return {
      available: problem === undefined,
      muted: this.options.muted,
      tone: tonePlays,
      ...(problem === undefined ? {} : { problem }),
    };
  }

  /**
   * Say text in a language, interrupting the utterance playing; resolves once it started playing.
   * With `parts`, each stretch is said in its own language's voice (espeak-ng's SSML `<voice>`).
   */
  async speak(text: string, lang: SpeechLanguage, parts?: readonly SpeechPart[]): Promise<SoundStarted | SoundRefused> {
    const generation = ++this.generation;
    const problem = this.speechProblem();
    if (problem !== undefined) return { started: false, reason: 'unavailable', message: problem };
    if (this.playing?.kind === 'tone') await this.waitForTone(this.playing);
    else this.stopPlaying();
    if (generation !== this.generation) return { started: true, utteranceId: randomUUID(), overtaken: true };
    this.stopPlaying();

    const { command, voices, rate } = this.options;
    const clean = (said: string, language: SpeechLanguage) =>
      speakableText(removeSecretValues(said, this.options.secrets), language);
    const spoken = clean(text, lang);
    const mixed = parts !== undefined && parts.some((part) => part.lang !== lang);
    const input = mixed
      ? ssmlOf(
          parts.map((part) => ({ ...part, text: clean(part.text, part.lang) })),
          voices,
        )
      : spoken;
    const synth = spawn(command, ['-v', voices[lang], '-s', String(rate), ...(mixed ? ['-m'] : []), '--stdout'], {
      stdio: ['pipe', 'pipe', 'ignore'],
    });
    const player = this.spawnPlayer();
    // Either end may go away first (a stop, a broken player): a closed pipe is not a crash.
    for (const stream of [synth.stdin, synth.stdout, player.stdin]) stream?.on('error', () => undefined);
    synth.stdout!.pipe(player.stdin!);
    synth.stdin!.end(input);
    const playback = this.track('speech', [synth, player], player);
    const failed = await this.started([synth, player]);
    if (failed !== undefined) {
      this.kill(playback);
      return { started: false, reason: 'unavailable', message: failed };
    }
    this.options.log.info(
      { utteranceId: playback.id, lang, chars: spoken.length, ...(mixed ? { parts: parts.length } : {}) },
      'speech started',
    );
    return { started: true, utteranceId: playback.id };
  }

  /** The idle warning's tone, unless the kiosk is muted; it is not cut off by the utterance after it. */
  async playTone(): Promise<SoundStarted | SoundRefused> {
    if (this.options.muted) {
      return { started: false, reason: 'muted', message: 'The kiosk is muted (KIOSK_MUTED): it plays no tone.' };
    }
    const problem = this.playProblem();
    if (problem !== undefined) return { started: false, reason: 'unavailable', message: problem };
    this.stopPlaying();
    const player = this.spawnPlayer();
    player.stdin?.on('error', () => undefined);
    player.stdin!.end(this.tone);
    const playback = this.track('tone', [player], player);
    const failed = await this.started([player]);
    if (failed !== undefined) {
      this.kill(playback);
      return { started: false, reason: 'unavailable', message: failed };
    }
    this.options.log.info({ utteranceId: playback.id, bytes: this.tone.length }, 'tone started');
    return { started: true, utteranceId: playback.id };
  }

  /** Be quiet now. True when something was playing. */
  stop(): boolean {
    this.generation += 1;
    return this.stopPlaying();
  }

  close(): void {
    this.stop();
  }

  private speechProblem(): string | undefined {
    if (findProgram(this.options.command) === undefined) {
      return `The speech synthesiser (${this.options.command}) is not installed: apt-get install espeak-ng.`;
    }
    return this.playProblem();
  }

  private playProblem(): string | undefined {
    const program = firstProgram(this.options.playCommand);
    if (findProgram(program) === undefined) {
      return `The play command's program (${program || 'none'}) is not installed (KIOSK_SPEECH_PLAY_COMMAND).`;
    }
    return undefined;
  }

  private spawnPlayer(): ChildProcess {
    return spawn('/bin/sh', ['-c', this.options.playCommand], { stdio: ['pipe', 'ignore', 'ignore'], detached: true });
  }

  /** Undefined once every process started, else why one did not. */
  private async started(processes: ChildProcess[]): Promise<string | undefined> {
    try {
      await Promise.all(processes.map((child) => once(child, 'spawn')));
      return undefined;
    } catch (error) {
      this.options.log.warn({ err: error }, 'speech could not start');
      return 'Speech could not start on this kiosk.';
    }
  }

  private track(kind: SoundKind, processes: ChildProcess[], player: ChildProcess): Playback {
    const playback: Playback = {
      id: randomUUID(),
      kind,
      processes,
      player,
      stopped: false,
      ended: new Promise<void>((resolve) => {
        player.on('close', (code) => {
          if (this.playing === playback) this.playing = undefined;
          this.finished(playback, code);
          resolve();
        });
        player.on('error', () => resolve());
      }),
    };
    this.playing = playback;
    return playback;
  }

  private finished(playback: Playback, code: number | null): void {
    const outcome: SoundOutcome = playback.stopped ? 'interrupted' : code === 0 ? 'played' : 'failed';
    if (outcome === 'failed') {
      this.options.log.warn({ utteranceId: playback.id, kind: playback.kind, code }, 'sound did not play');
    } else {
      this.options.log.info({ utteranceId: playback.id, kind: playback.kind, outcome }, 'sound ended');
    }
    this.options.onSound?.(playback.kind, outcome);
  }

  private async waitForTone(tone: Playback): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([tone.ended, new Promise((resolve) => (timer = setTimeout(resolve, TONE_WAIT_MS)))]);
    clearTimeout(timer);
  }

  private stopPlaying(): boolean {
    const playback = this.playing;
    if (playback === undefined) return false;
    this.playing = undefined;
    this.kill(playback);
    return true;
  }

  private kill(playback: Playback): void {
    playback.stopped = true;
    for (const child of playback.processes) {
      if (child.exitCode !== null || child.signalCode !== null) continue;
      try {
        // The player runs in its own process group: kill the group, so what the shell started goes too.
        if (child === playback.player && child.pid !== undefined) process.kill(-child.pid, 'SIGTERM');
        else child.kill('SIGTERM');
      } catch {
        // Already gone.
      }
    }
  }
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** An utterance in several languages as espeak-ng's SSML (-m): each part in its language's voice. */
export function ssmlOf(parts: readonly SpeechPart[], voices: Record<SpeechLanguage, string>): string {
  const escape = (text: string) => text.replace(/[&<>"']/g, (char) => XML_ESCAPES[char]!);
  const body = parts.map((part) => `<voice name="${escape(voices[part.lang])}">${escape(part.text)}</voice>`).join(' ');
  return `<speak>${body}</speak>`;
}

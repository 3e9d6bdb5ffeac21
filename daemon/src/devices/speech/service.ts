import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import {
  removeSecretValues,
  speakableText,
  type PrivateListeningSetup,
  type SpeechLanguage,
  type SpeechPart,
  type SpeechStatus,
} from '@kiosk/shared-types';
import { findProgram, firstProgram } from './programs.js';
import { toneWav } from './tone.js';
import {
  gainFactor,
  headerFor,
  resumeOffset,
  scaleSamples,
  scaleWav,
  wavSplitter,
  type WavFormat,
} from './wav-gain.js';

/**
 * Speech output (docs/accessibility.md, "Speech"): espeak-ng turns text into a WAV on its stdout,
 * piped into the configured play command's stdin (run by /bin/sh, in a process group of its own so
 * stopping it stops whatever it started). One sound at a time: a new utterance or a stop kills the
 * one playing; an utterance waits for the idle-warning tone to end instead of cutting it off.
 *
 * Spoken text is masked again here (card numbers become their last four digits, configured secrets
 * go) and never logged: a log line says the utterance's id, language and length only.
 *
 * Each sound plays at the volume level the page names (the facility's default without): the WAV's
 * samples are scaled on the way to the player (wav-gain.ts). An utterance holding private data
 * comes with a `withheld` text, said instead unless the sound goes to headphones (a handset kiosk,
 * or the jack reports them) or the visitor chose `aloud`. A paused utterance keeps its samples and
 * resumes a little before where it stopped; a new utterance, a stop or the session's end forgets it.
 */
export type SoundKind = 'speech' | 'tone';
export type SoundOutcome = 'played' | 'interrupted' | 'failed';

export type SpeechFailure = 'unavailable' | 'muted';
/** `overtaken`: a newer utterance or a stop came while this one waited for the tone, so it was not said. */
export type SoundStarted = { started: true; utteranceId: string; overtaken?: true; withheld?: true };
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
  /** Each volume level's gain in dB, quietest first, and the default level (1-based). */
  volume: { levelsDb: number[]; default: number };
  /** How sound reaches the visitor; with `jack`, `jackCommand` says whether headphones are in. */
  privateListening: PrivateListeningSetup;
  jackCommand: string;
  /** Plays to the headphones or handset; undefined: the play command (the sound card mutes its speaker). */
  headphonePlayCommand?: string;
  /** The jack is simulated (sandbox): `simulateHeadphones` plugs them in. */
  simulatedJack?: boolean;
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
  /** Speech: its samples as synthesised (before the gain), for a resume. */
  audio?: Audio;
  /** When the player started. */
  startedAt?: number;
}

/** An utterance's WAV as it arrives: its header, format and samples; `done` once the synthesiser ended. */
interface Audio {
  header?: Buffer;
  format?: WavFormat;
  chunks: Buffer[];
  done: Promise<void>;
  /** Private data said whole because it went to headphones: not resumed through the speaker. */
  privateWhole: boolean;
}

/** What a speak call may add to its text. */
export interface SpeakOptions {
  parts?: readonly SpeechPart[];
  /** Volume level, 1-based. */
  volume?: number;
  /** Said instead when the utterance's private data may not be said (no headphones, no `aloud`). */
  withheld?: { text: string; parts?: readonly SpeechPart[] };
  aloud?: boolean;
}

/** How long a resume waits for the rest of a paused utterance to be synthesised. */
const SYNTH_WAIT_MS = 3000;

/** A tone is half a second; an utterance waits this long at most for it. */
const TONE_WAIT_MS = 2000;

export class SpeechService {
  private playing: Playback | undefined;
  /** Bumped by every speak and stop, so an utterance that waited for a tone knows it was overtaken. */
  private generation = 0;
  private readonly tone = toneWav();
  /** The utterance the visitor paused: its audio and where to go on from. */
  private paused: { audio: Audio; playedMs: number } | undefined;
  /** The simulated jack (sandbox): headphones in or not. */
  private simulatedHeadphones = false;
  /** The jack as last read, for the status; a handset kiosk always has its handset. */
  private lastHeadphones = false;
  private jackProblem: string | undefined;

  constructor(private readonly options: SpeechServiceOptions) {
    this.lastHeadphones = this.setup() === 'handset';
  }

  /** Whether espeak-ng and the play command are there (looked up on every call: cheap, and always current). */
  status(): SpeechStatus {
    const problem = this.speechProblem();
    const tonePlays = !this.options.muted && this.playProblem() === undefined;
    return {
      available: problem === undefined,
      muted: this.options.muted,
      tone: tonePlays,
      ...(problem === undefined ? {} : { problem }),
      volume: { levelsDb: [...this.options.volume.levelsDb], default: this.options.volume.default },
      privateListening: this.setup(),
      headphones: this.lastHeadphones,
    };
  }

  /**
   * Say text in a language, interrupting the utterance playing; resolves once it started playing.
   * With `parts`, each stretch is said in its own language's voice (espeak-ng's SSML `<voice>`);
   * with `withheld`, that is said instead unless the sound goes to headphones or `aloud`.
   */
  async speak(text: string, lang: SpeechLanguage, options: SpeakOptions = {}): Promise<SoundStarted | SoundRefused> {
    const generation = ++this.generation;
    this.paused = undefined;
    const problem = this.speechProblem();
    if (problem !== undefined) return { started: false, reason: 'unavailable', message: problem };
    const headphones = await this.headphonesIfNeeded(options.withheld !== undefined);
    if (this.playing?.kind === 'tone') await this.waitForTone(this.playing);
    else this.stopPlaying();
    if (generation !== this.generation) return { started: true, utteranceId: randomUUID(), overtaken: true };
    this.stopPlaying();

    const withheld = options.withheld !== undefined && !headphones && options.aloud !== true;
    const said = withheld ? options.withheld! : { text, parts: options.parts };
    const { command, voices, rate } = this.options;
    const clean = (words: string, language: SpeechLanguage) =>
      speakableText(removeSecretValues(words, this.options.secrets), language);
    const spoken = clean(said.text, lang);
    const parts = said.parts;
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
    const player = this.spawnPlayer(headphones);
    // Either end may go away first (a stop, a broken player): a closed pipe is not a crash.
    for (const stream of [synth.stdin, synth.stdout, player.stdin]) stream?.on('error', () => undefined);
    const audio = this.feed(synth, player, this.factor(options.volume));
    audio.privateWhole = options.withheld !== undefined && !withheld && options.aloud !== true;
    synth.stdin!.end(input);
    const playback = this.track('speech', [synth, player], player, audio);
    const failed = await this.started([synth, player]);
    if (failed !== undefined) {
      this.kill(playback);
      return { started: false, reason: 'unavailable', message: failed };
    }
    this.options.log.info(
      {
        utteranceId: playback.id,
        lang,
        chars: spoken.length,
        ...(mixed ? { parts: parts.length } : {}),
        ...(options.withheld ? { private: withheld ? 'withheld' : headphones ? 'headphones' : 'aloud' } : {}),
      },
      'speech started',
    );
    return { started: true, utteranceId: playback.id, ...(withheld ? { withheld: true as const } : {}) };
  }

  /** The idle warning's tone, unless the kiosk is muted; it is not cut off by the utterance after it. */
  async playTone(volume?: number): Promise<SoundStarted | SoundRefused> {
    if (this.options.muted) {
      return { started: false, reason: 'muted', message: 'The kiosk is muted (KIOSK_MUTED): it plays no tone.' };
    }
    const problem = this.playProblem();
    if (problem !== undefined) return { started: false, reason: 'unavailable', message: problem };
    const headphones = await this.headphonesIfNeeded(false);
    this.stopPlaying();
    const player = this.spawnPlayer(headphones);
    player.stdin?.on('error', () => undefined);
    const tone = scaleWav(this.tone, this.factor(volume));
    player.stdin!.end(tone);
    const playback = this.track('tone', [player], player);
    const failed = await this.started([player]);
    if (failed !== undefined) {
      this.kill(playback);
      return { started: false, reason: 'unavailable', message: failed };
    }
    this.options.log.info({ utteranceId: playback.id, bytes: tone.length }, 'tone started');
    return { started: true, utteranceId: playback.id };
  }

  /** Be quiet now, and forget a paused utterance. True when something was playing. */
  stop(): boolean {
    this.generation += 1;
    this.paused = undefined;
    return this.stopPlaying();
  }

  /**
   * Stop the utterance playing and keep it, to go on with `resume`. False when no utterance was
   * playing (nothing to pause: a tone, or silence).
   */
  pause(): boolean {
    this.generation += 1;
    const playback = this.playing;
    if (playback?.kind !== 'speech' || playback.audio === undefined) {
      this.paused = undefined;
      return this.stopPlaying();
    }
    const played = playback.startedAt === undefined ? 0 : Date.now() - playback.startedAt;
    this.playing = undefined;
    // The synthesiser goes on writing the rest into memory; only the player stops.
    this.kill(playback, { keepSynthesiser: true });
    const { audio } = playback;
    this.paused = { audio, playedMs: played };
    this.options.log.info({ utteranceId: playback.id, playedMs: played }, 'speech paused');
    return true;
  }

  /**
   * Go on with the paused utterance, from the start of the word it stopped in, at `volume`. False
   * when there is none (nothing paused, a newer utterance since, or its private data went to
   * headphones that are gone now): the page says the last utterance again instead.
   */
  async resume(volume?: number): Promise<SoundStarted | SoundRefused | { started: false; reason: 'nothing' }> {
    const paused = this.paused;
    this.paused = undefined;
    if (paused === undefined) return { started: false, reason: 'nothing' };
    const generation = ++this.generation;
    const problem = this.playProblem();
    if (problem !== undefined) return { started: false, reason: 'unavailable', message: problem };
    const { audio } = paused;
    const headphones = await this.headphonesIfNeeded(audio.privateWhole);
    if (audio.privateWhole && !headphones) return { started: false, reason: 'nothing' };
    await Promise.race([audio.done, new Promise((resolve) => setTimeout(resolve, SYNTH_WAIT_MS).unref())]);
    if (generation !== this.generation) return { started: true, utteranceId: randomUUID(), overtaken: true };
    if (audio.header === undefined || !audio.format?.pcm16) return { started: false, reason: 'nothing' };
    const samples = Buffer.concat(audio.chunks);
    const from = resumeOffset(samples, audio.format, paused.playedMs);
    const rest = samples.subarray(from);
    if (rest.length === 0) return { started: false, reason: 'nothing' };
    this.stopPlaying();
    const player = this.spawnPlayer(headphones);
    player.stdin?.on('error', () => undefined);
    player.stdin!.end(Buffer.concat([headerFor(audio.header, rest.length), scaleSamples(rest, this.factor(volume))]));
    const resumed: Audio = { ...audio, chunks: [rest], done: Promise.resolve() };
    const playback = this.track('speech', [player], player, resumed);
    const failed = await this.started([player]);
    if (failed !== undefined) {
      this.kill(playback);
      return { started: false, reason: 'unavailable', message: failed };
    }
    this.options.log.info(
      { utteranceId: playback.id, fromMs: Math.round((from / audio.format.byteRate) * 1000) },
      'speech resumed',
    );
    return { started: true, utteranceId: playback.id };
  }

  /** The session ended: nothing of this visit's may be resumed by the next visitor. */
  forgetPaused(): void {
    this.paused = undefined;
  }

  /** Sandbox: plug headphones into the simulated jack, or take them out. */
  simulateHeadphones(plugged: boolean): void {
    this.simulatedHeadphones = plugged;
    this.lastHeadphones = plugged;
  }

  /** How the sound reaches the visitor: the setting, or a jack when the jack is simulated. */
  private setup(): PrivateListeningSetup {
    const { privateListening, simulatedJack } = this.options;
    return simulatedJack && privateListening === 'none' ? 'jack' : privateListening;
  }

  private factor(volume: number | undefined): number {
    const { levelsDb, default: fallback } = this.options.volume;
    const level = volume !== undefined && volume >= 1 && volume <= levelsDb.length ? volume : fallback;
    return gainFactor(levelsDb[level - 1]!);
  }

  /**
   * Whether the sound goes to headphones now, read when it matters: for private data, or when
   * headphones have a play command of their own. Read from the jack each time (a visitor plugs
   * them in at any moment); a jack that cannot be read counts as no headphones.
   */
  private async headphonesIfNeeded(privateData: boolean): Promise<boolean> {
    const setup = this.setup();
    if (setup === 'handset') return true;
    if (setup === 'none') return false;
    if (!privateData && this.options.headphonePlayCommand === undefined) return this.lastHeadphones;
    const plugged = this.options.simulatedJack ? this.simulatedHeadphones : await this.readJack();
    this.lastHeadphones = plugged;
    return plugged;
  }

  private readJack(): Promise<boolean> {
    return new Promise((resolve) => {
      execFile('/bin/sh', ['-c', this.options.jackCommand], { timeout: 1000 }, (error, stdout) => {
        const problem = error
          ? `The headphone jack cannot be read (KIOSK_SPEECH_JACK_COMMAND): ${error.message}`
          : undefined;
        if (problem !== undefined && problem !== this.jackProblem)
          this.options.log.warn({ err: error }, 'headphone jack unreadable');
        this.jackProblem = problem;
        resolve(error ? false : /values=on\b/.test(String(stdout)));
      });
    });
  }

  /** The synthesiser's WAV to the player at the level's gain, kept for a resume as it arrives. */
  private feed(synth: ChildProcess, player: ChildProcess, factor: number): Audio {
    const splitter = wavSplitter();
    let ended: () => void = () => undefined;
    const audio: Audio = { chunks: [], done: new Promise<void>((resolve) => (ended = resolve)), privateWhole: false };
    synth.stdout!.on('data', (chunk: Buffer) => {
      const { header, samples } = splitter.push(chunk);
      if (header !== undefined) audio.header = header;
      audio.format ??= splitter.format();
      audio.chunks.push(samples);
      if (player.stdin?.writable && !player.stdin.destroyed) {
        if (header !== undefined) player.stdin.write(header);
        player.stdin.write(audio.format?.pcm16 ? scaleSamples(samples, factor) : samples);
      }
    });
    synth.stdout!.on('end', () => {
      if (player.stdin?.writable) player.stdin.end();
      ended();
    });
    synth.on('error', () => ended());
    synth.on('close', () => ended());
    return audio;
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

  private spawnPlayer(headphones = false): ChildProcess {
    const command = (headphones && this.options.headphonePlayCommand) || this.options.playCommand;
    return spawn('/bin/sh', ['-c', command], { stdio: ['pipe', 'ignore', 'ignore'], detached: true });
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

  private track(kind: SoundKind, processes: ChildProcess[], player: ChildProcess, audio?: Audio): Playback {
    const playback: Playback = {
      id: randomUUID(),
      kind,
      processes,
      player,
      audio,
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
    player.once('spawn', () => (playback.startedAt = Date.now()));
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

  private kill(playback: Playback, { keepSynthesiser = false } = {}): void {
    playback.stopped = true;
    for (const child of playback.processes) {
      if (child.exitCode !== null || child.signalCode !== null) continue;
      if (keepSynthesiser && child !== playback.player) continue;
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

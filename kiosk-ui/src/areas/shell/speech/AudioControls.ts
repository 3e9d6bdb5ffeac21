import { hasPrivate, type SpeechStatus } from '@kiosk/shared-types';
import type { ApiClient } from '../../../api/client';
import { i18next, loadAreaTexts } from '../../../i18n/setup';
import { valueOr, type Loadable } from '../../../models/loadable';
import type { VisitorPreferences } from '../VisitorPreferences';
import { privateVersions } from './private-stretches';
import { speechRequest } from './utterance';

/**
 * Audio mode's sending and controls (docs/accessibility.md, "Volume", "Private listening", "Stop
 * and resume", "Screen blank"): every utterance sent at the visitor's volume level, one with
 * private data with what is said in its place; louder and softer, stop and go on, repeat, the
 * screen blank, private details aloud. Loaded with the announcer when a visitor turns audio on,
 * so the first screen does not carry it; SpeechStore hands it what to say and the keys.
 */

/** A keypad's or keyboard's own volume keys, in audio mode. */
export const VOLUME_KEY_CODES = { louder: 'AudioVolumeUp', softer: 'AudioVolumeDown' } as const;

/** The keypad's dot stops speech; the star goes on with what it stopped (or repeats). */
export const STOP_KEY_CODE = 'NumpadDecimal';
export const REPEAT_KEY_CODE = 'NumpadMultiply';

/**
 * After the dot, one keypad digit within 2 s is a command and types nothing: 8 louder and 2
 * softer (where the arrows sit on a keypad), 0 blanks the screen or brings it back, 5 says private
 * details through the speaker (or stops saying them).
 */
export const DOT_COMMANDS = { Numpad8: 'louder', Numpad2: 'softer', Numpad0: 'blank', Numpad5: 'aloud' } as const;
type Command = (typeof DOT_COMMANDS)[keyof typeof DOT_COMMANDS];
const DOT_COMMAND_MS = 2000;

/** What the controls read and call of the speech store. */
export interface SpeechHost {
  readonly on: boolean;
  readonly status: Loadable<SpeechStatus>;
  readonly volumeLevel: number | undefined;
  readonly root: { readonly api: ApiClient; readonly preferences: VisitorPreferences };
  /** Says news with the announcer's next utterance; a note of a kind replaces the one before. */
  note(text: string, kind?: string): void;
}

export class AudioControls {
  private dotAt = -Infinity;
  /** The last utterance sent, for the repeat key. */
  private last: string | undefined = undefined;
  /** The last utterance with private stretches, said whole when the visitor asks for it aloud. */
  private lastPrivate: string | undefined = undefined;
  /** The first withheld utterance of a visit says how to hear it; the next ones do not repeat it. */
  private hintGiven = false;

  constructor(private readonly speech: SpeechHost) {}

  /** A key in audio mode: true when it was one of these controls' (then it never types). */
  onKey(event: KeyboardEvent): boolean {
    const command = DOT_COMMANDS[event.code as keyof typeof DOT_COMMANDS];
    if (command !== undefined && performance.now() - this.dotAt < DOT_COMMAND_MS) {
      event.preventDefault();
      this.dotAt = -Infinity;
      this.run(command);
      return true;
    }
    if (event.code !== STOP_KEY_CODE) this.dotAt = -Infinity;
    const volume = Object.entries(VOLUME_KEY_CODES).find(([, code]) => code === event.code)?.[0];
    const key = volume ?? (event.code === STOP_KEY_CODE ? 'stop' : event.code === REPEAT_KEY_CODE ? 'repeat' : '');
    if (key === '') return false;
    event.preventDefault();
    if (key === 'stop') {
      this.dotAt = performance.now();
      this.pause();
    } else if (key === 'repeat') {
      this.resumeOrRepeat();
    } else {
      this.run(key as 'louder' | 'softer');
    }
    return true;
  }

  run(command: Command): void {
    if (!this.speech.on) return;
    if (command === 'louder') this.changeVolume(1);
    else if (command === 'softer') this.changeVolume(-1);
    else if (command === 'blank') this.toggleScreenBlank();
    else this.togglePrivateAloud();
  }

  /** One level up or down, said at the new level ("Volume 4 of 5"); at either end, says so. */
  private changeVolume(step: 1 | -1): void {
    const level = this.speech.volumeLevel;
    const count = valueOr(this.speech.status, null)?.volume.levelsDb.length ?? 0;
    if (level === undefined) return;
    const next = level + step;
    if (next < 1 || next > count) {
      this.tell(() => i18next.t(step > 0 ? 'speech.volume.highest' : 'speech.volume.lowest'), 'volume');
      return;
    }
    this.speech.root.preferences.setVolume(next);
    // Keys pressed in a row: the last level is said, once.
    this.tell(() => i18next.t('speech.volume.level', { level: next, count }), 'volume');
  }

  /** The dot: the utterance playing stops, kept for the star to go on with. */
  private pause(): void {
    void this.speech.root.api.pauseSpeech().catch(() => undefined);
  }

  /** The star: goes on with what the dot stopped, else says the last utterance again. */
  private resumeOrRepeat(): void {
    void this.speech.root.api
      .resumeSpeech({ volume: this.speech.volumeLevel })
      .catch(() => false)
      .then((resumed) => {
        if (!resumed && this.last !== undefined && this.speech.on) this.send(this.last);
      });
  }

  /** Blanks the screen at once, or brings it back, and says so. */
  private toggleScreenBlank(): void {
    const { preferences } = this.speech.root;
    const blank = !preferences.screenBlank;
    preferences.setScreenBlank(blank);
    this.tell(() => i18next.t(blank ? 'speech.blank.on' : 'speech.blank.off'), 'blank');
  }

  /** Private details through the speaker, for the rest of the visit or until asked again: the last one withheld at once. */
  private togglePrivateAloud(): void {
    const { preferences } = this.speech.root;
    const aloud = !preferences.privateAloud;
    preferences.setPrivateAloud(aloud);
    if (!aloud) {
      this.tell(() => i18next.t('speech.private.aloud_off'));
      return;
    }
    const again = this.lastPrivate;
    this.send([i18next.t('speech.private.aloud_on'), again].filter(Boolean).join(' '), false);
  }

  /**
   * Says text now in the visitor's language, cutting off what is being said; remembered for the
   * repeat key unless `remember` is false. With private stretches, it goes whole and with what
   * is said in their place through the speaker.
   */
  send(text: string, remember = true): void {
    const { api, preferences } = this.speech.root;
    const lang = preferences.language;
    const volume = this.speech.volumeLevel;
    if (remember) this.last = text;
    if (!hasPrivate(text)) {
      const request = speechRequest(text, lang, volume);
      if (request) void api.speak(request).catch(() => undefined);
      return;
    }
    const { whole, withheld, aloud } = this.versions(text);
    const request = speechRequest(whole, lang, volume);
    const instead = speechRequest(withheld, lang);
    if (request === undefined || instead === undefined) return;
    const said = { text: instead.text, ...(instead.parts ? { parts: instead.parts } : {}) };
    void api.speak({ ...request, withheld: said, ...(aloud ? { aloud: true } : {}) }).catch(() => undefined);
  }

  /**
   * An utterance with private stretches: whole (for headphones, or aloud), and as said through
   * the speaker, each stretch a word and, the first time in a visit, how to hear them.
   */
  private versions(text: string): { whole: string; withheld: string; aloud: boolean } {
    this.lastPrivate = text;
    const { whole, withheld } = privateVersions(text, i18next.t('speech.private.word'));
    const aloud = this.speech.root.preferences.privateAloud;
    if (aloud || this.hintGiven) return { whole, withheld, aloud };
    this.hintGiven = true;
    const jack = valueOr(this.speech.status, null)?.privateListening === 'jack';
    const hint = [i18next.t('speech.private.hint'), jack ? i18next.t('speech.private.hint_jack') : ''];
    return { whole, withheld: [withheld, ...hint].filter(Boolean).join(' '), aloud };
  }

  /** The visit ended: what it heard goes. */
  reset(): void {
    this.dotAt = -Infinity;
    this.last = undefined;
    this.lastPrivate = undefined;
    this.hintGiven = false;
  }

  /** News with the announcer's next utterance; its words come with the area texts (speech.*). */
  private tell(words: () => string, kind?: string): void {
    void loadAreaTexts()
      .catch(() => undefined)
      .then(() => {
        if (this.speech.on) this.speech.note(words(), kind);
      });
  }
}

import { SPEECH_MAX_CHARS, speakableText, type SpeechStatus } from '@kiosk/shared-types';
import { makeAutoObservable, reaction, runInAction } from 'mobx';
import { i18next } from '../i18n/setup';
import type { RootStore } from './RootStore';

/**
 * The key of a USB keypad that switches audio mode on and off: the numeric keypad's + (its own key
 * code, so the main keyboard's + still types a plus). docs/accessibility.md, "Speech".
 */
export const AUDIO_KEY_CODE = 'NumpadAdd';

/** Seconds left on the idle warning at which, in audio mode, the countdown is said. */
const COUNTDOWN_MARKS = [30, 10] as const;

/** What starts the screen announcer: the module arrives only when a visitor turns audio on. */
export type AnnouncerStarter = (say: (text: string) => void, lead?: string) => () => void;
const loadAnnouncer = async (): Promise<AnnouncerStarter> => (await import('../speech/announcer')).startAnnouncer;

/**
 * Speech output as the UI drives it (the daemon synthesises and plays; docs/accessibility.md).
 * Whether this visitor wants it is `root.preferences.audio` (reset with the session); this store
 * knows whether the kiosk can speak (the audio control is hidden when it cannot), sends what to
 * say in the visitor's language, plays the idle warning's tone in every mode unless the operator
 * muted the kiosk, and says the warning's countdown in audio mode.
 *
 * Card numbers are masked to their last four digits before anything is sent.
 */
export class SpeechStore {
  status: SpeechStatus | null = null;
  /** Said first when the announcer starts ("Audio on"), then the screen. */
  private lead: string | undefined = undefined;
  /** The visitor switched audio off and heard it said: nothing to stop. */
  private saidOff = false;

  constructor(
    readonly root: RootStore,
    private readonly announcer: () => Promise<AnnouncerStarter> = loadAnnouncer,
  ) {
    makeAutoObservable(this, { root: false }, { autoBind: true });
  }

  /** The kiosk can speak: the audio control is shown. */
  get available(): boolean {
    return this.status?.available === true;
  }

  get on(): boolean {
    return this.available && this.root.preferences.audio;
  }

  /** Ask the daemon whether it can speak, follow audio mode and the idle warning; returns the disposer. */
  start(): () => void {
    void this.loadStatus();
    let stopAnnouncer: (() => void) | undefined;
    let starting = 0;
    const stops = [
      reaction(
        () => this.on,
        (on) => {
          starting += 1;
          stopAnnouncer?.();
          stopAnnouncer = undefined;
          if (!on) {
            if (!this.saidOff) void this.root.api.stopSpeech().catch(() => undefined);
            this.saidOff = false;
            return;
          }
          const attempt = starting;
          const lead = this.lead;
          this.lead = undefined;
          void this.announcer().then(
            (startAnnouncer) => {
              if (attempt === starting && this.on) stopAnnouncer = startAnnouncer(this.say, lead);
            },
            () => undefined,
          );
        },
      ),
      reaction(
        () => this.root.session.warning,
        (warning) => {
          if (warning && this.status?.tone) void this.root.api.playTone().catch(() => undefined);
        },
      ),
      reaction(
        () => this.root.session.resetSecondsLeft,
        (seconds) => {
          if (seconds !== null && (COUNTDOWN_MARKS as readonly number[]).includes(seconds)) {
            this.say(i18next.t('shell.idle.seconds', { count: seconds }));
          }
        },
      ),
      this.listenForAudioKey(),
    ];
    return () => {
      for (const stop of stops) stop();
      stopAnnouncer?.();
    };
  }

  async loadStatus(): Promise<void> {
    try {
      const status = await this.root.api.speechStatus();
      runInAction(() => (this.status = status));
    } catch {
      // No answer: no audio control, no tone; the kiosk works silently.
    }
  }

  /** The audio control or the keypad key: switch audio mode, and say so. */
  toggleAudio(): void {
    if (!this.available) return;
    const on = !this.root.preferences.audio;
    if (on) {
      this.lead = i18next.t('shell.preferences.audio.turned_on');
    } else {
      // Said as audio goes off, so the visitor hears that it did; it cuts off whatever was playing.
      this.send(i18next.t('shell.preferences.audio.turned_off'));
      this.saidOff = true;
    }
    this.root.preferences.setAudio(on);
  }

  /** Say text in the visitor's language, cutting off what is being said; nothing unless audio is on. */
  say(text: string): void {
    if (this.on) this.send(text);
  }

  private send(text: string): void {
    const lang = this.root.preferences.language;
    const spoken = speakableText(text.replace(/\s+/g, ' ').trim(), lang);
    if (spoken === '') return;
    void this.root.api.speak({ text: spoken.slice(0, SPEECH_MAX_CHARS), lang }).catch(() => undefined);
  }

  private listenForAudioKey(): () => void {
    if (typeof window === 'undefined') return () => undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.code !== AUDIO_KEY_CODE) return;
      // Never typed into a field: this key is the audio switch.
      event.preventDefault();
      if (!event.repeat) this.toggleAudio();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }

  reset(): void {
    // Audio mode itself is a visitor preference (VisitorPreferences.reset); the kiosk's status stays.
  }
}

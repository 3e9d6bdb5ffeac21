import type { SpeechStatus } from '@kiosk/shared-types';
import { makeAutoObservable, reaction, runInAction } from 'mobx';
import { i18next, loadAreaTexts } from '../../i18n/setup';
import { FAILED, IDLE, isPending, LOADING, ready, valueOr, type Loadable } from '../../models/loadable';
import type { RootStore } from '../../stores/RootStore';
import type { AudioControls } from './speech/AudioControls';

/**
 * The key of a USB keypad that switches audio mode on and off: the numeric keypad's + (its own key
 * code, so the main keyboard's + still types a plus). docs/accessibility.md, "Speech".
 */
export const AUDIO_KEY_CODE = 'NumpadAdd';

/** Seconds left on the idle warning at which, in audio mode, the countdown is said. */
const COUNTDOWN_MARKS = [30, 10] as const;

/**
 * The keypad's speech keys in audio mode (docs/accessibility.md, "Speech keys"), by key code, so
 * the main keyboard's * / - still type: repeat the last utterance, the rental so far, the price
 * (after the rental: the unit and the gate code, digit by digit). The repeat and stop keys, the
 * volume keys and the commands after the stop key are speech/AudioControls.ts's.
 */
export const SPEECH_KEY_CODES = { repeat: 'NumpadMultiply', summary: 'NumpadDivide', price: 'NumpadSubtract' } as const;

/** Rental sections where a payment is taken: the amount is said on arrival. */
const PAYMENT_SECTIONS = new Set(['swipe_scan', 'card_details']);

/** What the announcer adds to the page's own words (speech/announcer.ts). */
export interface AnnouncerExtras {
  onArrival?: () => string | undefined;
  subscribe?: (note: (text: string, kind?: string) => void) => () => void;
}
/** What starts the screen announcer: the module arrives only when a visitor turns audio on. */
export type AnnouncerStarter = (say: (text: string) => void, lead?: string, extras?: AnnouncerExtras) => () => void;
const loadAnnouncer = async (): Promise<AnnouncerStarter> => (await import('./speech/announcer')).startAnnouncer;
const loadKeyTexts = () => import('./speech/key-texts');
const loadAudioControls = async () => (await import('./speech/AudioControls')).AudioControls;
type KeyTexts = Awaited<ReturnType<typeof loadKeyTexts>>;

/**
 * Speech output as the UI drives it (the daemon synthesises and plays; docs/accessibility.md).
 * Whether this visitor wants it is `root.preferences.audio` (reset with the session); this store
 * knows whether the kiosk can speak (the audio control is hidden when it cannot), sends what to
 * say in the visitor's language, plays the idle warning's tone in every mode unless the operator
 * muted the kiosk, and says the warning's countdown in audio mode.
 *
 * What is said is sent by audio mode's controls (speech/AudioControls.ts, loaded with the
 * announcer when a visitor turns audio on): masked, at the visitor's volume level, with private
 * stretches withheld from the room; they also stop and resume speech, change the volume and
 * blank the screen from the keypad.
 */
export class SpeechStore {
  /** Whether the kiosk can speak, as the daemon answered; failed (no answer): it cannot. */
  status: Loadable<SpeechStatus> = IDLE;
  /** Said first when the announcer starts ("Audio on"), then the screen. */
  private lead: string | undefined = undefined;
  /** The visitor switched audio off and heard it said: nothing to stop. */
  private saidOff = false;
  private keyTexts: KeyTexts | undefined = undefined;
  /** The running announcer's way to say news with the next utterance. */
  private notes: ((text: string, kind?: string) => void) | undefined = undefined;
  /**
   * What sends utterances, and the volume (the Softer and Louder buttons call it), stop and
   * resume, blank and private data: loaded when audio mode first turns on.
   */
  controls: AudioControls | undefined = undefined;

  constructor(
    readonly root: RootStore,
    private readonly announcer: () => Promise<AnnouncerStarter> = loadAnnouncer,
  ) {
    // `controls` is observed as a reference (a class instance: MobX leaves its inside alone).
    makeAutoObservable(this, { root: false }, { autoBind: true });
  }

  /**
   * Not yet known whether the kiosk can speak: the audio control's place is kept (an invisible
   * stand-in of its size), so the controls around it do not move when it appears.
   */
  get availabilityPending(): boolean {
    return isPending(this.status);
  }

  /** The kiosk can speak: the audio control is shown. */
  get available(): boolean {
    return valueOr(this.status, null)?.available === true;
  }

  get on(): boolean {
    return this.available && this.root.preferences.audio;
  }

  /** The visitor's volume level (1 = quietest), the facility's default until changed; undefined until known. */
  get volumeLevel(): number | undefined {
    const volume = valueOr(this.status, null)?.volume;
    if (volume === undefined) return undefined;
    return this.root.preferences.volume ?? volume.default;
  }

  /** The screen shows nothing: audio mode's blank, which ends with audio mode and with the session. */
  get screenBlank(): boolean {
    return this.on && this.root.preferences.screenBlank;
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
          const said = this.lead;
          this.lead = undefined;
          void Promise.all([this.announcer(), this.loadKeyTexts(), this.loadControls(), loadAreaTexts()]).then(
            ([startAnnouncer]) => {
              // Audio on (and the languages), then the keypad's keys, which come with the area texts.
              const lead = said && `${said} ${i18next.t('speech.keys_help')}`;
              if (attempt === starting && this.on)
                stopAnnouncer = startAnnouncer(this.say, lead, {
                  onArrival: this.arrivalExtra,
                  subscribe: this.subscribeNotes,
                });
            },
            () => undefined,
          );
        },
      ),
      reaction(
        () => this.root.session.warning,
        (warning) => {
          if (warning) this.warningTone();
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
      this.listenForSpeechKeys(),
      // Each signature, said as it is done (the signing page is another origin: its own words are not heard).
      reaction(
        () =>
          this.root
            .ifLoaded('checkout')
            ?.signing.agreements.filter((doc) => doc.completed)
            .map((doc) => doc.display_name) ?? [],
        (signed, before) => {
          for (const name of signed.filter((doc) => !before.includes(doc)))
            this.notes?.(i18next.t('rental.signing.signed_aloud', { document: name }));
        },
      ),
    ];
    return () => {
      for (const stop of stops) stop();
      stopAnnouncer?.();
    };
  }

  /**
   * A time limit's warning by sound (the idle warning, the card wait's: docs/accessibility.md
   * "Time limits"): the tone at the visitor's level, unless the operator muted the kiosk.
   */
  warningTone(): void {
    if (valueOr(this.status, null)?.tone)
      void this.root.api.playTone({ volume: this.volumeLevel }).catch(() => undefined);
  }

  async loadStatus(): Promise<void> {
    this.status = LOADING;
    try {
      const status = await this.root.api.speechStatus();
      runInAction(() => (this.status = ready(status)));
    } catch {
      // No answer: no audio control, no tone; the kiosk works silently.
      runInAction(() => (this.status = FAILED));
    }
  }

  /** The audio control or the keypad key: switch audio mode, and say so. */
  toggleAudio(): void {
    if (!this.available) return;
    const on = !this.root.preferences.audio;
    if (on) {
      // Audio on, how to change the language (said in both, each in its own voice), and the keys.
      const offer =
        this.root.preferences.language === 'es'
          ? i18next.t('shell.preferences.audio.english_available')
          : `${i18next.t('shell.preferences.audio.spanish_available')} \uE000es\uE001${i18next.t('shell.preferences.audio.spanish_available_es')}\uE002`;
      this.lead = [i18next.t('shell.preferences.audio.turned_on'), offer].filter(Boolean).join(' ');
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

  /** News said with the announcer's next utterance (so a focus moving does not cut it off), or at once. */
  note(text: string, kind?: string): void {
    if (this.notes) this.notes(text, kind);
    else this.send(text, false);
  }

  /** Says text now, cutting off what is being said; remembered for the repeat key unless told. */
  private send(text: string, remember = true): void {
    this.controls?.send(text, remember);
  }

  private subscribeNotes(note: (text: string, kind?: string) => void): () => void {
    this.notes = note;
    return () => {
      if (this.notes === note) this.notes = undefined;
    };
  }

  private async loadControls(): Promise<void> {
    if (this.controls !== undefined) return;
    const Controls = await loadAudioControls().catch(() => undefined);
    runInAction(() => (this.controls ??= Controls && new Controls(this)));
  }

  /** The stores the speech keys read the rental from, once they have arrived. */
  private rentalStores() {
    const { root } = this;
    const rental = root.ifLoaded('rental');
    const checkout = root.ifLoaded('checkout');
    return rental && checkout ? { rental, checkout, config: root.config } : undefined;
  }

  private async loadKeyTexts(): Promise<KeyTexts | undefined> {
    this.keyTexts ??= await loadKeyTexts().catch(() => undefined);
    return this.keyTexts;
  }

  /** On a payment screen the amount it will charge is said with the screen; on the confirmation, the key to hear the code again. */
  private arrivalExtra(): string | undefined {
    const section = this.root.ifLoaded('rental')?.section;
    if (section === undefined || document.querySelector(`[data-rental-section="${section}"]`) === null)
      return undefined;
    if (PAYMENT_SECTIONS.has(section)) return this.keyTexts?.payAmountText(this.rentalStores());
    if (section === 'confirm_rental') return this.keyTexts?.confirmationHint(this.rentalStores());
    return undefined;
  }

  /**
   * The summary and price keys, and audio mode's controls (speech/AudioControls.ts: repeat, stop,
   * volume...): in audio mode only, so the keypad types normally otherwise.
   */
  private listenForSpeechKeys(): () => void {
    if (typeof window === 'undefined') return () => undefined;
    const onKey = (event: KeyboardEvent) => {
      if (!this.on || this.controls?.onKey(event)) return;
      const key = Object.entries(SPEECH_KEY_CODES).find(([, code]) => code === event.code)?.[0];
      if (key === undefined) return;
      event.preventDefault();
      if (key === 'repeat') return;
      void this.loadKeyTexts().then((texts) => {
        if (!texts || !this.on) return;
        this.send(key === 'summary' ? texts.summaryFor(this.rentalStores()) : texts.priceFor(this.rentalStores()));
      });
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }

  private listenForAudioKey(): () => void {
    if (typeof window === 'undefined') return () => undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.code !== AUDIO_KEY_CODE) return;
      // Never typed into a field: this key is the audio switch.
      event.preventDefault();
      this.toggleAudio();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }

  reset(): void {
    // Audio mode, the volume, the blank and the aloud choice are visitor preferences
    // (VisitorPreferences.reset); the kiosk's status stays. What this visitor heard goes.
    this.controls?.reset();
  }
}

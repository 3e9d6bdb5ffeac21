import {
  SPEECH_MAX_CHARS,
  speakableText,
  type SpeechLanguage,
  type SpeechPart,
  type SpeechStatus,
} from '@kiosk/shared-types';
import { makeAutoObservable, reaction, runInAction } from 'mobx';
import { i18next } from '../../i18n/setup';
import { FAILED, IDLE, isPending, LOADING, ready, valueOr, type Loadable } from '../../models/loadable';
import type { RootStore } from '../../stores/RootStore';

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
 * (after the rental: the unit and the gate code, digit by digit).
 */
export const SPEECH_KEY_CODES = { repeat: 'NumpadMultiply', summary: 'NumpadDivide', price: 'NumpadSubtract' } as const;

/** Rental sections where a payment is taken: the amount is said on arrival. */
const PAYMENT_SECTIONS = new Set(['swipe_scan', 'card_details']);

/** What the announcer adds to the page's own words (speech/announcer.ts). */
export interface AnnouncerExtras {
  onArrival?: () => string | undefined;
  subscribe?: (note: (text: string) => void) => () => void;
}
/** What starts the screen announcer: the module arrives only when a visitor turns audio on. */
export type AnnouncerStarter = (say: (text: string) => void, lead?: string, extras?: AnnouncerExtras) => () => void;
const loadAnnouncer = async (): Promise<AnnouncerStarter> => (await import('./speech/announcer')).startAnnouncer;
const loadKeyTexts = () => import('./speech/key-texts');
type KeyTexts = Awaited<ReturnType<typeof loadKeyTexts>>;

/**
 * Operator texts in another language than the visitor's are marked by the announcer
 * (speech/describe.ts, `visibleText`) as \uE000lang\uE001text\uE002: each becomes a part said in its
 * own language's voice.
 */
export function speechParts(text: string, lang: SpeechLanguage): SpeechPart[] {
  const parts: SpeechPart[] = [];
  const pattern = /\uE000(en|es)\uE001([^\uE002]*)\uE002/g;
  let at = 0;
  for (const match of text.matchAll(pattern)) {
    parts.push({ text: text.slice(at, match.index), lang }, { text: match[2]!, lang: match[1] as SpeechLanguage });
    at = match.index + match[0].length;
  }
  parts.push({ text: text.slice(at), lang });
  const merged: SpeechPart[] = [];
  for (const part of parts) {
    const clean = part.text
      .replace(/[\uE000-\uE002]/g, '')
      .replace(/\s+/g, ' ')
      .trim();
    if (clean === '') continue;
    const last = merged[merged.length - 1];
    if (last?.lang === part.lang) last.text = `${last.text} ${clean}`;
    else merged.push({ text: clean, lang: part.lang });
  }
  return merged;
}

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
  /** Whether the kiosk can speak, as the daemon answered; failed (no answer): it cannot. */
  status: Loadable<SpeechStatus> = IDLE;
  /** Said first when the announcer starts ("Audio on"), then the screen. */
  private lead: string | undefined = undefined;
  /** The visitor switched audio off and heard it said: nothing to stop. */
  private saidOff = false;
  /** The last utterance sent, for the repeat key. */
  private last: { text: string; lang: SpeechLanguage } | undefined = undefined;
  private keyTexts: KeyTexts | undefined = undefined;
  /** The running announcer's way to say news with the next utterance. */
  private note: ((text: string) => void) | undefined = undefined;

  constructor(
    readonly root: RootStore,
    private readonly announcer: () => Promise<AnnouncerStarter> = loadAnnouncer,
  ) {
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
          void Promise.all([this.announcer(), this.loadKeyTexts()]).then(
            ([startAnnouncer]) => {
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
          if (warning && valueOr(this.status, null)?.tone) void this.root.api.playTone().catch(() => undefined);
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
            this.note?.(i18next.t('rental.signing.signed_aloud', { document: name }));
        },
      ),
    ];
    return () => {
      for (const stop of stops) stop();
      stopAnnouncer?.();
    };
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
      this.lead = [
        i18next.t('shell.preferences.audio.turned_on'),
        offer,
        i18next.t('shell.preferences.audio.keys_help'),
      ]
        .filter(Boolean)
        .join(' ');
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

  private send(text: string, remember = true): void {
    const lang = this.root.preferences.language;
    const parts = speechParts(text, lang).map((part) => ({ ...part, text: speakableText(part.text, part.lang) }));
    const spoken = parts
      .map((part) => part.text)
      .join(' ')
      .slice(0, SPEECH_MAX_CHARS);
    if (spoken === '') return;
    if (remember) this.last = { text, lang };
    const request = parts.some((part) => part.lang !== lang) ? { text: spoken, lang, parts } : { text: spoken, lang };
    void this.root.api.speak(request).catch(() => undefined);
  }

  private subscribeNotes(note: (text: string) => void): () => void {
    this.note = note;
    return () => {
      if (this.note === note) this.note = undefined;
    };
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

  /** The repeat, summary and price keys: in audio mode only, so the keypad types normally otherwise. */
  private listenForSpeechKeys(): () => void {
    if (typeof window === 'undefined') return () => undefined;
    const onKey = (event: KeyboardEvent) => {
      const key = Object.entries(SPEECH_KEY_CODES).find(([, code]) => code === event.code)?.[0];
      if (key === undefined || !this.on) return;
      event.preventDefault();
      if (event.repeat) return;
      if (key === 'repeat') {
        if (this.last) this.send(this.last.text);
        return;
      }
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
      if (!event.repeat) this.toggleAudio();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }

  reset(): void {
    // Audio mode itself is a visitor preference (VisitorPreferences.reset); the kiosk's status stays.
  }
}

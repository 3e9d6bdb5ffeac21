import { makeAutoObservable } from 'mobx';
import type { RootStore } from '../../stores/RootStore';

export type KioskLanguage = 'en' | 'es';

/**
 * How this visitor wants the kiosk: language, speech, contrast, text size and reach. Chosen on
 * the welcome screen or the sidebar, kept for the session and forgotten with it (resetAll), so
 * the next visitor starts in English with the default display.
 */
export class VisitorPreferences {
  language: KioskLanguage = 'en';
  audio = false;
  highContrast = false;
  largeText = false;
  lowReach = false;
  /** Audio mode's volume level (1 = quietest); null: the facility's default. */
  volume: number | null = null;
  /** Audio mode's screen blank: the screen shows nothing while the kiosk speaks. */
  screenBlank = false;
  /** Private data said through the kiosk's speaker, as the visitor chose by a key. */
  privateAloud = false;

  constructor(readonly root: RootStore) {
    makeAutoObservable(this, { root: false }, { autoBind: true });
  }

  /** The language control: logged (the navigation log records the language of every event). */
  chooseLanguage(language: KioskLanguage): void {
    if (this.language === language) return;
    this.language = language;
    this.root.navigationLog.action('language', { language });
  }

  /** "High contrast": every text at 7:1 or more (WCAG AAA), in every state. */
  setHighContrast(on: boolean): void {
    this.highContrast = on;
  }

  /** "Large text": body text at least 24 px, headings larger. */
  setLargeText(on: boolean): void {
    this.largeText = on;
  }

  /** "Move controls down": every control within the seated visitor's reach (docs/accessibility.md). */
  setLowReach(on: boolean): void {
    this.lowReach = on;
  }

  /** Audio mode: the daemon speaks the screen (stores/SpeechStore.ts). */
  setAudio(on: boolean): void {
    this.audio = on;
  }

  /** Louder or softer (SpeechStore says the level). */
  setVolume(level: number): void {
    this.volume = level;
  }

  setScreenBlank(on: boolean): void {
    this.screenBlank = on;
  }

  setPrivateAloud(on: boolean): void {
    this.privateAloud = on;
  }

  reset(): void {
    this.language = 'en';
    this.audio = false;
    this.volume = null;
    this.screenBlank = false;
    this.privateAloud = false;
    this.highContrast = false;
    this.largeText = false;
    this.lowReach = false;
  }
}

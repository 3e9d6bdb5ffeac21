import { makeAutoObservable } from 'mobx';
import type { RootStore } from './RootStore';

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

  constructor(readonly root: RootStore) {
    makeAutoObservable(this, { root: false }, { autoBind: true });
  }

  setAudio(on: boolean): void {
    this.audio = on;
  }

  reset(): void {
    this.language = 'en';
    this.audio = false;
    this.highContrast = false;
    this.largeText = false;
    this.lowReach = false;
  }
}

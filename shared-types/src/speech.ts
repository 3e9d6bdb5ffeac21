/**
 * Speech output (docs/accessibility.md, "Speech"): what the UI may ask the daemon to say, and the
 * rule that keeps card numbers out of it. The UI applies it before sending and the daemon again
 * before synthesising, as with log masking.
 */

/** The languages the kiosk speaks: the catalogue's languages. */
export const SPEECH_LANGUAGES = ['en', 'es'] as const;
export type SpeechLanguage = (typeof SPEECH_LANGUAGES)[number];

/** The longest utterance the daemon accepts: a screen's title and prompt fit many times over. */
export const SPEECH_MAX_CHARS = 1000;

/** The speech device as the UI and support staff see it. */
export interface SpeechStatus {
  /** espeak-ng and the play command are there: the audio control is shown. */
  available: boolean;
  /** The operator muted the kiosk's own sounds (KIOSK_MUTED): no idle-warning tone. */
  muted: boolean;
  /** The idle warning's tone plays: not muted, and the play command is there. */
  tone: boolean;
  /** Why speech is unavailable (for support staff), when it is. */
  problem?: string;
}

export interface SpeechRequest {
  text: string;
  lang: SpeechLanguage;
}

/** 12 to 19 digits with single spaces or dashes between: a card number as a field shows it. */
const CARD_RUN = /(?<![0-9])(?:[0-9][ -]?){11,18}[0-9](?![0-9])/g;

const ENDING_IN: Record<SpeechLanguage, string> = { en: 'card ending in', es: 'tarjeta terminada en' };

/**
 * Text as it may be spoken: every card-number-like run becomes its last four digits, read one by
 * one ("card ending in 1 1 1 1"). CVV and passwords never get here: the UI speaks their length only.
 */
export function speakableText(text: string, lang: SpeechLanguage): string {
  return text.replace(CARD_RUN, (run) => {
    const last4 = run.replace(/[^0-9]/g, '').slice(-4);
    return `${ENDING_IN[lang]} ${last4.split('').join(' ')}`;
  });
}

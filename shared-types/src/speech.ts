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

/** A stretch of an utterance in one language (an operator's English text on a Spanish screen). */
export interface SpeechPart {
  text: string;
  lang: SpeechLanguage;
}

/** The most parts one utterance may have. */
export const SPEECH_MAX_PARTS = 20;

export interface SpeechRequest {
  /** The whole utterance (its parts joined): limits and masking apply to it. */
  text: string;
  /** The visitor's language: the utterance's voice, unless parts say otherwise. */
  lang: SpeechLanguage;
  /** The utterance in stretches, each said in its own language's voice, in order. */
  parts?: SpeechPart[];
}

/** 12 to 19 digits with single spaces or dashes between: a card number as a field shows it. */
const CARD_RUN = /(?<![0-9])(?:[0-9][ -]?){11,18}[0-9](?![0-9])/g;

/** An SSN as a field shows it: 3, 2 and 4 digits with dashes or spaces between. */
const SSN_RUN = /(?<![0-9])[0-9]{3}[ -][0-9]{2}[ -][0-9]{4}(?![0-9])/g;

const ENDING_IN: Record<SpeechLanguage, string> = { en: 'card ending in', es: 'tarjeta terminada en' };
const SSN_HIDDEN: Record<SpeechLanguage, string> = { en: 'a Social Security number', es: 'un número de Seguro Social' };

/** Digits read one by one: "4827" -> "4 8 2 7" (a gate code, a card's last four). */
export function digitByDigit(digits: string): string {
  return digits.split('').join(' ');
}

/**
 * Text as it may be spoken: every card-number-like run becomes its last four digits, read one by
 * one ("card ending in 1 1 1 1"), and an SSN-like run is not read at all. Fields are cut before
 * they get here by the same rule as log masking (`fieldSecrecy`): a CVV, password, SSN or expiry
 * says its length only, a card number typed so far its last four digits.
 */
export function speakableText(text: string, lang: SpeechLanguage): string {
  return text
    .replace(CARD_RUN, (run) => `${ENDING_IN[lang]} ${digitByDigit(run.replace(/[^0-9]/g, '').slice(-4))}`)
    .replace(SSN_RUN, SSN_HIDDEN[lang]);
}

/** POST /device/speech and /device/tone: the sound started; `overtaken` when it cut another off. */
export interface SoundStarted {
  utteranceId: string;
  overtaken?: boolean;
}

/** POST /device/speech/stop: whether something was playing. */
export interface SpeechStopped {
  stopped: boolean;
}

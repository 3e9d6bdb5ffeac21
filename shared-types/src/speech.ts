/**
 * Speech output (docs/accessibility.md, "Speech"): what the UI may ask the daemon to say, the
 * rule that keeps card numbers out of it (the UI applies it before sending and the daemon again
 * before synthesising, as with log masking), the volume levels and which stretches are private.
 */

/** The languages the kiosk speaks: the catalogue's languages. */
export const SPEECH_LANGUAGES = ['en', 'es'] as const;
export type SpeechLanguage = (typeof SPEECH_LANGUAGES)[number];

/** The longest utterance the daemon accepts: a screen's title and prompt fit many times over. */
export const SPEECH_MAX_CHARS = 1000;

/**
 * The volume levels (docs/accessibility.md, "Volume"): 5 levels 6 dB apart, so 24 dB from the
 * quietest to the loudest and the middle one 12 dB above the quietest (EN 301 549 §8.2.1 asks for
 * 18 dB with a 12 dB step). The loudest is the facility's maximum (KIOSK_SPEECH_VOLUME_MAX_DB; 0 dB
 * is the synthesiser's own full output, which peaks near full scale, so nothing above it).
 */
export const SPEECH_VOLUME = {
  levels: 5,
  stepDb: 6,
  maxDb: { default: 0, min: -30, max: 0 },
} as const;

/** Each level's gain in dB, quietest first, for a facility's maximum: -24, -18, -12, -6, 0 by default. */
export function volumeLevelsDb(maxDb: number): number[] {
  return Array.from(
    { length: SPEECH_VOLUME.levels },
    (_, index) => maxDb - (SPEECH_VOLUME.levels - 1 - index) * SPEECH_VOLUME.stepDb,
  );
}

/** The volume levels as the UI reads them. */
export interface SpeechVolume {
  /** Each level's gain in dB, quietest first: level 1 is `levelsDb[0]`. */
  levelsDb: number[];
  /** The level every visit starts at (1-based), the facility's default. */
  default: number;
}

/**
 * How the kiosk's sound reaches the visitor (KIOSK_SPEECH_PRIVATE_LISTENING): through its speaker
 * only (`none`), a speaker and a headphone jack whose state the sound card reports (`jack`), or a
 * handset or headphones only (`handset`).
 */
export const PRIVATE_LISTENING_SETUPS = ['none', 'jack', 'handset'] as const;
export type PrivateListeningSetup = (typeof PRIVATE_LISTENING_SETUPS)[number];

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
  volume: SpeechVolume;
  privateListening: PrivateListeningSetup;
  /** Sound goes to a handset or headphones (a handset kiosk, or headphones in the jack when it was last read). */
  headphones: boolean;
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
  /** The volume level (1-based, SpeechStatus.volume); the facility's default without. */
  volume?: number;
  /**
   * The utterance holds private data (gate code, balance, name, address, card digits, a tenant's
   * unit): this is said instead unless the sound goes to headphones or the visitor chose `aloud`.
   */
  withheld?: { text: string; parts?: SpeechPart[] };
  /** The visitor chose, by a key, to hear private data through the kiosk's speaker. */
  aloud?: boolean;
}

/** POST /device/tone, /device/speech/resume: at which volume level. */
export interface VolumeRequest {
  volume?: number;
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

/**
 * POST /device/speech and /device/tone: the sound started; `overtaken` when a newer one came
 * first; `withheld` when the utterance's private data was not said (no headphones, no `aloud`).
 */
export interface SoundStarted {
  utteranceId: string;
  overtaken?: boolean;
  withheld?: boolean;
}

/** POST /device/speech/pause: whether an utterance was playing (it is kept for resume). */
export interface SpeechPaused {
  paused: boolean;
}

/** POST /device/speech/resume: whether a paused utterance goes on (false: nothing was paused). */
export interface SpeechResumed {
  resumed: boolean;
}

/** POST /device/speech/stop: whether something was playing. */
export interface SpeechStopped {
  stopped: boolean;
}

/**
 * Private stretches of an utterance are marked \uE003…\uE004 by the UI (kiosk-ui speech/private-stretches.ts); the
 * marks never reach the daemon: the UI sends the utterance whole, and with each stretch replaced
 * by a word as its `withheld` text.
 */
export const PRIVATE_OPEN = '\uE003';
export const PRIVATE_CLOSE = '\uE004';

/** Whether an utterance holds a private stretch. */
export function hasPrivate(text: string): boolean {
  return text.includes(PRIVATE_OPEN);
}

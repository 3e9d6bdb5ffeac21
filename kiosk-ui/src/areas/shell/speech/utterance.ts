import {
  SPEECH_MAX_CHARS,
  speakableText,
  type SpeechLanguage,
  type SpeechPart,
  type SpeechRequest,
} from '@kiosk/shared-types';

/**
 * What the daemon is asked to say (docs/accessibility.md, "Speech"): the text masked (card numbers
 * to their last four digits), cut in parts by language, at the visitor's volume level. Loaded
 * with audio mode's controls (speech/AudioControls.ts), which send every utterance.
 */

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

/** The request for an utterance, masked, in parts where languages change; undefined when nothing is left to say. */
export function speechRequest(text: string, lang: SpeechLanguage, volume?: number): SpeechRequest | undefined {
  const parts = speechParts(text, lang).map((part) => ({ ...part, text: speakableText(part.text, part.lang) }));
  const spoken = parts
    .map((part) => part.text)
    .join(' ')
    .slice(0, SPEECH_MAX_CHARS);
  if (spoken === '') return undefined;
  return {
    text: spoken,
    lang,
    ...(parts.some((part) => part.lang !== lang) ? { parts } : {}),
    ...(volume === undefined ? {} : { volume }),
  };
}

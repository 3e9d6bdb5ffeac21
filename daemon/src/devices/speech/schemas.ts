import { Type, type Static } from 'typebox';
import {
  SPEECH_MAX_CHARS,
  SPEECH_MAX_PARTS,
  type SoundStarted,
  type SpeechRequest,
  type SpeechStatus,
  type SpeechStopped,
} from '@kiosk/shared-types';
import type { Assert, Same } from '../../route-schema.js';

/** The speech output's bodies and answers (shared-types speech.ts). */
export const SpeechBodySchema = Type.Object(
  {
    text: Type.String({ maxLength: SPEECH_MAX_CHARS }),
    // Any short string here, so an unknown language gets its own message below.
    lang: Type.String({ maxLength: 16 }),
    // Stretches in their own languages (an operator's English text on a Spanish screen), in order.
    parts: Type.Optional(
      Type.Array(
        Type.Object(
          { text: Type.String({ maxLength: SPEECH_MAX_CHARS }), lang: Type.String({ maxLength: 16 }) },
          { additionalProperties: false },
        ),
        { minItems: 1, maxItems: SPEECH_MAX_PARTS },
      ),
    ),
  },
  { additionalProperties: false },
);

export const SoundStartedSchema = Type.Object({ utteranceId: Type.String(), overtaken: Type.Optional(Type.Boolean()) });
type _StartedIsShared = Assert<Same<Static<typeof SoundStartedSchema>, SoundStarted>>;

export const SpeechStoppedSchema = Type.Object({ stopped: Type.Boolean() });
type _StoppedIsShared = Assert<Same<Static<typeof SpeechStoppedSchema>, SpeechStopped>>;

export const SpeechStatusSchema = Type.Object({
  available: Type.Boolean(),
  muted: Type.Boolean(),
  tone: Type.Boolean(),
  problem: Type.Optional(Type.String()),
});
type _StatusIsShared = Assert<Same<Static<typeof SpeechStatusSchema>, SpeechStatus>>;
/** Wider than SpeechRequest (any language code, so an unknown one gets its own message): the UI's requests fit. */
type _RequestFits = Assert<SpeechRequest extends Static<typeof SpeechBodySchema> ? true : false>;

import { Type, type Static } from 'typebox';
import {
  PRIVATE_LISTENING_SETUPS,
  SPEECH_MAX_CHARS,
  SPEECH_MAX_PARTS,
  SPEECH_VOLUME,
  type SoundStarted,
  type SpeechPaused,
  type SpeechRequest,
  type SpeechResumed,
  type SpeechStatus,
  type SpeechStopped,
  type VolumeRequest,
} from '@kiosk/shared-types';
import type { Assert, Same } from '../../route-schema.js';

// Stretches in their own languages (an operator's English text on a Spanish screen), in order.
const PartsSchema = Type.Array(
  Type.Object(
    { text: Type.String({ maxLength: SPEECH_MAX_CHARS }), lang: Type.String({ maxLength: 16 }) },
    { additionalProperties: false },
  ),
  { minItems: 1, maxItems: SPEECH_MAX_PARTS },
);

/** A volume level, 1 (quietest) to SPEECH_VOLUME.levels (the facility's maximum). */
const VolumeSchema = Type.Integer({ minimum: 1, maximum: SPEECH_VOLUME.levels });

/** The speech output's bodies and answers (shared-types speech.ts). */
export const SpeechBodySchema = Type.Object(
  {
    text: Type.String({ maxLength: SPEECH_MAX_CHARS }),
    // Any short string here, so an unknown language gets its own message below.
    lang: Type.String({ maxLength: 16 }),
    parts: Type.Optional(PartsSchema),
    volume: Type.Optional(VolumeSchema),
    // What is said instead of an utterance with private data, through the speaker.
    withheld: Type.Optional(
      Type.Object(
        { text: Type.String({ maxLength: SPEECH_MAX_CHARS }), parts: Type.Optional(PartsSchema) },
        { additionalProperties: false },
      ),
    ),
    aloud: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

export const VolumeBodySchema = Type.Object({ volume: Type.Optional(VolumeSchema) }, { additionalProperties: false });
type _VolumeIsShared = Assert<Same<Static<typeof VolumeBodySchema>, VolumeRequest>>;

export const SoundStartedSchema = Type.Object({
  utteranceId: Type.String(),
  overtaken: Type.Optional(Type.Boolean()),
  withheld: Type.Optional(Type.Boolean()),
});
type _StartedIsShared = Assert<Same<Static<typeof SoundStartedSchema>, SoundStarted>>;

export const SpeechStoppedSchema = Type.Object({ stopped: Type.Boolean() });
type _StoppedIsShared = Assert<Same<Static<typeof SpeechStoppedSchema>, SpeechStopped>>;

export const SpeechPausedSchema = Type.Object({ paused: Type.Boolean() });
type _PausedIsShared = Assert<Same<Static<typeof SpeechPausedSchema>, SpeechPaused>>;

export const SpeechResumedSchema = Type.Object({ resumed: Type.Boolean() });
type _ResumedIsShared = Assert<Same<Static<typeof SpeechResumedSchema>, SpeechResumed>>;

export const SimulateHeadphonesSchema = Type.Object({ headphones: Type.Boolean() }, { additionalProperties: false });

export const SpeechStatusSchema = Type.Object({
  available: Type.Boolean(),
  muted: Type.Boolean(),
  tone: Type.Boolean(),
  problem: Type.Optional(Type.String()),
  volume: Type.Object({ levelsDb: Type.Array(Type.Number()), default: Type.Integer() }),
  privateListening: Type.Enum(PRIVATE_LISTENING_SETUPS, { type: 'string' }),
  headphones: Type.Boolean(),
});
type _StatusIsShared = Assert<Same<Static<typeof SpeechStatusSchema>, SpeechStatus>>;
/** Wider than SpeechRequest (any language code, so an unknown one gets its own message): the UI's requests fit. */
type _RequestFits = Assert<SpeechRequest extends Static<typeof SpeechBodySchema> ? true : false>;

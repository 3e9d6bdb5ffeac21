import type { FastifyReply, FastifyRequest, FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { SPEECH_LANGUAGES, SPEECH_MAX_CHARS, type SpeechLanguage, type SpeechPart } from '@kiosk/shared-types';
import { isAllowedOrigin } from '../../plugins/origin.js';
import { sendDaemonError } from '../../plugins/error-handler.js';
import { ErrorBody } from '../../route-schema.js';
import type { SoundRefused } from './service.js';
import {
  SimulateHeadphonesSchema,
  SoundStartedSchema,
  SpeechBodySchema,
  SpeechPausedSchema,
  SpeechResumedSchema,
  SpeechStatusSchema,
  SpeechStoppedSchema,
  VolumeBodySchema,
} from './schemas.js';

const refusals = { 400: ErrorBody, 403: ErrorBody, 409: ErrorBody, 503: ErrorBody };

function isSpeechLanguage(lang: string): lang is SpeechLanguage {
  return (SPEECH_LANGUAGES as readonly string[]).includes(lang);
}

/**
 * The speech output's routes for the UI. Only the kiosk's own page may make the kiosk talk: a
 * request from a foreign origin is refused, as on /events.
 */
export function speechRoutes(app: FastifyInstance): void {
  async function ownOrigin(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (isAllowedOrigin(request.headers.origin, request.headers.host, app.config)) return;
    await sendDaemonError(reply, 403, 'Only the kiosk page may use the kiosk speech output.');
  }

  /** A call without a body (the tone before it took a volume) is one with an empty body. */
  async function ownOriginEmptyBody(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    request.body ??= {};
    await ownOrigin(request, reply);
  }

  const refuse = (reply: FastifyReply, refused: SoundRefused) => {
    return sendDaemonError(reply, refused.reason === 'muted' ? 409 : 503, refused.message, refused.reason);
  };

  const routes = app.withTypeProvider<TypeBoxTypeProvider>();

  routes.get('/device/speech', { schema: { response: { 200: SpeechStatusSchema } } }, async () => app.speech.status());

  routes.post(
    '/device/speech',
    {
      preValidation: ownOrigin,
      schema: { body: SpeechBodySchema, response: { 200: SoundStartedSchema, ...refusals } },
    },
    async (request, reply) => {
      const { text, lang, parts, volume, withheld, aloud } = request.body;
      const unknown = [lang, ...[...(parts ?? []), ...(withheld?.parts ?? [])].map((part) => part.lang)].find(
        (code) => !isSpeechLanguage(code),
      );
      if (unknown !== undefined) {
        return sendDaemonError(
          reply,
          400,
          `Unknown language "${unknown.replace(/[^\w-]/g, '')}": the kiosk speaks ${SPEECH_LANGUAGES.join(' or ')}.`,
        );
      }
      if (text.trim() === '' || withheld?.text.trim() === '')
        return sendDaemonError(reply, 400, 'Nothing to say: the text is empty.');
      const said = [parts, withheld?.parts].map((list) => list?.map((part) => part.text).join(' ') ?? '');
      if (said.some((words) => words.length > SPEECH_MAX_CHARS)) {
        return sendDaemonError(
          reply,
          400,
          `Too long: an utterance's parts have at most ${SPEECH_MAX_CHARS} characters.`,
        );
      }
      const outcome = await app.speech.speak(text, lang as SpeechLanguage, {
        parts: parts as SpeechPart[] | undefined,
        volume,
        withheld: withheld as { text: string; parts?: SpeechPart[] } | undefined,
        aloud,
      });
      if (!outcome.started) return refuse(reply, outcome);
      return {
        utteranceId: outcome.utteranceId,
        ...(outcome.overtaken ? { overtaken: true } : {}),
        ...(outcome.withheld ? { withheld: true } : {}),
      };
    },
  );

  routes.post(
    '/device/speech/stop',
    {
      preValidation: ownOrigin,
      schema: { response: { 200: SpeechStoppedSchema, ...refusals } },
    },
    async () => ({ stopped: app.speech.stop() }),
  );

  routes.post(
    '/device/speech/pause',
    { preValidation: ownOrigin, schema: { response: { 200: SpeechPausedSchema, ...refusals } } },
    async () => ({ paused: app.speech.pause() }),
  );

  routes.post(
    '/device/speech/resume',
    {
      preValidation: ownOriginEmptyBody,
      schema: { body: VolumeBodySchema, response: { 200: SpeechResumedSchema, ...refusals } },
    },
    async (request, reply) => {
      const outcome = await app.speech.resume(request.body.volume);
      if (!outcome.started && outcome.reason !== 'nothing') return refuse(reply, outcome);
      return { resumed: outcome.started };
    },
  );

  routes.post(
    '/device/tone',
    {
      preValidation: ownOriginEmptyBody,
      schema: { body: VolumeBodySchema, response: { 200: SoundStartedSchema, ...refusals } },
    },
    async (request, reply) => {
      const outcome = await app.speech.playTone(request.body.volume);
      if (!outcome.started) return refuse(reply, outcome);
      return { utteranceId: outcome.utteranceId };
    },
  );

  // Demo and test switch: headphones in the simulated jack (sandbox mode, KIOSK_SIMULATE_HEADPHONE_JACK).
  if (!app.config.simulateHeadphoneJack) return;
  routes.post(
    '/device/speech/simulate',
    {
      preValidation: ownOrigin,
      schema: { body: SimulateHeadphonesSchema, response: { 200: SimulateHeadphonesSchema, ...refusals } },
    },
    async (request) => {
      app.speech.simulateHeadphones(request.body.headphones);
      return { headphones: request.body.headphones };
    },
  );
}

import type { FastifyReply, FastifyRequest, FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { SPEECH_LANGUAGES, SPEECH_MAX_CHARS, type SpeechLanguage, type SpeechPart } from '@kiosk/shared-types';
import { isAllowedOrigin } from '../../plugins/origin.js';
import { sendDaemonError } from '../../plugins/error-handler.js';
import { ErrorBody } from '../../route-schema.js';
import type { SoundRefused } from './service.js';
import { SoundStartedSchema, SpeechBodySchema, SpeechStatusSchema, SpeechStoppedSchema } from './schemas.js';

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
      const { text, lang, parts } = request.body;
      const unknown = [lang, ...(parts ?? []).map((part) => part.lang)].find((code) => !isSpeechLanguage(code));
      if (unknown !== undefined) {
        return sendDaemonError(
          reply,
          400,
          `Unknown language "${unknown.replace(/[^\w-]/g, '')}": the kiosk speaks ${SPEECH_LANGUAGES.join(' or ')}.`,
        );
      }
      if (text.trim() === '') return sendDaemonError(reply, 400, 'Nothing to say: the text is empty.');
      const said = parts?.map((part) => part.text).join(' ') ?? '';
      if (said.length > SPEECH_MAX_CHARS) {
        return sendDaemonError(
          reply,
          400,
          `Too long: an utterance's parts have at most ${SPEECH_MAX_CHARS} characters.`,
        );
      }
      const outcome = await app.speech.speak(text, lang as SpeechLanguage, parts as SpeechPart[] | undefined);
      if (!outcome.started) return refuse(reply, outcome);
      return { utteranceId: outcome.utteranceId, ...(outcome.overtaken ? { overtaken: true } : {}) };
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
    '/device/tone',
    { preValidation: ownOrigin, schema: { response: { 200: SoundStartedSchema, ...refusals } } },
    async (_request, reply) => {
      const outcome = await app.speech.playTone();
      if (!outcome.started) return refuse(reply, outcome);
      return { utteranceId: outcome.utteranceId };
    },
  );
}

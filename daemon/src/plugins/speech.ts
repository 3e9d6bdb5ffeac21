import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Counter, Gauge } from 'prom-client';
import { Type } from 'typebox';
import {
  SPEECH_LANGUAGES,
  SPEECH_MAX_CHARS,
  SPEECH_MAX_PARTS,
  type SpeechLanguage,
  type SpeechPart,
} from '@kiosk/shared-types';
import { configuredSecrets } from '../secrets.js';
import { SpeechService, type SoundRefused } from '../speech/speech-service.js';
import { isAllowedOrigin } from './events.js';
import { sendDaemonError } from './error-handler.js';
import { ErrorBody } from '../route-schema.js';

/**
 * Speech output and the idle warning's tone (docs/accessibility.md, "Speech"): routes for the UI,
 * the state in /health/ready (health.ts) and two metrics. Only the kiosk's own page may make the
 * kiosk talk: a request from a foreign origin is refused, as on /events.
 */
declare module 'fastify' {
  interface FastifyInstance {
    speech: SpeechService;
  }
}

const SpeechBody = Type.Object(
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

const Started = Type.Object({ utteranceId: Type.String(), overtaken: Type.Optional(Type.Boolean()) });
const Status = Type.Object({
  available: Type.Boolean(),
  muted: Type.Boolean(),
  tone: Type.Boolean(),
  problem: Type.Optional(Type.String()),
});
const refusals = { 400: ErrorBody, 403: ErrorBody, 409: ErrorBody, 503: ErrorBody };

function isSpeechLanguage(lang: string): lang is SpeechLanguage {
  return (SPEECH_LANGUAGES as readonly string[]).includes(lang);
}

export default fp(
  async (app) => {
    const { config } = app;
    const registers = [app.metrics.registry];
    const sounds = new Counter({
      name: 'kiosk_speech_sounds_total',
      help: 'Utterances and idle-warning tones by how they ended: played, interrupted, failed',
      labelNames: ['kind', 'outcome'],
      registers,
    });
    for (const kind of ['speech', 'tone'])
      for (const outcome of ['played', 'interrupted', 'failed']) sounds.inc({ kind, outcome }, 0);
    const speech = new SpeechService({
      command: config.speechCommand,
      voices: config.speechVoices,
      rate: config.speechRate,
      playCommand: config.speechPlayCommand,
      muted: config.muted,
      secrets: configuredSecrets(config),
      log: app.log.child({ component: 'speech' }),
      onSound: (kind, outcome) => sounds.inc({ kind, outcome }),
    });
    new Gauge({
      name: 'kiosk_speech_up',
      help: '1 when the kiosk can speak (espeak-ng and the play command are installed), 0 otherwise',
      registers,
      collect() {
        this.set(speech.status().available ? 1 : 0);
      },
    });
    app.decorate('speech', speech);
    app.addHook('onClose', async () => speech.close());

    async function ownOrigin(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      if (isAllowedOrigin(request.headers.origin, request.headers.host, config)) return;
      await sendDaemonError(reply, 403, 'Only the kiosk page may use the kiosk speech output.');
    }

    const refuse = (reply: FastifyReply, refused: SoundRefused) => {
      return sendDaemonError(reply, refused.reason === 'muted' ? 409 : 503, refused.message, refused.reason);
    };

    const routes = app.withTypeProvider<TypeBoxTypeProvider>();

    routes.get('/device/speech', { schema: { response: { 200: Status } } }, async () => speech.status());

    routes.post(
      '/device/speech',
      { preValidation: ownOrigin, schema: { body: SpeechBody, response: { 200: Started, ...refusals } } },
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
        const outcome = await speech.speak(text, lang as SpeechLanguage, parts as SpeechPart[] | undefined);
        if (!outcome.started) return refuse(reply, outcome);
        return { utteranceId: outcome.utteranceId, ...(outcome.overtaken ? { overtaken: true } : {}) };
      },
    );

    routes.post(
      '/device/speech/stop',
      {
        preValidation: ownOrigin,
        schema: { response: { 200: Type.Object({ stopped: Type.Boolean() }), ...refusals } },
      },
      async () => ({ stopped: speech.stop() }),
    );

    routes.post(
      '/device/tone',
      { preValidation: ownOrigin, schema: { response: { 200: Started, ...refusals } } },
      async (_request, reply) => {
        const outcome = await speech.playTone();
        if (!outcome.started) return refuse(reply, outcome);
        return { utteranceId: outcome.utteranceId };
      },
    );
  },
  { name: 'speech', fastify: '5.x', dependencies: ['metrics'] },
);

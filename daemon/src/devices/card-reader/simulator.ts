import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { CARD_READER, type DecryptedCardSwipe } from '@kiosk/shared-types';
import type { AddressInfo } from 'node:net';
import { Type } from 'typebox';
import { portIsFree, reachableHost } from '../../listen-address.js';
import type { DeviceSimulator } from '../device.js';

/**
 * A stand-in for the card-reader device service (protocol in docs/card-reader.md), listening like
 * the real one. RequestCardSwipe waits for a "swipe" like a real reader waits for a card: a control
 * call (a test, or the demo button) decides what the reader returns.
 *
 * Control:
 *   POST /__simulator/next   { outcome, name? }  what the pending or next RequestCardSwipe returns
 *   POST /__simulator/health { ok, answer? }     CheckHealth OK or not; answer false: it never answers
 *   GET  /__simulator/state                      { healthy, healthAnswers, waiting, queued, swipeRequests }
 *   POST /__simulator/reset
 */

export const SIMULATOR_OUTCOMES = ['approve', 'amex', 'decline', 'nsf', 'fail', 'hang', 'garbage', 'timeout'] as const;
export type SimulatorOutcome = (typeof SIMULATOR_OUTCOMES)[number];

/** The sandbox's test cards (CONTRIBUTING.md); the sandbox payment routes decide by number (card-outcome.ts). */
export const SIMULATOR_CARDS = {
  approve: '4111111111111111',
  amex: '378282246310005',
  decline: '4000000000000002',
  nsf: '4000000000009995',
} as const;
type CardOutcome = keyof typeof SIMULATOR_CARDS;

export const SIMULATOR_DEFAULT_NAME = 'JANE Q TENANT';
const ENCRYPTION_PREFIX = 'SIMENC:';

/** The simulator's stand-in for the reader's encryption; the sandbox credit-card/ route reverses it. */
export function encryptSimulatedSwipe(card: DecryptedCardSwipe): string {
  return ENCRYPTION_PREFIX + Buffer.from(JSON.stringify(card), 'utf8').toString('base64');
}

/** Reverse of encryptSimulatedSwipe; undefined when the data is not a simulated swipe. */
export function decryptSimulatedSwipe(cardData: string): DecryptedCardSwipe | undefined {
  if (!cardData.startsWith(ENCRYPTION_PREFIX)) return undefined;
  try {
    const value = JSON.parse(
      Buffer.from(cardData.slice(ENCRYPTION_PREFIX.length), 'base64').toString('utf8'),
    ) as Partial<DecryptedCardSwipe>;
    const { name, card_number, exp_month, exp_year } = value;
    if ([name, card_number, exp_month, exp_year].some((field) => typeof field !== 'string')) return undefined;
    return { name: name!, card_number: card_number!, exp_month: exp_month!, exp_year: exp_year! };
  } catch {
    return undefined;
  }
}

export interface CardReaderSimulatorOptions {
  logger?: boolean | object;
  /** How long an unanswered RequestCardSwipe waits for a control call; default WaitTime seconds. */
  waitTimeMs?: number;
}

interface Swipe {
  outcome: SimulatorOutcome;
  name?: string;
}

interface SwipeReply {
  status: number;
  body: string;
}

function replyFor(swipe: Swipe): SwipeReply | 'hang' {
  switch (swipe.outcome) {
    case 'hang':
      return 'hang';
    case 'fail':
      return { status: 500, body: JSON.stringify({ Status: 'Error', Message: 'Reader failure' }) };
    case 'garbage':
      return { status: 200, body: '\u0002%B4111^GARBLED?\u0003 not json' };
    case 'timeout':
      return { status: 200, body: JSON.stringify({ Status: 'Timeout' }) };
    default: {
      const card_number = SIMULATOR_CARDS[swipe.outcome as CardOutcome];
      const card: DecryptedCardSwipe = {
        name: swipe.name ?? SIMULATOR_DEFAULT_NAME,
        card_number,
        exp_month: '12',
        exp_year: '30',
      };
      return { status: 200, body: JSON.stringify({ Status: 'OK', CardData: encryptSimulatedSwipe(card) }) };
    }
  }
}

export async function buildCardReaderSimulator(opts: CardReaderSimulatorOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: (opts.logger ?? false) as FastifyServerOptions['logger'],
    // A hung swipe keeps its connection open; closing the simulator must not wait for it.
    forceCloseConnections: true,
  }).withTypeProvider<TypeBoxTypeProvider>();

  let healthy = true;
  /** false: CheckHealth keeps the connection open and never answers (a hung device service). */
  let healthAnswers = true;
  let swipeRequests = 0;
  const queue: Swipe[] = [];
  /** The RequestCardSwipe waiting for a card, if any. */
  let waiting: ((swipe: Swipe) => void) | undefined;

  const defaultWaitMs = opts.waitTimeMs;

  const HealthAnswer = Type.Object({ statusText: Type.String() });
  app.get(
    '/CheckHealth',
    { schema: { response: { 200: HealthAnswer, 503: HealthAnswer } } },
    async (_request, reply) => {
      if (!healthAnswers) return reply.hijack();
      if (healthy) return { statusText: 'OK' };
      return reply.code(503).send({ statusText: 'Reader not connected' });
    },
  );

  app.post(
    '/RequestCardSwipe',
    // The device service checks its request itself (its own error answer): the schema validates nothing.
    { schema: { body: Type.Unsafe<{ ConnectionType?: unknown; WaitTime?: unknown } | undefined>({}) } },
    async (request, reply) => {
      swipeRequests += 1;
      const body = request.body ?? {};
      if (body.ConnectionType !== CARD_READER.connectionType) {
        return reply
          .code(400)
          .send({ Status: 'Error', Message: `ConnectionType must be ${CARD_READER.connectionType}` });
      }
      if (waiting !== undefined)
        return reply.code(409).send({ Status: 'Error', Message: 'A swipe is already pending' });
      const waitSeconds = typeof body.WaitTime === 'number' && body.WaitTime > 0 ? body.WaitTime : CARD_READER.waitTime;

      const swipe =
        queue.shift() ??
        (await new Promise<Swipe>((resolve) => {
          const timer = setTimeout(() => finish({ outcome: 'timeout' }), defaultWaitMs ?? waitSeconds * 1000);
          const finish = (chosen: Swipe): void => {
            clearTimeout(timer);
            waiting = undefined;
            resolve(chosen);
          };
          waiting = finish;
          // The daemon gave up (cancel or its own deadline): stop waiting, so the next swipe can start.
          // (reply.raw, not request.raw: a request's 'close' fires once its body has been read.)
          reply.raw.once('close', () => {
            if (waiting === finish) finish({ outcome: 'timeout' });
          });
        }));

      const answer = replyFor(swipe);
      if (answer === 'hang') {
        // Never answer; the connection stays open until the client gives up or the simulator closes.
        return reply.hijack();
      }
      return reply.code(answer.status).header('content-type', 'application/json').send(answer.body);
    },
  );

  app.post(
    '/__simulator/next',
    {
      schema: {
        body: Type.Object(
          {
            outcome: Type.Enum(SIMULATOR_OUTCOMES, { type: 'string' }),
            name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
          },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({ outcome: Type.Enum(SIMULATOR_OUTCOMES, { type: 'string' }), delivered: Type.Boolean() }),
        },
      },
    },
    async (request) => {
      const swipe: Swipe = request.body.name === undefined ? { outcome: request.body.outcome } : request.body;
      if (waiting !== undefined) {
        waiting(swipe);
        return { outcome: swipe.outcome, delivered: true };
      }
      queue.push(swipe);
      return { outcome: swipe.outcome, delivered: false };
    },
  );

  app.post(
    '/__simulator/health',
    {
      schema: {
        body: Type.Object({ ok: Type.Boolean(), answer: Type.Optional(Type.Boolean()) }),
        response: { 200: Type.Object({ ok: Type.Boolean(), answer: Type.Boolean() }) },
      },
    },
    async (request) => {
      healthy = request.body.ok;
      healthAnswers = request.body.answer ?? true;
      return { ok: healthy, answer: healthAnswers };
    },
  );

  const SimulatorState = Type.Object({
    healthy: Type.Boolean(),
    healthAnswers: Type.Boolean(),
    waiting: Type.Boolean(),
    queued: Type.Integer(),
    swipeRequests: Type.Integer(),
  });
  app.get('/__simulator/state', { schema: { response: { 200: SimulatorState } } }, async () => ({
    healthy,
    healthAnswers,
    waiting: waiting !== undefined,
    queued: queue.length,
    swipeRequests,
  }));

  app.post(
    '/__simulator/reset',
    { schema: { response: { 200: Type.Object({ reset: Type.Literal(true) }) } } },
    async () => {
      healthy = true;
      healthAnswers = true;
      queue.length = 0;
      swipeRequests = 0;
      waiting?.({ outcome: 'timeout' });
      return { reset: true as const };
    },
  );

  app.addHook('onClose', async () => {
    waiting?.({ outcome: 'timeout' });
  });

  return app;
}

/** Started by main.ts in place of the device service when KIOSK_SIMULATE_CARD_READER is on. */
export const cardReaderSimulator: DeviceSimulator = {
  wanted: (config) => config.simulateCardReader,
  async start(config, logger) {
    const simulator = await buildCardReaderSimulator({ logger });
    const wanted = new URL(config.cardReaderUrl);
    const host = wanted.hostname.replace(/^\[|\]$/g, '');
    const port = Number(wanted.port || 80);
    const free = port !== 0 && (await portIsFree(host, port));
    if (!free && port !== 0)
      process.stderr.write(`Card reader port ${port} is busy: the simulator takes a free port\n`);
    await simulator.listen({ host, port: free ? port : 0 });
    config.cardReaderUrl = `http://${reachableHost(host)}:${(simulator.server.address() as AddressInfo).port}`;
    return { ready: `Card reader simulator: ${config.cardReaderUrl}`, close: () => simulator.close() };
  },
};

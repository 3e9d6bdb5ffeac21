import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The sandbox honours an idempotency key as an operator API would: a mutating call that repeats a
 * key already seen on the same route gets the first call's answer again, and its handler does not
 * run, so no second enrolment, sale, text or mail is recorded. A repeat that arrives while the
 * first is still being answered waits for that answer. Keys of GET calls are ignored.
 */

interface Answer {
  statusCode: number;
  payload: unknown;
  contentType: string | undefined;
}

/** Keys remembered per sandbox; the oldest are forgotten beyond this. */
const KEYS_KEPT = 10_000;
const SETTLE = Symbol('idempotent answer');

type Tracked = FastifyRequest & { [SETTLE]?: (answer: Answer) => void };

export function replayRepeatedKeys(api: FastifyInstance, header: string): void {
  const answers = new Map<string, Promise<Answer>>();
  api.addHook('preHandler', async (request, reply) => {
    if (request.method === 'GET' || request.method === 'HEAD') return;
    const raw = request.headers[header];
    const key = Array.isArray(raw) ? raw[0] : raw;
    if (!key) return;
    const id = `${request.method} ${request.routeOptions.url ?? request.url} ${key}`;
    const earlier = answers.get(id);
    if (earlier) {
      const answer = await earlier;
      if (answer.contentType) reply.type(answer.contentType);
      return reply.code(answer.statusCode).send(answer.payload);
    }
    answers.set(
      id,
      new Promise((resolve) => {
        (request as Tracked)[SETTLE] = resolve;
      }),
    );
    if (answers.size > KEYS_KEPT) answers.delete(answers.keys().next().value!);
  });
  api.addHook('onSend', async (request, reply, payload) => {
    const settle = (request as Tracked)[SETTLE];
    if (settle) {
      delete (request as Tracked)[SETTLE];
      const type = reply.getHeader('content-type');
      settle({ statusCode: reply.statusCode, payload, contentType: typeof type === 'string' ? type : undefined });
    }
    return payload;
  });
}

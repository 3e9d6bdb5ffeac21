import {
  applyTakes,
  OUTBOX_MAX_WAIT_SECONDS,
  type OutboxCall,
  type OutboxJobOutcome,
  type OutboxRequest,
} from '@kiosk/shared-types';
import type { ApiClient } from '../../api/client';
import { encodeFields, type Fields } from '../../api/encode';
import type { LogFailure } from '../failure-log';

/**
 * Handing the follow-ups of a confirmed rental, reservation or payment to the daemon's outbox
 * (docs/outbox.md), in one request: from then on the daemon owns them (on disk, retried, sent
 * again after a crash). When the daemon cannot take them (its outbox is full or its disk
 * failing: 507/503, or an older daemon without one) the page sends them itself, as before,
 * and the hand-over failure is logged.
 */

/** What became of one call: accepted by the operator, or not (with its message when it gave one). */
export type CallOutcome = { ok: true } | { ok: false; message: string | null };

export interface HandedOver {
  /** 'daemon': in the outbox; 'page': the daemon could not take them, the page sent them. */
  via: 'daemon' | 'page';
  /** The first answer to a call (a first attempt that did not reach the operator counts as not sent). */
  outcome(callId: string): Promise<CallOutcome>;
}

/** How many times the page asks again while the daemon has not tried the call yet. */
const OUTCOME_POLLS = 4;

function fromDaemon(outcome: OutboxJobOutcome): CallOutcome | null {
  if (outcome.state === 'delivered' || outcome.state === 'replaced') return { ok: true };
  if (outcome.state === 'pending' && outcome.attempts === 0) return null;
  return { ok: false, message: outcome.message };
}

export async function handOver(api: ApiClient, request: OutboxRequest, log: LogFailure): Promise<HandedOver> {
  try {
    const { keys } = await api.handOver(request);
    return {
      via: 'daemon',
      outcome: async (callId) => {
        const key = keys[callId];
        if (!key) return { ok: false, message: null };
        for (let poll = 0; poll < OUTCOME_POLLS; poll += 1) {
          try {
            const outcome = fromDaemon(await api.outboxJob(key, OUTBOX_MAX_WAIT_SECONDS));
            if (outcome) return outcome;
          } catch (error) {
            log('outbox call outcome', error);
            return { ok: false, message: null };
          }
        }
        return { ok: false, message: null };
      },
    };
  } catch (error) {
    log(`outbox hand-over (${request.kind}; sending from the page)`, error);
    const outcomes = sendFromPage(api, request.calls, log);
    await Promise.all(outcomes.values());
    return { via: 'page', outcome: async (callId) => (await outcomes.get(callId)) ?? { ok: false, message: null } };
  }
}

/** The calls sent by the page, with the outbox's rules: a call after another waits for its answer and takes its fields. */
function sendFromPage(
  api: ApiClient,
  calls: readonly OutboxCall[],
  log: LogFailure,
): Map<string, Promise<CallOutcome>> {
  const answers = new Map<string, Promise<{ ok: boolean; message: string | null; result: unknown }>>();
  const outcomes = new Map<string, Promise<CallOutcome>>();
  for (const call of calls) {
    const answer = (async () => {
      let form = call.form;
      if (call.after) {
        const before = await answers.get(call.after.id);
        if (!before?.ok) return { ok: false, message: null, result: null };
        form = applyTakes(form, before.result, call.after.take ?? []);
      }
      try {
        const response = await api.call<unknown>(call.route, call.params as never, {
          form: call.card ? { ...form, ...call.card } : form,
        });
        if (response.status === 'ok') return { ok: true, message: null, result: response.result };
        log(call.route, { code: response.code, message: response.message });
        return { ok: false, message: response.message ?? null, result: null };
      } catch (error) {
        log(call.route, error);
        return { ok: false, message: null, result: null };
      }
    })();
    answers.set(call.id, answer);
    outcomes.set(
      call.id,
      answer.then(({ ok, message }): CallOutcome => (ok ? { ok: true } : { ok: false, message })),
    );
  }
  return outcomes;
}

/** Form values as the operator receives them (the API client's encoding), for a call handed over. */
export function formText(fields: Fields): Record<string, string> {
  return Object.fromEntries(encodeFields(fields));
}

import fp from 'fastify-plugin';
import { Counter, Gauge } from 'prom-client';
import { CREDENTIAL_KINDS, CREDENTIAL_ROUTES, type ApiRouteName, type CredentialKind } from '@kiosk/shared-types';
import { AttemptLimits, type AttemptOutcome, type AttemptVerdict } from '../visit/attempts.js';
import { TerminalReferences, type TerminalPaymentLookup } from '../visit/terminal-reference.js';
import { Visit, type CallFields, type VisitDecision, type VisitRefusal } from '../visit/visit.js';
import { startAtZero } from './metrics.js';

/**
 * The visit in front of the screen (docs/security.md): who the operator logged in and what this
 * visit created (visit/visit.ts), and the bounds on guessing a secret (visit/attempts.ts). The proxy
 * and the outbox ask it before a tenant-scoped call or a try of a secret goes to the operator,
 * and tell it the operator's answers; a session's end forgets the visit.
 */

export interface VisitService {
  /**
   * Whether the call may go to the operator for this visit. `holdPayment`: the proxy sends it now
   * and tells ended() how it went, so a terminal payment it names is held meanwhile (the outbox
   * only checks).
   */
  check(route: ApiRouteName, fields: CallFields, options?: { holdPayment?: boolean }): VisitDecision;
  learn(route: ApiRouteName, fields: CallFields, answer: unknown): void;
  /** A call checked with holdPayment ended: the operator's answer, or undefined when none came. */
  ended(route: ApiRouteName, fields: CallFields, answer: unknown): void;
  /** Before a try of a secret: undefined when the call tries none, else the verdict. */
  beginAttempt(route: ApiRouteName): { kind: CredentialKind; verdict: AttemptVerdict } | undefined;
  /** The operator's answer to an allowed try (undefined: none came). */
  finishAttempt(kind: CredentialKind, route: ApiRouteName, answer: unknown): void;
  /** A refused call, counted and logged. */
  refused(route: ApiRouteName, reason: VisitRefusal): void;
  end(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    visit: VisitService;
  }
}

/** Operator error codes that are not a wrong guess (a field left empty, a code of the wrong length). */
const NOT_A_GUESS = new Set(['ValidationError', 'InvalidGatecode', 'InvalidPhone', 'InvalidToken']);

/** Whether the operator's answer to a try says the secret was right, wrong, or neither. */
export function attemptOutcome(route: ApiRouteName, answer: unknown): AttemptOutcome | undefined {
  const wrapped = (answer as { application_data?: { status?: unknown; code?: unknown; result?: unknown } } | null)
    ?.application_data;
  if (wrapped === undefined || wrapped === null) return undefined;
  if (wrapped.status === 'ok') {
    // A gate code already in use is a found code.
    if (CREDENTIAL_ROUTES[route] === 'gate_code_check')
      return (wrapped.result as { gatecode?: unknown } | null)?.gatecode ? 'succeeded' : 'failed';
    return 'succeeded';
  }
  if (wrapped.status !== 'error') return undefined;
  const code = typeof wrapped.code === 'string' ? wrapped.code : '';
  // Linking a rental already linked: the gate code was right.
  if (code === 'AlreadyLinked') return 'succeeded';
  return NOT_A_GUESS.has(code) ? undefined : 'failed';
}

const REFUSALS: Record<VisitRefusal, null> = {
  'not-logged-in': null,
  'not-this-visit': null,
  'not-this-tenant': null,
  'not-this-unit': null,
  'no-phone-on-file': null,
  'not-this-payment': null,
  'card-and-terminal': null,
};

export default fp(
  async (app) => {
    const log = app.log.child({ component: 'visit' });
    const visit = new Visit();
    const attempts = new AttemptLimits();
    const terminalReferences = new TerminalReferences();
    // The payment-terminal device's payments; absent when no terminal is configured, and then no
    // call can be paid by a terminal reference.
    const terminalPayments = (): TerminalPaymentLookup | undefined =>
      (app as typeof app & { paymentTerminal?: TerminalPaymentLookup }).paymentTerminal;
    const { registry } = app.metrics;

    const attemptsTotal = new Counter({
      name: 'kiosk_credential_attempts_total',
      help: 'Tries of a secret through the kiosk (password, one-time code, gate code, reservation code, gate-code check) by outcome: succeeded, failed, refused (the daemon did not pass it on)',
      labelNames: ['kind', 'outcome'] as const,
      registers: [registry],
    });
    startAtZero(
      attemptsTotal,
      CREDENTIAL_KINDS.flatMap((kind) => ['succeeded', 'failed', 'refused'].map((outcome) => ({ kind, outcome }))),
    );
    new Gauge({
      name: 'kiosk_credential_failures_last_hour',
      help: 'Failed tries of each kind of secret on this kiosk within the last hour (the kiosk stops taking tries at its bound; docs/security.md)',
      labelNames: ['kind'] as const,
      registers: [registry],
      collect() {
        for (const kind of CREDENTIAL_KINDS) this.set({ kind }, attempts.failuresThisHour(kind));
      },
    });
    const refusedTotal = new Counter({
      name: 'kiosk_visit_calls_refused_total',
      help: 'Operator calls the daemon refused because they were not for the visit in front of the screen, by reason',
      labelNames: ['reason'] as const,
      registers: [registry],
    });
    startAtZero(
      refusedTotal,
      Object.keys(REFUSALS).map((reason) => ({ reason })),
    );

    const service: VisitService = {
      check(route, fields, options) {
        const decision = visit.check(route, fields);
        if (!decision.allowed) return decision;
        const paid = terminalReferences.check(route, fields, terminalPayments(), {
          hold: options?.holdPayment === true,
        });
        return paid.allowed ? decision : paid;
      },
      learn: (route, fields, answer) => visit.learn(route, fields, answer),
      ended: (route, fields, answer) => terminalReferences.ended(route, fields, answer, terminalPayments()),
      beginAttempt(route) {
        const kind = CREDENTIAL_ROUTES[route];
        if (kind === undefined) return undefined;
        const verdict = attempts.begin(kind);
        if (!verdict.allowed) {
          attemptsTotal.inc({ kind, outcome: 'refused' });
          log.warn(
            { route, kind, scope: verdict.scope, stopped: verdict.stopped, retry_after_ms: verdict.retryAfterMs },
            'a try of a secret was refused: too many failures',
          );
        }
        return { kind, verdict };
      },
      finishAttempt(kind, route, answer) {
        const outcome = attemptOutcome(route, answer);
        attempts.finish(kind, outcome);
        if (outcome !== undefined) attemptsTotal.inc({ kind, outcome });
        if (outcome === 'failed') log.info({ route, kind }, 'a try of a secret failed');
      },
      refused(route, reason) {
        refusedTotal.inc({ reason });
        log.warn({ route, reason }, 'an operator call was refused: not for the visit at the screen');
      },
      end() {
        visit.end();
        attempts.endVisit();
      },
    };
    app.decorate<VisitService>('visit', service);
    app.session.onEnded(() => service.end());
  },
  { name: 'visit', fastify: '5.x', dependencies: ['metrics', 'session'] },
);

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { findCardData, maskSecrets } from '@kiosk/shared-types';
import { Type } from 'typebox';
import { ok, operatorPath, type SandboxRouteOptions } from '../respond.js';
import { SandboxError } from '../sandbox-error.js';

/**
 * Terminal payments (docs/api-paths.md "Terminal payments"): the daemon records with the operator a
 * payment the facility's payment terminal approved, by the kiosk's transaction id, with the
 * terminal's reference and what the receipt shows. The card never reached the kiosk, so a record
 * that carries a card number, an expiry or a security code is refused (400 CardDataRefused): the
 * kiosk must not have had one to send. A record repeated with the same transaction id (the outbox
 * retrying after a restart) answers the first one's payment id and records nothing more.
 *
 * The purpose calls that then use the payment (rental, bill, sale, autopay enrolment) are in their
 * own route files; they check the payment against this record.
 */

/** Fields a record must never carry, by name, whatever their value (empty included). */
const CARD_FIELD_NAMES = [
  'card_number',
  'cc_number',
  'pan',
  'exp_month',
  'exp_year',
  'cc_exp_month',
  'cc_exp_year',
  'expiry',
  'cvv',
  'cvc',
  'card_name',
  'card_data',
] as const;

const text = (options: { minLength?: number; maxLength?: number; pattern?: string } = {}) =>
  Type.String({ minLength: 1, maxLength: 128, ...options });

const RECORD = Type.Object(
  {
    transaction_id: text({ pattern: '^[A-Za-z0-9_-]{1,64}$' }),
    purpose: Type.Enum(['rental', 'bill', 'merchandise', 'autopay'], { type: 'string' }),
    // Dollars with cents, as the operator's amounts are written ("59.00"); 0.00 for an autopay card check.
    amount: text({ pattern: '^[0-9]{1,7}\\.[0-9]{2}$' }),
    currency: text({ pattern: '^[A-Z]{3}$' }),
    tenant_id: Type.Optional(text()),
    space_id: Type.Optional(text()),
    psp_reference: text(),
    auth_code: text({ maxLength: 16 }),
    // What a receipt shows: no more than the last four digits (`•••• 0119`, `************0119`).
    masked_pan: text({ maxLength: 32, pattern: '^[^0-9]*[0-9]{0,4}$' }),
    brand: text({ maxLength: 32 }),
    application_label: text({ maxLength: 32 }),
    aid: text({ maxLength: 32, pattern: '^[A-Fa-f0-9]{10,32}$' }),
    entry_mode: Type.Enum(['chip', 'contactless', 'swipe', 'wallet', 'manual'], { type: 'string' }),
    terminal_id: text({ maxLength: 64 }),
    approved_at: Type.String({ format: 'date-time', maxLength: 40 }),
    recurring_token: Type.Optional(text({ maxLength: 256 })),
  },
  { additionalProperties: false },
);

/** The fields that say which payment a record is; a repeat must carry the same ones. */
const IDENTITY_FIELDS = ['purpose', 'amount_cents', 'currency', 'psp_reference', 'tenant_id', 'space_id'] as const;

function cents(amount: string): number {
  const [whole = '0', fraction = '00'] = amount.split('.');
  return Number(whole) * 100 + Number(fraction);
}

const terminalPaymentRoutes: FastifyPluginAsyncTypebox<SandboxRouteOptions> = async (app, { state }) => {
  const world = state.terminalPayments;

  app.post(
    operatorPath('recordTerminalPayment'),
    {
      schema: { params: Type.Object({ facility: Type.String() }), body: RECORD },
      // Card data is refused by name before the schema speaks, so the answer says what it is.
      preValidation: async (request) => {
        const body = (request.body ?? {}) as Record<string, unknown>;
        if (typeof body !== 'object' || Array.isArray(body)) return;
        const named = Object.keys(body).filter((key) =>
          (CARD_FIELD_NAMES as readonly string[]).includes(key.toLowerCase()),
        );
        const found = findCardData(body);
        if (named.length === 0 && !found) return;
        const fields = named.length > 0 ? named : [found!.path || '__all__'];
        throw new SandboxError(
          400,
          'CardDataRefused',
          'A terminal payment is recorded by its reference: it never carries a card number, an expiry or a security code.',
          Object.fromEntries(fields.map((field) => [field, ['Card data is not accepted here.']])),
        );
      },
    },
    async (request, reply) => {
      const { facility } = request.params;
      state.facility(facility);
      const body = request.body;
      const wanted = {
        purpose: body.purpose,
        amount_cents: cents(body.amount),
        currency: body.currency,
        psp_reference: body.psp_reference,
        tenant_id: body.tenant_id ?? null,
        space_id: body.space_id ?? null,
      };
      const earlier = world.find(body.transaction_id);
      if (earlier) {
        // The same payment sent again (a retry): the first record's answer, nothing recorded.
        const same = earlier.facility_id === facility && IDENTITY_FIELDS.every((key) => earlier[key] === wanted[key]);
        if (!same) {
          throw new SandboxError(
            409,
            'TransactionIdReused',
            `Transaction ${body.transaction_id} is already recorded for another payment.`,
          );
        }
        return reply.code(201).send(ok({ payment_id: earlier.payment_id }));
      }
      if (wanted.amount_cents === 0 && body.purpose !== 'autopay') {
        throw new SandboxError(400, 'ValidationError', 'Only an autopay card check may be recorded for 0.00.', {
          amount: ['Must be more than 0.00.'],
        });
      }
      const record = world.add({
        ...wanted,
        facility_id: facility,
        transaction_id: body.transaction_id,
        auth_code: body.auth_code,
        masked_pan: body.masked_pan,
        brand: body.brand,
        application_label: body.application_label,
        aid: body.aid,
        entry_mode: body.entry_mode,
        terminal_id: body.terminal_id,
        approved_at: body.approved_at,
        recurring_token: body.recurring_token ?? null,
      });
      return reply.code(201).send(ok({ payment_id: record.payment_id }));
    },
  );
};

/**
 * Under /__sandbox: the recorded terminal payments (recurring tokens never shown) and the switch
 * saying whether the operator enrols autopay from a terminal's token.
 */
export const terminalPaymentControls: FastifyPluginAsyncTypebox<SandboxRouteOptions> = async (app, { state }) => {
  const world = state.terminalPayments;

  app.get('/terminal-payments', async () => ({
    takes_tokens: world.takesTokens,
    payments: world.all().map(({ recurring_token, ...record }) => ({
      ...(maskSecrets(record) as typeof record),
      has_recurring_token: recurring_token !== null,
    })),
  }));

  app.post(
    '/terminal-payments/tokens',
    { schema: { body: Type.Object({ accepted: Type.Boolean() }) } },
    async (request) => {
      world.takesTokens = request.body.accepted;
      return { takes_tokens: world.takesTokens };
    },
  );
};

export default terminalPaymentRoutes;

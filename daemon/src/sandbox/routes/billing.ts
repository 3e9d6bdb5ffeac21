import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  TERMINAL_AUTOPAY_REFUSAL_MESSAGES,
  amountInCents,
  maskSecrets,
  type AutopayCancelResult,
  type AutopayEnrolResult,
  type MailRequestData,
  type PayBillResult,
  type PrePayDetails,
} from '@kiosk/shared-types';
import { dueAmount, prePayDetails } from '../account-rules.js';
import type { LeaseRecord } from '../accounts.js';
import { cardOutcome, type PaymentCard } from '../card-outcome.js';
import { DEMO_BILLING } from '../demo-facility.js';
import { fail, ok, operatorPath, stringFields, type SandboxRouteOptions } from '../respond.js';
import { SandboxError } from '../sandbox-error.js';
import type { SandboxState } from '../state.js';
import { terminalEnrolment, terminalPayment } from '../terminal-reference.js';
import { Type } from 'typebox';

/**
 * Billing (shell spec §7 "Billing"): pre-pay charges by period, paying the bill, autopay enrolment
 * and cancellation, and the payment / autopay notification mails (recorded for GET /__sandbox/mails).
 * Payments go through or not as card-outcome.ts says (the test cards in demo-facility.ts).
 */

type Form = Record<string, string | undefined>;

function paymentCard(form: Form): PaymentCard {
  return { number: form.card_number, cvv: form.cvv, exp_month: form.cc_exp_month, exp_year: form.cc_exp_year };
}

const CARD_FIELDS = ['card_name', 'card_number', 'cc_exp_month', 'cc_exp_year', 'cvv'] as const;

/** Everything the payment model may carry (shell §3 Payment model); nested values arrive JSON-encoded. */
const PAYMENT_FIELDS = [
  'period',
  'space_id',
  'total_amount',
  'username',
  'facility_gds_id',
  'facility_id',
  'tenant_id',
  'billing_address1',
  'billing_address2',
  'billing_city',
  'billing_state',
  'billing_zipcode',
  'unit_door_number',
  'unit_type_id',
  'tenant_first_name',
  'tenant_last_name',
  'prePayDetails',
  'autoPayChecked',
  'payMyBill',
  'enroll_autopay',
  'updateCardDetails',
  'document_id',
  // Paid on the payment terminal: the payment the daemon recorded, instead of the card fields.
  'terminal_transaction_id',
  ...CARD_FIELDS,
] as const;

const spaceParams = { params: stringFields(['tenant', 'spaceId'], ['tenant', 'spaceId']) };

function findLease(state: SandboxState, tenantId: string, spaceId: string): LeaseRecord {
  const lease = state.accounts.lease(tenantId, spaceId);
  if (!lease) throw new SandboxError(404, 'SpaceNotFound', `Tenant ${tenantId} has no rented space ${spaceId}.`);
  return lease;
}

function parsePeriod(value: string | undefined): number | null {
  const period = value === undefined || value === '' ? 1 : Number(value);
  return Number.isInteger(period) && period >= 0 && period <= 6 ? period : null;
}

/** Form values as the kiosk sent them, JSON values parsed (what a mail records). */
function parsedForm(body: Form): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    try {
      out[key] = value !== undefined && /^[[{]/.test(value) ? JSON.parse(value) : value;
    } catch {
      out[key] = value;
    }
  }
  return out;
}

const billingRoutes: FastifyPluginAsyncTypebox<SandboxRouteOptions> = async (app, { state }) => {
  const { accounts } = state;

  app.get(
    operatorPath('prePay'),
    { schema: { ...spaceParams, querystring: stringFields(['period']) } },
    async (request) => {
      const lease = findLease(state, request.params.tenant, request.params.spaceId);
      if (lease.prepay_fails) {
        return fail({ code: 'ManagementSystemError', message: 'The management system did not answer for this space.' });
      }
      const period = parsePeriod(request.query.period);
      if (period === null) return fail({ code: 'InvalidPeriod', message: 'Choose a period from 0 to 6 months.' });
      const result: PrePayDetails = prePayDetails(lease, period);
      return ok(result);
    },
  );

  app.post(
    operatorPath('payBill'),
    { schema: { ...spaceParams, body: stringFields(PAYMENT_FIELDS) } },
    async (request) => {
      const lease = findLease(state, request.params.tenant, request.params.spaceId);
      const body = request.body ?? {};
      const period = parsePeriod(body.period);
      if (period === null) return fail({ code: 'InvalidPeriod', message: 'Choose a period from 0 to 6 months.' });
      // Paid on the payment terminal: the payment the daemon recorded for this total, this unit.
      const { tenant, spaceId } = request.params;
      const terminal = terminalPayment(state, body, {
        facilityId: lease.facility_id,
        purpose: 'bill',
        amountCents: amountInCents(body.total_amount),
        tenantId: tenant,
        spaceId,
      });
      if (terminal.paid && terminal.refused) return terminal.refused;
      const expected = prePayDetails(lease, period).total_amt;
      const amount = Number(body.total_amount);
      // The kiosk must charge exactly what the pre-pay call said for that period.
      if (!Number.isFinite(amount) || Math.abs(amount - expected) > 0.005 || amount <= 0) {
        return fail({
          code: 'AmountMismatch',
          message: `The amount ${body.total_amount ?? ''} does not match the charges (${expected}).`,
        });
      }
      const card = terminal.paid
        ? { ok: true as const, last4: terminal.last4 }
        : cardOutcome(paymentCard(body), state.today());
      if (!card.ok) return fail({ code: card.code, message: card.message });
      const balanceBefore = dueAmount(lease.balance);
      const payment = accounts.recordPayment(lease, period, amount, card.last4);
      if (terminal.paid) state.terminalPayments.markUsed(terminal.record, `bill:${payment.transaction_id}`);
      const access = accounts.accessAfterPayment(lease);
      const mail_request_data: MailRequestData = {
        current: {
          unit_no: lease.door_name,
          amount,
          period,
          paid_through: accounts.paidThroughText(lease),
          transaction_id: payment.transaction_id,
          card: `************${card.last4}`,
        },
        balance: balanceBefore,
        prepay: Math.round((amount - balanceBefore) * 100) / 100,
      };
      const result: PayBillResult = { transaction_id: payment.transaction_id, amount, mail_request_data, access };
      return ok(result);
    },
  );

  app.post(
    operatorPath('enrolAutopay'),
    { schema: { ...spaceParams, body: stringFields(PAYMENT_FIELDS) } },
    async (request) => {
      const lease = findLease(state, request.params.tenant, request.params.spaceId);
      const body = request.body ?? {};
      // Autopay never starts over an unpaid balance: the kiosk pays it first (shell §4 (b)).
      if (dueAmount(lease.balance) > 0) {
        return fail({ code: 'BalanceDue', message: 'Please pay the balance due before enrolling in autopay.' });
      }
      const { tenant, spaceId } = request.params;
      const terminal = terminalEnrolment(state, body, { facilityId: lease.facility_id, tenantId: tenant, spaceId });
      if (terminal.paid && terminal.refused) return terminal.refused;
      if (terminal.paid && !state.terminalPayments.takesTokens) {
        // The operator cannot charge a terminal's card-on-file token: the office sets autopay up
        // (the kiosk's autopay mail names the tenant and unit, docs/api-paths.md).
        return fail({
          code: 'TerminalTokenNotAccepted',
          message: TERMINAL_AUTOPAY_REFUSAL_MESSAGES.TerminalTokenNotAccepted,
        });
      }
      const card = terminal.paid
        ? { ok: true as const, last4: terminal.last4 }
        : cardOutcome(paymentCard(body), state.today());
      if (!card.ok) return fail({ code: card.code, message: card.message });
      if (terminal.paid) state.terminalPayments.markTokenUsed(terminal.record, `autopay:${tenant}/${spaceId}`);
      lease.autopay_card_last4 = card.last4;
      const result: AutopayEnrolResult = {
        documents: DEMO_BILLING.lease_documents.map((doc) => ({ ...doc })),
        response: accounts.autoPay(lease),
      };
      return ok(result);
    },
  );

  app.delete(operatorPath('cancelAutopay'), { schema: spaceParams }, async (request) => {
    const lease = findLease(state, request.params.tenant, request.params.spaceId);
    if (!lease.autopay_card_last4) {
      return fail({ code: 'AutopayNotEnabled', message: 'Autopay is not enabled for this space.' });
    }
    lease.autopay_card_last4 = null;
    const result: AutopayCancelResult = { response: accounts.autoPay(lease) };
    return ok(result);
  });

  for (const kind of ['payment', 'autopay'] as const) {
    app.post(
      operatorPath(kind === 'payment' ? 'mailPayment' : 'mailAutopay'),
      {
        schema: {
          params: stringFields(['owner', 'facility', 'tenant'], ['owner', 'facility', 'tenant']),
          body: Type.Record(Type.String(), Type.String()),
        },
      },
      async (request) => {
        const { owner, facility, tenant } = request.params;
        if (state.facility(facility).data.owner_id !== owner) {
          throw new SandboxError(404, 'OwnerNotFound', `Facility ${facility} does not belong to owner ${owner}.`);
        }
        const mail = state.recordings.recordMail({
          kind,
          to: { owner, facility, tenant },
          data: maskSecrets(parsedForm(request.body ?? {}), { keepContactDetails: true }),
        });
        return ok({ sent: true, at: mail.at });
      },
    );
  }
};

export default billingRoutes;

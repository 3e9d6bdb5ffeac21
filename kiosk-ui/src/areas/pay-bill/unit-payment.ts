import type {
  AutopayCancelResult,
  AutopayEnrolResult,
  Capabilities,
  PayBillResult,
  PaymentAccess,
  PrePayDetails,
  TenantDetail,
} from '@kiosk/shared-types';
import type { OutboxCall } from '@kiosk/shared-types';
import type { ApiClient } from '../../api/client';
import type { LogFailure } from '../../shared/failure-log';
import { formText, handOver } from '../../shared/outbox/hand-over';
import { autopayMailData, paymentMailData, paymentModel, withCard, type PayCard } from './payload';
import { paymentSteps, runPaymentSteps, type PaymentStep, type StepsResult } from './payment-plan';
import type { PayUnit } from './PayUnit';

/** The payment model of a unit as it will be paid (shell §3). */
export function unitPaymentModel(unit: PayUnit, account: TenantDetail | null, username: string) {
  const resolved = unit.resolved;
  const prePay: PrePayDetails | null =
    resolved.payMyBill && resolved.period !== unit.period
      ? { movein_cost: [], balance: [...unit.balance], tax: 0, total_amt: resolved.total }
      : unit.prePay;
  return paymentModel({ space: unit.space, account, username, choice: unit.choice, resolved, prePay });
}

export interface UnitPaymentContext {
  api: ApiClient;
  capabilities: Capabilities | null | undefined;
  ownerId: string | null;
  account: TenantDetail | null;
  username: string;
  card: PayCard | null;
  /** The signed autopay agreement, sent with the enrolment. */
  documentId?: string;
  log: LogFailure;
}

/**
 * Runs a unit's steps (shell §4 "Payment logic" (a), (b), (c)): pay, enrol in or cancel autopay,
 * and the confirmation mails; resolves the steps, how far they got and, when the payment went
 * through, what the operator answered about the unit's access. The payment and the
 * enrolment are the visitor's to see, so the page makes them; the mails that follow what went
 * through are handed to the daemon's outbox together, once the unit's steps are done.
 */
export async function payUnit(
  unit: PayUnit,
  context: UnitPaymentContext,
): Promise<{ steps: readonly PaymentStep[]; result: StepsResult; access?: PaymentAccess }> {
  const { api, card } = context;
  const steps = paymentSteps(unit.flags, context.capabilities);
  const model = unitPaymentModel(unit, context.account, context.username);
  const space = unit.space;
  const mailUnit = { unit_number: space.unit_number, balance: unit.balance };
  const owner = context.ownerId ?? '';
  const facility = space.facility_id || space.facility;
  const spaceParams = { tenant: space.tenant_id, spaceId: space.spaceId };
  const prepayTotal = unit.resolved.total;
  let payment: PayBillResult | null = null;
  let enrolment: AutopayEnrolResult | null = null;
  const mails: OutboxCall[] = [];

  const run = async (step: PaymentStep): Promise<boolean> => {
    switch (step) {
      case 'pay': {
        if (!card) return false;
        const response = await api.call<PayBillResult>('payBill', spaceParams, { form: withCard(model, card) });
        if (response.status === 'ok') payment = response.result;
        return response.status === 'ok';
      }
      case 'enrolAutopay': {
        if (!card) return false;
        const form = withCard(model, card, context.documentId ? { document_id: context.documentId } : {});
        const response = await api.call<AutopayEnrolResult>('enrolAutopay', spaceParams, { form });
        if (response.status === 'ok') enrolment = response.result;
        return response.status === 'ok';
      }
      case 'cancelAutopay': {
        const response = await api.call<AutopayCancelResult>('cancelAutopay', spaceParams);
        return response.status === 'ok';
      }
      case 'mailPayment': {
        const paid = payment as PayBillResult | null;
        mails.push({
          id: 'payment_mail',
          route: 'mailPayment',
          params: { owner, facility, tenant: space.tenant_id },
          form: formText(paymentMailData(mailUnit, prepayTotal, paid?.mail_request_data ?? null)),
        });
        return true;
      }
      case 'mailAutopay': {
        if (!card) return false;
        const enrolled = enrolment as AutopayEnrolResult | null;
        mails.push({
          id: 'autopay_mail',
          route: 'mailAutopay',
          params: { owner, facility, tenant: space.tenant_id },
          form: formText(
            autopayMailData(
              mailUnit,
              prepayTotal,
              { card, updateCardDetails: unit.choice.updateCardDetails },
              enrolled?.response ?? null,
            ),
          ),
        });
        return true;
      }
    }
  };

  const result = await runPaymentSteps(steps, run);
  if (mails.length > 0) await handOver(api, { kind: 'payment', calls: mails }, context.log);
  // What the payment did to a locked-out unit's access (docs/api-paths.md "Access after a payment").
  const access = (payment as PayBillResult | null)?.access;
  return { steps, result, ...(access ? { access } : {}) };
}

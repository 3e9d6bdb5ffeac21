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
import { paymentSteps, runPaymentSteps, wantsAutopay, type PaymentStep, type StepsResult } from './payment-plan';
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
  /**
   * Paid on the terminal (docs/payment.md): the unit's approved payment, sent instead of a card,
   * and whether the operator takes the terminal's card on file for autopay.
   */
  terminal?: { transactionId: string; autopay: boolean };
  log: LogFailure;
}

/**
 * A unit's steps when it is paid on the terminal: autopay goes with the terminal's card on file
 * where the operator takes it; elsewhere the office sets it up (the payment mail says so). The
 * autopay mail shows a card the kiosk never had: the operator's enrolment answer tells the tenant.
 */
export function terminalSteps(steps: PaymentStep[], terminal: { autopay: boolean } | undefined): PaymentStep[] {
  if (!terminal) return steps;
  return steps.filter((step) => step !== 'mailAutopay' && (terminal.autopay || step !== 'enrolAutopay'));
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
  const { api, card, terminal } = context;
  const steps = terminalSteps(paymentSteps(unit.flags, context.capabilities), terminal);
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
        if (!card && !terminal) return false;
        const form = terminal ? { ...model, terminal_transaction_id: terminal.transactionId } : withCard(model, card!);
        const response = await api.call<PayBillResult>('payBill', spaceParams, { form });
        if (response.status === 'ok') payment = response.result;
        return response.status === 'ok';
      }
      case 'enrolAutopay': {
        if (!card && !terminal) return false;
        const document = context.documentId ? { document_id: context.documentId } : {};
        const form = terminal
          ? { ...model, ...document, terminal_transaction_id: terminal.transactionId }
          : withCard(model, card!, document);
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
        // Autopay asked on the terminal where the operator takes no terminal card: the office sets it up.
        const office =
          terminal && !terminal.autopay && wantsAutopay(unit.choice) ? { autopay_requested: 'office' } : {};
        mails.push({
          id: 'payment_mail',
          route: 'mailPayment',
          params: { owner, facility, tenant: space.tenant_id },
          form: formText({ ...paymentMailData(mailUnit, prepayTotal, paid?.mail_request_data ?? null), ...office }),
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

import { dueBalance, hasBalanceDue, roundCents, type ChargeLineLike } from './balance';

/** What a tenant ticked on one unit's payment panel (shell §3 Payment model, §4 Per-unit payment rules). */
export interface UnitChoice {
  payMyBill: boolean;
  enroll_autopay: boolean;
  updateCardDetails: boolean;
  isCancelAutoPay: boolean;
  /** Pay was ticked by the kiosk because autopay needs the balance paid, not by the tenant. */
  payForced?: boolean;
}

export interface UnitPaymentFlags extends UnitChoice {
  /** The unit's balance (charge lines). */
  balance: readonly ChargeLineLike[] | null | undefined;
  /** prePayDetails.total_amt for the chosen period. */
  prepayTotal: number | null | undefined;
  /** Chosen pay-through period (0 = Pay Balance Due). */
  period: number;
}

export interface CapabilitiesLike {
  pmsNotifications?: { payment?: boolean | null } | null;
}

export type PaymentStep = 'pay' | 'enrolAutopay' | 'mailPayment' | 'mailAutopay' | 'cancelAutopay';

export const wantsAutopay = (c: UnitChoice): boolean => c.enroll_autopay || c.updateCardDetails;

/**
 * Enrolling in autopay or updating its card while a balance is due forces the unit to pay: the
 * pay checkbox is ticked and disabled.
 */
export function isPayForced(choice: UnitChoice, balanceDue: boolean): boolean {
  return wantsAutopay(choice) && balanceDue;
}

/**
 * Ticks or unticks 'enrol in autopay' / 'update card'. Forcing pay ticks it; unticking releases the
 * pay checkbox again and, when it was the kiosk (not the tenant) that ticked pay, unticks it too, so
 * undoing the autopay choice undoes what it did.
 */
export function tickAutopayOption(
  choice: UnitChoice,
  option: 'enroll_autopay' | 'updateCardDetails',
  checked: boolean,
  balanceDue: boolean,
): UnitChoice {
  const next = { ...choice, [option]: checked };
  if (isPayForced(next, balanceDue)) {
    return choice.payMyBill ? next : { ...next, payMyBill: true, payForced: true };
  }
  return choice.payForced ? { ...next, payMyBill: false, payForced: false } : next;
}

/** Ticks or unticks pay-my-bill; unticking is ignored while pay is forced (the checkbox is disabled). */
export function tickPayMyBill(choice: UnitChoice, checked: boolean, balanceDue: boolean): UnitChoice {
  if (!checked && isPayForced(choice, balanceDue)) return choice;
  return { ...choice, payMyBill: checked, payForced: false };
}

/** Ticking update card while enrolled with a balance due asks for confirmation first (cancel un-ticks it). */
export function needsUpdateCardConfirmation(autoPayEnabled: boolean, balanceDue: boolean, checked: boolean): boolean {
  return checked && autoPayEnabled && balanceDue;
}

export interface ResolvedUnitPayment {
  payMyBill: boolean;
  period: number;
  /** What this unit charges the card now. */
  total: number;
}

/**
 * Shell §4 Payment logic: not paying charges nothing; paying together with enrolling or updating the
 * card pays the balance (period 0) — and with no balance there is nothing to pay, so pay is cleared;
 * a plain payment charges the pre-pay total of the chosen period.
 */
export function resolveUnitPayment(flags: UnitPaymentFlags): ResolvedUnitPayment {
  if (!flags.payMyBill) return { payMyBill: false, period: flags.period, total: 0 };
  if (wantsAutopay(flags)) {
    return hasBalanceDue(flags.balance)
      ? { payMyBill: true, period: 0, total: dueBalance(flags.balance) }
      : { payMyBill: false, period: flags.period, total: 0 };
  }
  return { payMyBill: true, period: flags.period, total: roundCents(Number(flags.prepayTotal) || 0) };
}

/** Running grand total of the ticked units (shell §4). */
export function grandTotal(units: readonly UnitPaymentFlags[]): number {
  return roundCents(units.reduce((sum, unit) => sum + resolveUnitPayment(unit).total, 0));
}

/**
 * The ordered steps for one unit (shell §4 Payment logic):
 *  cancel autopay → cancelAutopay;
 *  (a) not paying, or updating the card only → enrolAutopay, mailAutopay;
 *  (b) paying plus autopay with a balance → pay, enrolAutopay, mailPayment, mailAutopay;
 *  (c) plain payment → pay, mailPayment.
 * The payment mail is left out when the management system already notifies on payment.
 */
export function paymentSteps(flags: UnitPaymentFlags, capabilities?: CapabilitiesLike | null): PaymentStep[] {
  if (flags.isCancelAutoPay) return ['cancelAutopay'];
  const paying = resolveUnitPayment(flags).payMyBill;
  const mailPayment: PaymentStep[] = capabilities?.pmsNotifications?.payment ? [] : ['mailPayment'];
  if (!paying) return wantsAutopay(flags) ? ['enrolAutopay', 'mailAutopay'] : [];
  if (wantsAutopay(flags)) return ['pay', 'enrolAutopay', ...mailPayment, 'mailAutopay'];
  return ['pay', ...mailPayment];
}

/** A unit takes part in 'Make a payment' when paying, enrolling or updating its card. */
export function isUnitSelected(choice: UnitChoice): boolean {
  return choice.payMyBill || wantsAutopay(choice);
}

export function canMakePayment(units: readonly UnitChoice[]): boolean {
  return units.some(isUnitSelected);
}

/**
 * Units enrolling in autopay sign the autopay agreement first; the others, a card update of a unit
 * already enrolled among them, are paid or enrolled at once (shell §4 Submit: "Selected units with
 * autopay enrolment go to document signing").
 */
export function needsSigning(choice: UnitChoice): boolean {
  return choice.enroll_autopay;
}

export function splitForProcessing<T extends UnitChoice>(units: readonly T[]): { toSign: T[]; payNow: T[] } {
  const selected = units.filter(isUnitSelected);
  return { toSign: selected.filter(needsSigning), payNow: selected.filter((u) => !needsSigning(u)) };
}

export type UnitOutcome = 'success' | 'error';

export interface StepsResult {
  outcome: UnitOutcome;
  /** The pay, enrol or cancel step that failed; null on success. */
  failedStep: PaymentStep | null;
  /** Steps that ran and succeeded, in order. */
  done: PaymentStep[];
}

/**
 * Runs a unit's steps in order. A failed payment stops everything (autopay is not enrolled over an
 * unpaid balance). A failed enrolment still lets the payment mail go out — that payment was taken —
 * but not the autopay mail. Mails are notifications: their failure never fails the unit.
 */
export async function runPaymentSteps(
  steps: readonly PaymentStep[],
  run: (step: PaymentStep) => Promise<boolean>,
): Promise<StepsResult> {
  const done: PaymentStep[] = [];
  let failedStep: PaymentStep | null = null;
  for (const step of steps) {
    if (step === 'mailAutopay' && failedStep) continue;
    const ok = await Promise.resolve()
      .then(() => run(step))
      .catch(() => false);
    if (step === 'mailPayment' || step === 'mailAutopay') {
      if (ok) done.push(step);
      continue;
    }
    if (ok) {
      done.push(step);
      continue;
    }
    failedStep = step;
    if (step !== 'enrolAutopay') break;
  }
  return { outcome: failedStep ? 'error' : 'success', failedStep, done };
}

/**
 * Overall result (shell §4): processing ends when every selected unit has answered; success only if
 * every one of them succeeded.
 */
export function paymentResult(
  selectedCount: number,
  outcomes: readonly UnitOutcome[],
): { processing: boolean; success: boolean } {
  const processing = outcomes.length < selectedCount;
  return { processing, success: !processing && outcomes.length > 0 && outcomes.every((o) => o === 'success') };
}

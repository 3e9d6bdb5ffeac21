import { describe, expect, it } from 'vitest';
import {
  canMakePayment,
  grandTotal,
  isPayForced,
  needsSigning,
  needsUpdateCardConfirmation,
  paymentResult,
  paymentSteps,
  resolveUnitPayment,
  runPaymentSteps,
  splitForProcessing,
  tickAutopayOption,
  tickPayMyBill,
  type PaymentStep,
  type UnitChoice,
  type UnitPaymentFlags,
} from './payment-plan';

const none: UnitChoice = { payMyBill: false, enroll_autopay: false, updateCardDetails: false, isCancelAutoPay: false };
const owing = [
  { costType: 'rent', amount: 100, total: 107 },
  { costType: 'discount', amount: 7 },
];

function unit(over: Partial<UnitPaymentFlags>): UnitPaymentFlags {
  return { ...none, balance: owing, prepayTotal: 250, period: 2, ...over };
}

const pmsNotifies = { pmsNotifications: { payment: true } };
const kioskNotifies = { pmsNotifications: { payment: false } };

describe('paymentSteps', () => {
  it('(a) enrols and mails the autopay confirmation when not paying', () => {
    expect(paymentSteps(unit({ enroll_autopay: true, balance: [] }), kioskNotifies)).toEqual([
      'enrolAutopay',
      'mailAutopay',
    ]);
  });

  it('(a) updating the card only re-enrols with the new card', () => {
    expect(paymentSteps(unit({ updateCardDetails: true, balance: [] }), kioskNotifies)).toEqual([
      'enrolAutopay',
      'mailAutopay',
    ]);
  });

  it('(b) pays the balance, enrols, then mails the payment and the autopay confirmation', () => {
    expect(paymentSteps(unit({ payMyBill: true, enroll_autopay: true }), kioskNotifies)).toEqual([
      'pay',
      'enrolAutopay',
      'mailPayment',
      'mailAutopay',
    ]);
  });

  it('(b) leaves the payment mail to the management system when it notifies on payment', () => {
    expect(paymentSteps(unit({ payMyBill: true, updateCardDetails: true }), pmsNotifies)).toEqual([
      'pay',
      'enrolAutopay',
      'mailAutopay',
    ]);
  });

  it('(c) pays and mails the receipt', () => {
    expect(paymentSteps(unit({ payMyBill: true }), kioskNotifies)).toEqual(['pay', 'mailPayment']);
    expect(paymentSteps(unit({ payMyBill: true }), null)).toEqual(['pay', 'mailPayment']);
  });

  it('(c) sends no payment mail when the management system notifies', () => {
    expect(paymentSteps(unit({ payMyBill: true }), pmsNotifies)).toEqual(['pay']);
  });

  it('paying while enrolling with nothing due only enrols', () => {
    expect(paymentSteps(unit({ payMyBill: true, enroll_autopay: true, balance: [] }), kioskNotifies)).toEqual([
      'enrolAutopay',
      'mailAutopay',
    ]);
  });

  it('cancels autopay on its own', () => {
    expect(paymentSteps(unit({ isCancelAutoPay: true, payMyBill: true }), kioskNotifies)).toEqual(['cancelAutopay']);
  });

  it('does nothing for a unit with nothing ticked', () => {
    expect(paymentSteps(unit({}), kioskNotifies)).toEqual([]);
  });
});

describe('resolveUnitPayment', () => {
  it('charges nothing when not paying', () => {
    expect(resolveUnitPayment(unit({ enroll_autopay: true })).total).toBe(0);
  });

  it('charges the pre-pay total of the chosen period for a plain payment', () => {
    expect(resolveUnitPayment(unit({ payMyBill: true }))).toEqual({ payMyBill: true, period: 2, total: 250 });
  });

  it('pays just the balance (period 0) when paying with autopay enrolment or a card update', () => {
    expect(resolveUnitPayment(unit({ payMyBill: true, enroll_autopay: true }))).toEqual({
      payMyBill: true,
      period: 0,
      total: 100,
    });
    expect(resolveUnitPayment(unit({ payMyBill: true, updateCardDetails: true })).total).toBe(100);
  });

  it('clears pay when enrolling with no balance', () => {
    expect(resolveUnitPayment(unit({ payMyBill: true, enroll_autopay: true, balance: [] }))).toMatchObject({
      payMyBill: false,
      total: 0,
    });
  });
});

describe('grandTotal', () => {
  it('adds up what each ticked unit pays', () => {
    expect(
      grandTotal([
        unit({ payMyBill: true, prepayTotal: 120.1 }),
        unit({ payMyBill: true, enroll_autopay: true }),
        unit({ payMyBill: false, prepayTotal: 999 }),
        unit({ enroll_autopay: true }),
      ]),
    ).toBe(220.1);
  });

  it('is zero when nothing is ticked', () => {
    expect(grandTotal([unit({})])).toBe(0);
  });
});

describe('forced pay', () => {
  it('ticks and locks pay when enrolling while a balance is due', () => {
    const next = tickAutopayOption(none, 'enroll_autopay', true, true);
    expect(next.payMyBill).toBe(true);
    expect(isPayForced(next, true)).toBe(true);
  });

  it('does the same for a card update', () => {
    expect(tickAutopayOption(none, 'updateCardDetails', true, true).payMyBill).toBe(true);
  });

  it('does not force pay when nothing is due', () => {
    const next = tickAutopayOption(none, 'enroll_autopay', true, false);
    expect(next.payMyBill).toBe(false);
    expect(isPayForced(next, false)).toBe(false);
  });

  it('keeps pay ticked while forced', () => {
    const forced = tickAutopayOption(none, 'enroll_autopay', true, true);
    expect(tickPayMyBill(forced, false, true).payMyBill).toBe(true);
  });

  it('releases pay when enrolment is unticked, unticking what the kiosk ticked', () => {
    const forced = tickAutopayOption(none, 'enroll_autopay', true, true);
    const released = tickAutopayOption(forced, 'enroll_autopay', false, true);
    expect(released.payMyBill).toBe(false);
    expect(isPayForced(released, true)).toBe(false);
    expect(tickPayMyBill(released, true, true).payMyBill).toBe(true);
  });

  it('leaves pay ticked on release when the tenant had ticked it', () => {
    const paying = tickPayMyBill(none, true, true);
    const forced = tickAutopayOption(paying, 'enroll_autopay', true, true);
    expect(tickAutopayOption(forced, 'enroll_autopay', false, true).payMyBill).toBe(true);
  });
});

describe('needsUpdateCardConfirmation', () => {
  it('asks before updating the card of an enrolled unit with a balance due', () => {
    expect(needsUpdateCardConfirmation(true, true, true)).toBe(true);
    expect(needsUpdateCardConfirmation(true, false, true)).toBe(false);
    expect(needsUpdateCardConfirmation(false, true, true)).toBe(false);
    expect(needsUpdateCardConfirmation(true, true, false)).toBe(false);
  });
});

describe('selection and signing', () => {
  it('needs at least one unit ticked to make a payment', () => {
    expect(canMakePayment([none, none])).toBe(false);
    expect(canMakePayment([none, { ...none, updateCardDetails: true }])).toBe(true);
  });

  it('sends autopay enrolments to document signing and pays the others at once', () => {
    const a = { ...none, id: 'a', payMyBill: true };
    const b = { ...none, id: 'b', enroll_autopay: true };
    const c = { ...none, id: 'c' };
    const d = { ...none, id: 'd', payMyBill: true, updateCardDetails: true };
    const e = { ...none, id: 'e', updateCardDetails: true };
    const { toSign, payNow } = splitForProcessing([a, b, c, d, e]);
    // Only an enrolment signs; a card update of a unit already on autopay goes at once.
    expect(toSign.map((u) => u.id)).toEqual(['b']);
    expect(payNow.map((u) => u.id)).toEqual(['a', 'd', 'e']);
    expect(needsSigning(c)).toBe(false);
    expect(needsSigning(e)).toBe(false);
  });
});

describe('runPaymentSteps', () => {
  function runner(failing: PaymentStep[]) {
    const ran: PaymentStep[] = [];
    const run = async (step: PaymentStep) => {
      ran.push(step);
      return !failing.includes(step);
    };
    return { ran, run };
  }

  it('runs every step and succeeds', async () => {
    const { ran, run } = runner([]);
    const result = await runPaymentSteps(['pay', 'enrolAutopay', 'mailPayment', 'mailAutopay'], run);
    expect(result).toEqual({ outcome: 'success', failedStep: null, done: ran });
    expect(ran).toEqual(['pay', 'enrolAutopay', 'mailPayment', 'mailAutopay']);
  });

  it('does not enrol autopay or mail when the payment fails', async () => {
    const { ran, run } = runner(['pay']);
    const result = await runPaymentSteps(['pay', 'enrolAutopay', 'mailPayment', 'mailAutopay'], run);
    expect(result.outcome).toBe('error');
    expect(result.failedStep).toBe('pay');
    expect(ran).toEqual(['pay']);
  });

  it('still mails the payment taken when enrolment fails, but not the autopay confirmation', async () => {
    const { ran, run } = runner(['enrolAutopay']);
    const result = await runPaymentSteps(['pay', 'enrolAutopay', 'mailPayment', 'mailAutopay'], run);
    expect(result).toMatchObject({ outcome: 'error', failedStep: 'enrolAutopay', done: ['pay', 'mailPayment'] });
    expect(ran).toEqual(['pay', 'enrolAutopay', 'mailPayment']);
  });

  it('does not fail the unit when a mail fails or throws', async () => {
    const result = await runPaymentSteps(['pay', 'mailPayment'], (step) => {
      if (step === 'mailPayment') throw new Error('mail down');
      return Promise.resolve(true);
    });
    expect(result).toEqual({ outcome: 'success', failedStep: null, done: ['pay'] });
  });
});

describe('paymentResult', () => {
  it('keeps processing until every selected unit has answered', () => {
    expect(paymentResult(2, ['success'])).toEqual({ processing: true, success: false });
  });

  it('succeeds only if every unit succeeded', () => {
    expect(paymentResult(2, ['success', 'success'])).toEqual({ processing: false, success: true });
    expect(paymentResult(2, ['success', 'error'])).toEqual({ processing: false, success: false });
  });
});

import type { FacilitySettings, KioskTimeEntry } from '@kiosk/shared-types';
import { runInAction } from 'mobx';
import { describe, expect, it, vi } from 'vitest';
import { wrapped } from '../../test/fakes';
import { A102, card, loaded, space, tenant } from './pay-bill-test-fixtures';

/**
 * A locked-out unit in Pay My Bill: marked in the list, and after its payment what the operator
 * answered about access, with the office's next opening counted on a fixed clock.
 */

const C03 = space({ unit_number: 'C-03', spaceId: 'sp-c-03', leaseId: 'L-3', access_status: 'gate_suspended' });
const C30 = space({ unit_number: 'C-30', spaceId: 'sp-c-30', leaseId: 'L-4', access_status: 'overlocked' });
const OFFICE: KioskTimeEntry[] = [
  {
    status: 'Office Hours',
    rows: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].map((label) => ({
      label,
      time: label === 'Sunday' ? 'Closed' : '9:00 AM - 6:00 PM',
      is_today: false,
    })),
  },
];
/** Saturday 28 November 2026, 10:30 PM in Springfield IL. */
const SATURDAY_NIGHT = Date.parse('2026-11-28T22:30-06:00');

/** The operator's payment answer with `access`; the declining test card is refused. */
const paid = (access: unknown) => (request: { body?: string }) => {
  const form = new URLSearchParams(request.body ?? '');
  if (form.get('card_number') === '4000000000000002') {
    return { body: { application_data: { status: 'error', code: 'CardDeclined', message: 'declined' } } };
  }
  return {
    body: wrapped({
      transaction_id: 'txn-9',
      amount: Number(form.get('total_amount')),
      mail_request_data: { current: {} },
      access,
    }),
  };
};

async function lockedOutAccount() {
  const prePay = { body: wrapped({ movein_cost: [], balance: [], tax: 0, total_amt: 59 }) };
  const test = await loaded({
    items: [{ facility: 'demo', tenants: ['t-1'] }],
    overrides: {
      'GET /api/user/items/facilities/demo/tenant/t-1/': {
        body: wrapped({ tenant_details: [tenant], space_details: [C03, C30, A102] }),
      },
      'GET /api/tenant/t-1/space/sp-c-03/pre-pay/': prePay,
      'GET /api/tenant/t-1/space/sp-c-30/pre-pay/': prePay,
      'POST /api/tenant/t-1/space/sp-c-03/pre-pay/': paid({ status: 'restored' }),
      'POST /api/tenant/t-1/space/sp-c-30/pre-pay/': paid({ status: 'manager' }),
      'POST /api/tenant/t-1/space/sp-a102/pre-pay/': paid({ status: 'unchanged' }),
    },
  });
  runInAction(() => {
    test.root.config.facility = { timings: { kiosk_time: OFFICE } } as unknown as FacilitySettings;
  });
  test.root.payBill.payment.clock = { now: () => SATURDAY_NIGHT, timeZone: () => 'America/Chicago' };
  return test;
}

describe('a locked-out unit', () => {
  it('is marked in the list before payment, by what the operator says of its access', async () => {
    const { root } = await lockedOutAccount();
    expect(root.payBill.units.map((unit) => [unit.space.unit_number, unit.lockedOutKey])).toEqual([
      ['C-03', 'pay_bill.access.gate_suspended'],
      ['C-30', 'pay_bill.access.overlocked'],
      ['A102', null],
    ]);
  });

  it("ends with the operator's answer: restored, the manager with the office's next opening, or nothing", async () => {
    const { root } = await lockedOutAccount();
    for (const unit of root.payBill.units) root.payBill.tickPay(unit, true);
    root.payBill.cardStep.enterCardManually();
    await root.payBill.submitPayment(card);
    await vi.waitFor(() => expect(root.payBill.payment.processing).toBe(false));
    const [c03, c30, a102] = root.payBill.units;
    expect(c03!.access).toEqual({ status: 'restored' });
    // Sunday the office is closed: Monday at 9.
    expect(c30!.access).toEqual({
      status: 'manager',
      opening: { when: 'weekday', at: { hour: 9, minute: 0 }, weekday: 1 },
    });
    expect(a102!.access).toBeNull();
  });

  it('says nothing about access when the payment is declined', async () => {
    const { root } = await lockedOutAccount();
    const c03 = root.payBill.units[0]!;
    root.payBill.tickPay(c03, true);
    root.payBill.cardStep.enterCardManually();
    await root.payBill.submitPayment({ ...card, card_number: '4000 0000 0000 0002' });
    await vi.waitFor(() => expect(root.payBill.payment.processing).toBe(false));
    expect(c03.statusKeys).toEqual(['pay_bill.status.payment_failed']);
    expect(c03.access).toBeNull();
  });
});

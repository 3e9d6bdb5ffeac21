import { describe, expect, it, vi } from 'vitest';
import { calls, form, loaded } from '../pay-bill/pay-bill-test-fixtures';
import { TERMINAL_METHODS, terminalReceipt, terminalState } from './terminal-fixtures';

/** Pay My Bill on the terminal (docs/payment.md): one terminal payment per unit, no card field. */

const CARD_FIELDS = ['card_name', 'card_number', 'cc_exp_month', 'cc_exp_year', 'cvv'];

async function onTerminal(terminalAutopay = false) {
  const test = await loaded({
    overrides: {
      'GET /device/payment/methods': { body: { ...TERMINAL_METHODS, terminalAutopay } },
      'POST /outbox': { status: 202, body: { batch: 'b-1', keys: {} } },
    },
  });
  await test.root.payment.loadMethods();
  return test;
}

const approved = (id: string, amountCents: number) => ({
  ...terminalState(id, 'approved', { purpose: 'bill', amountCents }),
  receipt: terminalReceipt(id, amountCents),
});

describe('Pay My Bill on the terminal', () => {
  it('charges each unit on the terminal in turn and pays it with the transaction id, never a card', async () => {
    const { root, requests } = await onTerminal();
    const [a102, b13] = root.payBill.units;
    root.payBill.tickPay(a102!, true);
    root.payBill.setPeriod(a102!, 3);
    root.payBill.tickPay(b13!, true);
    await vi.waitFor(() => expect(a102!.prePay?.total_amt).toBe(206));
    await vi.waitFor(() => expect(b13!.prePay).not.toBeNull());
    root.payBill.makePayment();
    expect(root.payBill.paysOnTerminal).toBe(true);
    root.payBill.startOnTerminal();
    const bill = root.payBill.payment;
    expect(bill.terminalUnit?.space.unit_number).toBe(a102!.space.unit_number);
    expect(bill.terminalStart(a102!)).toEqual({
      purpose: 'bill',
      amountCents: 20600,
      tenant: 't-1',
      spaceId: 'sp-a102',
    });

    root.payBill.terminalApproved(approved('tx-a', 20600));
    expect(root.payBill.stage).toBe('swipe');
    expect(bill.terminalUnit?.space.unit_number).toBe(b13!.space.unit_number);
    root.payBill.terminalApproved(approved('tx-b', bill.terminalStart(b13!)!.amountCents));
    expect(root.payBill.stage).toBe('result');
    await vi.waitFor(() => expect(bill.processing).toBe(false));

    const paid = calls(requests, 'POST', '/pre-pay/').map(form);
    expect(paid.map((sent) => sent.terminal_transaction_id)).toEqual(['tx-a', 'tx-b']);
    for (const sent of paid) for (const field of CARD_FIELDS) expect(sent).not.toHaveProperty(field);
    expect(bill.succeeded).toBe(true);
    expect(bill.terminalReceipt?.transactionId).toBe('tx-b');
  });

  it('autopay where the operator takes no terminal card: paid, not enrolled, and the office is told', async () => {
    const { root, requests } = await onTerminal(false);
    const [a102] = root.payBill.units;
    root.payBill.tickPay(a102!, true);
    root.payBill.tickEnrol(a102!, true);
    await vi.waitFor(() => expect(a102!.prePayLoading).toBe(false));
    root.payBill.makePayment();
    root.payBill.startOnTerminal();
    root.payBill.terminalApproved(approved('tx-a', root.payBill.payment.terminalStart(a102!)!.amountCents));
    await vi.waitFor(() => expect(root.payBill.payment.processing).toBe(false));
    expect(calls(requests, 'POST', '/autopay/').filter((r) => r.path.includes('/space/'))).toHaveLength(0);
    expect(root.payBill.payment.autopayByOffice).toBe(true);
    const outbox = calls(requests, 'POST', '/outbox').map((r) => r.body ?? '');
    expect(outbox.join()).toContain('office');
  });
});

import { runInAction } from 'mobx';
import { describe, expect, it } from 'vitest';
import { wrapped } from '../../test/fakes';
import { API, failure, RESULT, setup } from '../rental/checkout/checkout-test-fixtures';
import { TERMINAL_METHODS, terminalReceipt, terminalState } from './terminal-fixtures';

/** The rental paid on the terminal (docs/payment.md): the rental call, its retry, its follow-ups. */

const CARD_FIELDS = ['name_on_card', 'cc_number', 'cc_exp_month', 'cc_exp_year', 'cvv'];

async function onTerminal(options: Parameters<typeof setup>[0] & { autopay?: boolean } = {}) {
  const methods = { ...TERMINAL_METHODS, terminalAutopay: Boolean(options.autopay) };
  const test = setup({
    outbox: 'accepts',
    ...options,
    routes: { 'GET /device/payment/methods': { body: methods }, ...options.routes },
    model: { total_amount: '126.00', ...options.model },
  });
  await test.root.payment.loadMethods();
  const approved = { ...terminalState('tx-7', 'approved', { purpose: 'rental', amountCents: 12600 }) };
  return { ...test, approved: { ...approved, receipt: terminalReceipt('tx-7', 12600) } };
}

describe('a rental paid on the terminal', () => {
  it('Complete Rental on the card step goes on to the documents: card_details has nothing to ask', async () => {
    const { root } = await onTerminal();
    root.rental.goTo('swipe_scan');
    root.checkout.completeOnTerminal({ auto_debit: true });
    expect(root.rental.section).toBe('panda_fields');
    expect(root.rental.model.auto_debit).toBe(true);
    expect(root.checkout.cardDraft).toBeNull();
  });

  it('with both, a visitor who chose the card pays as the seeds do', async () => {
    const { root } = await onTerminal();
    runInAction(() => {
      root.payment.methods = { state: 'ready', value: { ...TERMINAL_METHODS, reader: true, typed: true } };
    });
    root.checkout.useCardInstead();
    expect(root.rental.section).toBe('swipe_scan');
    expect(root.checkout.paysOnTerminal).toBe(false);
  });

  it('waits for the terminal, then rents with its transaction id and no card field', async () => {
    const { root, calls, approved } = await onTerminal({
      routes: { [`POST ${API}/rental/`]: { body: wrapped(RESULT) } },
    });
    expect(root.checkout.paysOnTerminal).toBe(true);
    expect(root.checkout.terminalAmountCents).toBe(12600);
    await root.checkout.process();
    expect(calls(/rental\/$/)).toHaveLength(0);
    expect(root.checkout.awaitingTerminal).toBe(true);

    root.checkout.paidOnTerminal(approved);
    await new Promise((resolve) => setTimeout(resolve, 0));
    const sent = new URLSearchParams(calls(/POST .*\/rental\/$/)[0]!.body);
    expect(sent.get('terminal_transaction_id')).toBe('tx-7');
    expect(sent.get('total_amount')).toBe('126.00');
    for (const field of CARD_FIELDS) expect(sent.has(field)).toBe(false);
    expect(root.checkout.processState).toBe('succeeded');
    expect(root.printer.paidCard).toEqual({ brand: 'VISA CREDIT', last4: '0119' });
    expect(root.printer.paidTerminal).toMatchObject({ auth_code: '123456', reference: 'PSP-8816' });
    // The approved payment is not offered again to another purpose.
    expect(root.payment.approved).toBeNull();
  });

  it('a failed rental call is retried with the same payment, never as a card failure that asks for a new card', async () => {
    let attempts = 0;
    const { root, calls, approved } = await onTerminal({
      routes: {
        [`POST ${API}/rental/`]: () => {
          attempts += 1;
          return attempts === 1 ? failure('CardDeclined') : { body: wrapped(RESULT) };
        },
      },
    });
    root.checkout.paidOnTerminal(approved);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(root.checkout.processState).toBe('failed');
    expect(root.checkout.processingError?.card).toBe(false);
    root.checkout.retry();
    expect(root.rental.section).toBe('process_rental');
    await root.checkout.process();
    const ids = calls(/POST .*\/rental\/$/).map((call) =>
      new URLSearchParams(call.body).get('terminal_transaction_id'),
    );
    expect(ids).toEqual(['tx-7', 'tx-7']);
    expect(root.checkout.processState).toBe('succeeded');
  });

  it('autopay on the terminal’s card where the operator takes it: the enrolment names the payment, never a card', async () => {
    const { root, approved, handedOver, settle } = await onTerminal({
      autopay: true,
      model: { auto_debit: true },
      routes: { [`POST ${API}/rental/`]: { body: wrapped(RESULT) } },
    });
    root.checkout.paidOnTerminal(approved);
    await settle();
    await settle();
    const calls = handedOver()[0]!.calls;
    const enrolment = calls.find((call) => call.id === 'enrol_autopay')!;
    expect(enrolment.form.terminal_transaction_id).toBe('tx-7');
    expect(enrolment.card).toBeUndefined();
    expect(calls.find((call) => call.id === 'notification_mail')!.form.autopay_requested).toBeUndefined();
  });

  it('autopay asked where the operator takes no terminal card: no enrolment, the facility mail says the office sets it up', async () => {
    const { root, approved, handedOver, settle } = await onTerminal({
      model: { auto_debit: true },
      routes: { [`POST ${API}/rental/`]: { body: wrapped(RESULT) } },
    });
    root.checkout.paidOnTerminal(approved);
    await settle();
    await settle();
    const calls = handedOver()[0]!.calls;
    expect(calls.map((call) => call.id)).not.toContain('enrol_autopay');
    const mail = calls.find((call) => call.id === 'notification_mail')!;
    expect(mail.form).toMatchObject({ autopay_requested: 'office', unit_no: 'B-10', tenant_first_name: 'Jane' });
  });
});

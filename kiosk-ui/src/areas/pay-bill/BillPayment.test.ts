import { describe, expect, it, vi } from 'vitest';
import { outboxRequestRefusal, type OutboxRequest } from '@kiosk/shared-types';
import { wrapped, type FakeRequest } from '../../test/fakes';
import { calls, card, form, loaded } from './pay-bill-test-fixtures';

/** Paying, signing and each unit's outcome, over the fake operator API of pay-bill-test-fixtures.ts. */

describe('amount to pay', () => {
  it('shows no amount beside a unit the payment leaves out, so it agrees with the grand total', async () => {
    const { root } = await loaded();
    const [a102] = root.payBill.units;
    expect(a102!.amountToPay).toEqual({ kind: 'not-included' });
    expect(root.payBill.grandTotal).toBe(0);
    root.payBill.tickPay(a102!, true);
    await vi.waitFor(() => expect(a102!.amountToPay.kind).toBe('amount'));
    expect(a102!.amountToPay).toEqual({ kind: 'amount', value: root.payBill.grandTotal });
    expect(root.payBill.grandTotal).toBeGreaterThan(0);
    root.payBill.tickPay(a102!, false);
    expect(a102!.amountToPay).toEqual({ kind: 'not-included' });
    expect(root.payBill.grandTotal).toBe(0);
  });

  it('says the charges could not be loaded, ticked or not, once their fetch failed', async () => {
    const { root } = await loaded({
      overrides: {
        'GET /api/tenant/t-1/space/sp-a102/pre-pay/': {
          body: { application_data: { status: 'error', message: 'down' } },
        },
      },
    });
    const [a102] = root.payBill.units;
    expect(a102!.amountToPay).toEqual({ kind: 'unavailable' });
    expect(a102!.balanceDue).toBe(0);
  });
});

describe('paying', () => {
  it('(c) pays a unit for the chosen period with the card and mails the receipt', async () => {
    const { root, requests } = await loaded();
    const [a102] = root.payBill.units;
    root.payBill.tickPay(a102!, true);
    root.payBill.setPeriod(a102!, 3);
    await vi.waitFor(() => expect(a102!.prePay?.total_amt).toBe(206));
    root.payBill.cardStep.enterCardManually();
    await root.payBill.submitPayment(card);
    await vi.waitFor(() => expect(root.payBill.payment.processing).toBe(false));
    expect(root.payBill.payment.succeeded).toBe(true);
    expect(a102!.statusKeys).toEqual(['pay_bill.status.payment_success']);
    const pay = form(calls(requests, 'POST', '/sp-a102/pre-pay/')[0]!);
    expect(pay).toMatchObject({
      period: '3',
      total_amount: '206.00',
      card_number: '4111111111111111',
      cvv: '123',
      tenant_id: 't-1',
    });
    const mail = form(calls(requests, 'POST', '/tenant/t-1/payment/')[0]!);
    expect(JSON.parse(mail.data!)).toMatchObject({ source: 'desktop', unit_no: 'A102', balance: 59, prepay: 206 });
    expect(mail.data).not.toContain('4111111111111111');
    expect(calls(requests, 'POST', '/generate-agreements/')).toHaveLength(0);
  });

  it("hands the mails after what went through to the daemon's outbox, in one request per unit", async () => {
    const { root, requests } = await loaded({
      overrides: {
        'POST /outbox': { status: 202, body: { batch: 'b-1', keys: { payment_mail: 'k-1' } } },
      },
    });
    const [a102] = root.payBill.units;
    root.payBill.tickPay(a102!, true);
    root.payBill.setPeriod(a102!, 3);
    await vi.waitFor(() => expect(a102!.prePay?.total_amt).toBe(206));
    root.payBill.cardStep.enterCardManually();
    await root.payBill.submitPayment(card);
    await vi.waitFor(() => expect(root.payBill.payment.processing).toBe(false));
    expect(a102!.statusKeys).toEqual(['pay_bill.status.payment_success']);
    expect(calls(requests, 'POST', '/sp-a102/pre-pay/')).toHaveLength(1);
    expect(calls(requests, 'POST', '/tenant/t-1/payment/')).toHaveLength(0);
    const handed = calls(requests, 'POST', '/outbox');
    expect(handed).toHaveLength(1);
    const request = JSON.parse(handed[0]!.body!) as OutboxRequest;
    expect(request.kind).toBe('payment');
    expect(request.calls).toHaveLength(1);
    expect(request.calls[0]).toMatchObject({
      id: 'payment_mail',
      route: 'mailPayment',
      params: { owner: 'demo-owner', tenant: 't-1' },
    });
    expect(JSON.parse(request.calls[0]!.form.data!)).toMatchObject({
      source: 'desktop',
      unit_no: 'A102',
      balance: 59,
      prepay: 206,
    });
    expect(handed[0]!.body).not.toContain('4111111111111111');
    expect(outboxRequestRefusal(request)).toBeNull();
  });

  it('hands the autopay mail after a card update to the outbox with the card masked, which the daemon takes', async () => {
    const { root, requests } = await loaded({
      overrides: {
        'POST /outbox': { status: 202, body: { batch: 'b-1', keys: { autopay_mail: 'k-1' } } },
      },
    });
    const b13 = root.payBill.units[1]!;
    root.payBill.tickUpdateCard(b13, true);
    await root.payBill.submitPayment(card);
    await vi.waitFor(() => expect(root.payBill.payment.processing).toBe(false));
    expect(calls(requests, 'POST', '/tenant/t-1/autopay/')).toHaveLength(0);
    const handed = calls(requests, 'POST', '/outbox');
    expect(handed).toHaveLength(1);
    const request = JSON.parse(handed[0]!.body!) as OutboxRequest;
    expect(request.calls.map((call) => call.route)).toEqual(['mailAutopay']);
    expect(JSON.parse(request.calls[0]!.form.data!)).toMatchObject({ request: { card_number: '4111********1111' } });
    expect(outboxRequestRefusal(request)).toBeNull();
  });

  it('(c) leaves the payment mail to the management system when it notifies', async () => {
    const { root, requests } = await loaded({ payment: true });
    root.payBill.tickPay(root.payBill.units[0]!, true);
    await root.payBill.submitPayment(card);
    await vi.waitFor(() => expect(root.payBill.payment.processing).toBe(false));
    expect(calls(requests, 'POST', '/payment/')).toHaveLength(0);
  });

  it('(b) signs first, then pays the balance, enrols and mails; the other unit is paid at once', async () => {
    const { root, requests } = await loaded();
    const [a102, b13] = root.payBill.units;
    root.payBill.tickEnrol(a102!, true);
    root.payBill.tickPay(b13!, true);
    await root.payBill.submitPayment(card);
    expect(root.payBill.payment.signing).toBe(true);
    expect(root.payBill.payment.currentAgreement?.agreement.key).toBe('key-A102');
    await vi.waitFor(() => expect(b13!.outcome).toBe('success'));
    expect(calls(requests, 'POST', '/sp-a102/pre-pay/')).toHaveLength(0);
    const documents = form(calls(requests, 'POST', '/generate-tokens/')[0]!);
    expect(documents).toMatchObject({ flow: 'billpay', auto_debit: 'true', tenant_email: 'tenant@example.com' });
    expect(documents.card_number).toBe('4111********1111');
    expect(documents.cvv).toBeUndefined();

    // Only the registered frame's own message, from the signing origin, completes the document:
    // not one from another origin, nor one of the right origin before a frame is registered or
    // from another window.
    const frameWindow = {} as MessageEventSource;
    const signed = { event: 'session_view.document.completed', data: { id: 'key-A102' } };
    root.payBill.payment.onSigningMessage({ origin: 'http://sandbox.test', source: frameWindow, data: signed });
    expect(root.payBill.payment.signing).toBe(true);
    root.payBill.payment.setSigningFrame(frameWindow);
    root.payBill.payment.onSigningMessage({ origin: 'http://evil.test', source: frameWindow, data: signed });
    expect(root.payBill.payment.signing).toBe(true);
    root.payBill.payment.onSigningMessage({
      origin: 'http://sandbox.test',
      source: {} as MessageEventSource,
      data: signed,
    });
    expect(root.payBill.payment.signing).toBe(true);
    root.payBill.payment.onSigningMessage({ origin: 'http://sandbox.test', source: frameWindow, data: signed });
    expect(root.payBill.payment.signing).toBe(false);
    await vi.waitFor(() => expect(root.payBill.payment.processing).toBe(false));
    expect(root.payBill.payment.succeeded).toBe(true);
    expect(a102!.statusKeys).toEqual(['pay_bill.status.payment_success', 'pay_bill.status.autopay_enroll_successful']);
    expect(form(calls(requests, 'POST', '/sp-a102/pre-pay/')[0]!)).toMatchObject({
      period: '0',
      total_amount: '59.00',
    });
    // The enrolment carries the id the completion message gave.
    expect(form(calls(requests, 'POST', '/sp-a102/autopay/')[0]!)).toMatchObject({ document_id: 'key-A102' });
    const aboutA102 = (r: FakeRequest) =>
      r.path.includes('/sp-a102/') ||
      (/tenant\/t-1\/(payment|autopay)\/$/.test(r.path) && Boolean(r.body?.includes('A102')));
    const order = requests
      .filter((r) => r.method === 'POST' && aboutA102(r))
      .map((r) => r.path.split('/').slice(-3, -1).join('/'));
    expect(order).toEqual(['sp-a102/pre-pay', 'sp-a102/autopay', 't-1/payment', 't-1/autopay']);
    expect(calls(requests, 'POST', '/tenant/t-1/autopay/').every((r) => !r.body?.includes('4111111111111111'))).toBe(
      true,
    );
  });

  it('marks a declined unit failed and keeps the other result', async () => {
    const { root } = await loaded();
    const [a102, b13] = root.payBill.units;
    root.payBill.tickPay(a102!, true);
    root.payBill.tickPay(b13!, true);
    await root.payBill.submitPayment({ ...card, card_number: '4000000000000002' });
    await vi.waitFor(() => expect(root.payBill.payment.processing).toBe(false));
    expect(root.payBill.payment.succeeded).toBe(false);
    expect(root.payBill.payment.paymentFailed).toBe(true);
    expect(a102!.statusKeys).toEqual(['pay_bill.status.payment_failed']);
    expect(b13!.outcome).toBe('success');
  });
});

describe('autopay card update and signing failures', () => {
  it('(a) updating the card of an enrolled, paid-up unit re-enrols at once, without signing, and mails the autopay confirmation', async () => {
    const { root, requests } = await loaded();
    const b13 = root.payBill.units[1]!;
    root.payBill.tickUpdateCard(b13, true);
    expect(root.payBill.pendingUpdateCardKey).toBeNull();
    expect(b13.choice.payMyBill).toBe(false);
    await root.payBill.submitPayment(card);
    expect(root.payBill.payment.signing).toBe(false);
    await vi.waitFor(() => expect(root.payBill.payment.processing).toBe(false));
    expect(calls(requests, 'POST', '/generate-tokens/')).toHaveLength(0);
    expect(calls(requests, 'POST', '/generate-agreements/')).toHaveLength(0);
    expect(b13.statusKeys).toEqual(['pay_bill.status.card_update_successful']);
    expect(calls(requests, 'POST', '/sp-b-13/pre-pay/')).toHaveLength(0);
    expect(calls(requests, 'POST', '/tenant/t-1/autopay/')).toHaveLength(1);
  });

  it('marks the enrolment failed when its documents cannot be prepared', async () => {
    const { root, requests } = await loaded({
      overrides: {
        'POST /api/facilities/demo/pandadocs/generate-agreements/': { body: { application_data: { status: 'error' } } },
      },
    });
    const a102 = root.payBill.units[0]!;
    root.payBill.tickEnrol(a102, true);
    await root.payBill.submitPayment(card);
    await vi.waitFor(() => expect(root.payBill.payment.processing).toBe(false));
    expect(root.payBill.payment.signing).toBe(false);
    expect(root.payBill.payment.succeeded).toBe(false);
    expect(a102.statusKeys).toEqual(['pay_bill.status.autopay_enroll_failed']);
    expect(calls(requests, 'POST', '/sp-a102/pre-pay/')).toHaveLength(0);
    expect(calls(requests, 'POST', '/sp-a102/autopay/')).toHaveLength(0);
  });
});

describe('stopping the signing', () => {
  it('leaves the waiting units unenrolled and unpaid, and shows the result', async () => {
    const { root, requests } = await loaded();
    const a102 = root.payBill.units[0]!;
    root.payBill.tickEnrol(a102, true);
    await root.payBill.submitPayment(card);
    expect(root.payBill.payment.signing).toBe(true);
    root.payBill.payment.cancelSigning();
    expect(root.payBill.payment.signing).toBe(false);
    expect(root.payBill.payment.processing).toBe(false);
    expect(a102.statusKeys).toEqual(['pay_bill.status.autopay_enroll_failed']);
    expect(calls(requests, 'POST', '/sp-a102/pre-pay/')).toHaveLength(0);
  });
});

describe('signing several documents', () => {
  const twoDocuments = {
    'POST /api/facilities/demo/pandadocs/generate-agreements/': {
      body: wrapped({
        agreements: ['first', 'second'].map((name) => ({
          display_name: `Autopay ${name}`,
          document_type: 'autopay',
          file_id: `file-${name}`,
          document_id: `doc-${name}`,
          key: `key-${name}`,
          url: `http://sandbox.test/pages/sign/key-${name}`,
          completed: false,
        })),
      }),
    },
  };

  it("pays and enrols a unit as its first document's completion arrives, once", async () => {
    const { root, requests } = await loaded({ overrides: twoDocuments });
    const a102 = root.payBill.units[0]!;
    root.payBill.tickEnrol(a102, true);
    await root.payBill.submitPayment(card);
    root.payBill.payment.documentSigned('key-first', 'doc-first');
    // The unit does not wait for its second document.
    await vi.waitFor(() => expect(a102.outcome).toBe('success'));
    expect(root.payBill.payment.currentAgreement?.agreement.key).toBe('key-second');
    expect(form(calls(requests, 'POST', '/sp-a102/autopay/')[0]!)).toMatchObject({ document_id: 'doc-first' });
    root.payBill.payment.documentSigned('key-second', 'doc-second');
    expect(root.payBill.payment.signing).toBe(false);
    expect(calls(requests, 'POST', '/sp-a102/pre-pay/')).toHaveLength(1);
    expect(calls(requests, 'POST', '/sp-a102/autopay/')).toHaveLength(1);
  });

  it('stopping after the first document keeps the payment it made', async () => {
    const { root } = await loaded({ overrides: twoDocuments });
    const a102 = root.payBill.units[0]!;
    root.payBill.tickEnrol(a102, true);
    await root.payBill.submitPayment(card);
    root.payBill.payment.documentSigned('key-first', 'doc-first');
    root.payBill.payment.cancelSigning();
    await vi.waitFor(() => expect(root.payBill.payment.processing).toBe(false));
    expect(a102.statusKeys).toEqual(['pay_bill.status.payment_success', 'pay_bill.status.autopay_enroll_successful']);
  });
});

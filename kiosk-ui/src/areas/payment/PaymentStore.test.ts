import { describe, expect, it } from 'vitest';
import { createTestRoot } from '../../test/fakes';
import { BOTH_METHODS, terminalReceipt, terminalState } from './terminal-fixtures';

describe('PaymentStore', () => {
  it('offers what the daemon says the facility has', async () => {
    const { root } = createTestRoot({ routes: { 'GET /device/payment/methods': { body: BOTH_METHODS } } });
    await root.payment.loadMethods();
    expect(root.payment.terminalOffered).toBe(true);
    expect(root.payment.cardOffered).toBe(true);
  });

  it('offers the reader and typed entry, never the terminal, when the daemon cannot say', async () => {
    const { root } = createTestRoot({ routes: { 'GET /device/payment/methods': { status: 500, body: {} } } });
    await root.payment.loadMethods();
    expect(root.payment.methodsKnown).toBe(true);
    expect(root.payment.offered).toEqual({ terminal: false, reader: true, typed: true, terminalAutopay: false });
  });

  it('starts nothing while a payment may still be charged, nor while an approved one waits to be used', async () => {
    let starts = 0;
    const { root } = createTestRoot({
      routes: {
        'POST /device/payment/terminal': () => {
          starts += 1;
          return { status: 202, body: terminalState(`tx-${starts}`, 'sending') };
        },
      },
    });
    const sale = { purpose: 'merchandise', amountCents: 1284 } as const;
    await root.payment.start(sale);
    await root.payment.start(sale);
    expect(starts).toBe(1);
    root.payment.onStage(terminalState('tx-1', 'approved', { receipt: terminalReceipt('tx-1') }));
    await root.payment.start(sale);
    await root.payment.retry();
    expect(starts).toBe(1);
    expect(root.payment.approved?.transactionId).toBe('tx-1');
    // Used by its purpose call: not offered again, and a new payment may start.
    root.payment.markUsed('tx-1');
    expect(root.payment.approved).toBeNull();
    await root.payment.start(sale);
    expect(starts).toBe(2);
  });

  it('keeps a final stage final when an earlier stage arrives late', async () => {
    const { root } = createTestRoot({
      routes: { 'POST /device/payment/terminal': { status: 202, body: terminalState('tx-1', 'sending') } },
    });
    await root.payment.start({ purpose: 'rental', amountCents: 5900 });
    root.payment.onStage(terminalState('tx-1', 'declined'));
    root.payment.onStage(terminalState('tx-1', 'reading'));
    expect(root.payment.stage).toBe('declined');
  });

  it('a start answered after the visit ended is cancelled, not followed by the next visitor', async () => {
    let answer: (() => void) | undefined;
    const { root, requests } = createTestRoot({
      routes: {
        'POST /device/payment/terminal/tx-1/cancel': { body: { cancelled: true } },
      },
    });
    const started = new Promise<void>((resolve) => (answer = resolve));
    // The daemon answers the start only once the visit has ended.
    root.api.answer = (async () => {
      await started;
      return terminalState('tx-1', 'sending');
    }) as typeof root.api.answer;
    const pending = root.payment.start({ purpose: 'rental', amountCents: 5900 });
    root.payment.reset();
    answer!();
    await pending;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(root.payment.payment).toBeNull();
    expect(root.payment.step).toBe('idle');
    expect(requests.some((r) => r.path === '/device/payment/terminal/tx-1/cancel')).toBe(true);
  });

  it('the end of the visit forgets the payment, not what the kiosk offers', async () => {
    const { root, requests } = createTestRoot({
      routes: {
        'GET /device/payment/methods': { body: BOTH_METHODS },
        'POST /device/payment/terminal': { status: 202, body: terminalState('tx-1', 'sending') },
        'POST /device/payment/terminal/tx-1/cancel': { body: { cancelled: true } },
      },
    });
    await root.payment.loadMethods();
    await root.payment.start({ purpose: 'rental', amountCents: 5900 });
    root.payment.onStage(terminalState('tx-1', 'present-card'));
    root.payment.reset();
    expect(requests.some((r) => r.path === '/device/payment/terminal/tx-1/cancel')).toBe(true);
    expect(root.payment.payment).toBeNull();
    expect(root.payment.terminalOffered).toBe(true);
  });
});

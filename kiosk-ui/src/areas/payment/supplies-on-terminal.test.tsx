import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import '../../i18n';
import MerchandiseScreen from '../merchandise/screens/MerchandiseScreen';
import { StoresProvider } from '../../shared/stores/StoresProvider';
import { createTestRoot, FakeSocket, wrapped, type FakeReply } from '../../test/fakes';
import { BOTH_METHODS, TERMINAL_METHODS, terminalReceipt, terminalState } from './terminal-fixtures';
import { saleOfTwoBoxesAndTape, SUPPLIES } from '../merchandise/merchandise-test-fixtures';

/** Boxes & Supplies paid on the terminal, through the screen: the one payment step in an area. */

afterEach(() => {
  cleanup();
  FakeSocket.instances = [];
});

const SALE = saleOfTwoBoxesAndTape('');

function shop(methods = TERMINAL_METHODS, sale: FakeReply = { body: wrapped(SALE) }) {
  let started = 0;
  const test = createTestRoot({
    url: '/demo',
    routes: {
      'GET /api/facilities/demo/merchandise/': { body: wrapped(SUPPLIES) },
      'GET /device/payment/methods': { body: methods },
      'GET /device/card/health': { body: { status: 'ok' } },
      'POST /device/card/swipe': { status: 202, body: { swipeId: 'sw-1' } },
      'POST /device/card/cancel': { body: { cancelled: true } },
      'POST /device/payment/terminal': () => {
        started += 1;
        return { status: 202, body: terminalState(`tx-${started}`, 'sending') };
      },
      'POST /api/process-merchandise-sales/': sale,
      'POST /device/payment/terminal/tx-1/cancel': { body: { cancelled: true } },
    },
  });
  test.events.start();
  const socket = FakeSocket.latest();
  socket.open();
  render(
    <StoresProvider root={test.root}>
      <MerchandiseScreen section="merchandise" />
    </StoresProvider>,
  );
  const stage = (id: string, name: Parameters<typeof terminalState>[1], extra = {}) =>
    act(() => socket.receive({ type: 'payment-terminal', payment: terminalState(id, name, extra) }));
  const starts = () =>
    test.requests.filter((r) => r.method === 'POST' && r.path === '/device/payment/terminal').map((r) => r.body);
  const sales = () => test.requests.filter((r) => r.path === '/api/process-merchandise-sales/');
  return { ...test, stage, starts, sales };
}

async function fillBasketAndPay() {
  const box = await screen.findByRole('button', { name: 'Add one Medium Moving Box' });
  fireEvent.click(box);
  fireEvent.click(box);
  fireEvent.click(screen.getByRole('button', { name: 'Add one Packing Tape' }));
  fireEvent.click(screen.getByRole('button', { name: 'Pay by card' }));
}

describe('Boxes & Supplies on the terminal', () => {
  it('a decline, then the next card approved: one sale, with the transaction id and no card field', async () => {
    const { stage, starts, sales } = shop();
    await fillBasketAndPay();
    await screen.findByRole('heading', { name: 'Tap, insert or swipe your card on the terminal' });
    expect(screen.getByText('Amount: $12.84')).toBeTruthy();
    await waitFor(() => expect(starts()).toHaveLength(1));
    expect(JSON.parse(starts()[0]!)).toEqual({ purpose: 'merchandise', amountCents: 1284 });
    stage('tx-1', 'present-card');
    stage('tx-1', 'declined');
    expect(screen.getByRole('status').textContent).toBe('Your card was declined.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(starts()).toHaveLength(2));
    stage('tx-2', 'reading');
    stage('tx-2', 'approved', { receipt: terminalReceipt('tx-2') });
    await screen.findByRole('heading', { name: 'Thank you!' });
    expect(sales()).toHaveLength(1);
    const sent = new URLSearchParams(sales()[0]!.body);
    expect(sent.get('terminal_transaction_id')).toBe('tx-2');
    expect(sent.get('total_amount')).toBe('12.84');
    for (const field of ['card_number', 'card_name', 'cc_exp_month', 'cc_exp_year', 'cvv'])
      expect(sent.has(field)).toBe(false);
    // The confirmation carries the EMV fields.
    expect(screen.getByText('Authorization code')).toBeTruthy();
    expect(screen.getByText('123456')).toBeTruthy();
    expect(screen.getByText('VISA CREDIT')).toBeTruthy();
    expect(screen.getByText('•••• 0119')).toBeTruthy();
    expect(screen.getByText('Contactless')).toBeTruthy();
    expect(screen.getByText('A0000000031010')).toBeTruthy();
    expect(screen.getByText('PSP-8816')).toBeTruthy();
    expect(screen.getByText('Paid with card ending in 0119')).toBeTruthy();
  });

  it('a sale the operator refuses after the charge sends the visitor to the manager, with no way to pay again', async () => {
    const { stage, starts } = shop(TERMINAL_METHODS, {
      body: { application_data: { status: 'error', code: 'Unknown', message: 'no' } },
    });
    await fillBasketAndPay();
    await waitFor(() => expect(starts()).toHaveLength(1));
    stage('tx-1', 'approved', { receipt: terminalReceipt('tx-1') });
    await screen.findByText(
      'Your card was charged on the terminal, but the sale did not go through. Please see the Facility Manager.',
    );
    expect(screen.queryByRole('button', { name: 'Use a different card' })).toBeNull();
    expect(starts()).toHaveLength(1);
  });

  it('with both, the visitor may cancel on the terminal and swipe instead: the seeds’ swipe step shows', async () => {
    const { stage, starts, requests } = shop(BOTH_METHODS);
    await fillBasketAndPay();
    await waitFor(() => expect(starts()).toHaveLength(1));
    stage('tx-1', 'present-card');
    // Not while the terminal may still charge the card.
    expect(screen.queryByRole('button', { name: 'Swipe or type a card instead' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel payment' }));
    await waitFor(() => expect(requests.some((r) => r.path === '/device/payment/terminal/tx-1/cancel')).toBe(true));
    stage('tx-1', 'cancelled');
    fireEvent.click(await screen.findByRole('button', { name: 'Swipe or type a card instead' }));
    await screen.findByRole('heading', { name: 'Please swipe your credit card' });
  });

  it('with the reader only (the default), the payment step is the seeds’ swipe, and the terminal is never asked', async () => {
    const { starts } = shop({ terminal: false, reader: true, typed: true, terminalAutopay: false });
    await fillBasketAndPay();
    await screen.findByRole('heading', { name: 'Please swipe your credit card' });
    expect(screen.queryByText('Tap, insert or swipe your card on the terminal')).toBeNull();
    expect(starts()).toHaveLength(0);
  });
});

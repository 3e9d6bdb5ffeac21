import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../i18n';
import { applyLanguage } from '../../i18n/language';
import { StoresProvider } from '../../shared/stores/StoresProvider';
import { createTestRoot, FakeSocket, type FakeRoutes } from '../../test/fakes';
import { TerminalPanel } from './TerminalPanel';
import { terminalReceipt, terminalState } from './terminal-fixtures';

afterEach(async () => {
  cleanup();
  FakeSocket.instances = [];
  await applyLanguage('en');
});

const SALE = { purpose: 'merchandise', amountCents: 1284 } as const;

/** The panel over a fake daemon whose terminal answers each start with a new transaction. */
function renderPanel(routes: FakeRoutes = {}, props: { declinedText?: string; onUseCard?: () => void } = {}) {
  let started = 0;
  const test = createTestRoot({
    routes: {
      'POST /device/payment/terminal': () => {
        started += 1;
        return { status: 202, body: terminalState(`tx-${started}`, 'sending') };
      },
      'POST /device/payment/terminal/tx-1/cancel': { body: { cancelled: true } },
      ...routes,
    },
  });
  test.events.start();
  const socket = FakeSocket.latest();
  socket.open();
  const onApproved = vi.fn();
  const view = render(
    <StoresProvider root={test.root}>
      <TerminalPanel start={SALE} onApproved={onApproved} {...props} />
    </StoresProvider>,
  );
  const stage = (id: string, name: Parameters<typeof terminalState>[1], extra = {}) =>
    act(() => socket.receive({ type: 'payment-terminal', payment: terminalState(id, name, extra) }));
  const starts = () => test.requests.filter((r) => r.method === 'POST' && r.path === '/device/payment/terminal');
  return { ...test, socket, onApproved, view, stage, starts };
}

/** The daemon restarts: its event socket drops, the page's reconnect timer runs, a new socket opens. */
async function reconnect(socket: FakeSocket): Promise<void> {
  vi.useFakeTimers({ toFake: ['setTimeout'] });
  try {
    act(() => socket.drop());
    await act(async () => {
      await vi.runOnlyPendingTimersAsync();
    });
  } finally {
    vi.useRealTimers();
  }
  act(() => FakeSocket.latest().open());
}

describe('TerminalPanel', () => {
  it('asks for the card with the amount, follows the terminal and hands the approved payment over once', async () => {
    const { stage, onApproved, starts } = renderPanel();
    expect(screen.getByRole('heading', { name: 'Tap, insert or swipe your card on the terminal' })).toBeTruthy();
    expect(screen.getByText('Amount: $12.84')).toBeTruthy();
    await waitFor(() => expect(starts()).toHaveLength(1));
    expect(JSON.parse(starts()[0]!.body!)).toEqual(SALE);
    stage('tx-1', 'present-card');
    expect(screen.getByRole('status').textContent).toBe('The terminal is ready for your card.');
    stage('tx-1', 'reading');
    expect(screen.getByRole('status').textContent).toBe('Reading your card. Please wait…');
    stage('tx-1', 'remove-card');
    expect(screen.getByRole('status').textContent).toBe('Please remove your card from the terminal.');
    expect(onApproved).not.toHaveBeenCalled();
    stage('tx-1', 'approved', { receipt: terminalReceipt('tx-1') });
    expect(screen.getByRole('status').textContent).toBe('Approved. Thank you.');
    expect(onApproved).toHaveBeenCalledTimes(1);
    expect(onApproved.mock.calls[0]![0]).toMatchObject({ transactionId: 'tx-1', receipt: { authCode: '123456' } });
    // Nothing to cancel or retry once approved.
    expect(screen.queryByRole('button', { name: 'Cancel payment' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('says a decline in the area’s words and Try again starts a new payment', async () => {
    const { stage, starts } = renderPanel({}, { declinedText: 'Your card was declined.' });
    await waitFor(() => expect(starts()).toHaveLength(1));
    stage('tx-1', 'present-card');
    stage('tx-1', 'declined', { declineReason: 'Refused' });
    expect(screen.getByRole('status').textContent).toBe('Your card was declined.');
    expect(screen.queryByRole('button', { name: 'Cancel payment' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(starts()).toHaveLength(2));
    // A late event of the declined payment changes nothing of the new one.
    stage('tx-1', 'present-card');
    stage('tx-2', 'present-card');
    expect(screen.getByRole('status').textContent).toBe('The terminal is ready for your card.');
    expect(screen.getByRole('button', { name: 'Cancel payment' })).toBeTruthy();
  });

  it('lets the visitor cancel on the screen, and the terminal’s answer ends the payment', async () => {
    const { stage, requests, onApproved } = renderPanel();
    stage('tx-1', 'present-card');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancel payment' })).toBeTruthy());
    stage('tx-1', 'present-card');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel payment' }));
    await waitFor(() => expect(requests.some((r) => r.path === '/device/payment/terminal/tx-1/cancel')).toBe(true));
    stage('tx-1', 'cancelled');
    expect(screen.getByRole('status').textContent).toBe('The payment was cancelled. Nothing was charged.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(onApproved).not.toHaveBeenCalled();
  });

  it('sends the visitor to the Facility Manager when the terminal fails, with no way to pay again', async () => {
    const { stage, starts } = renderPanel({}, { onUseCard: vi.fn() });
    await waitFor(() => expect(starts()).toHaveLength(1));
    stage('tx-1', 'failed', { problem: 'offline' });
    expect(screen.getByRole('status').textContent).toBe('Please see the Facility Manager');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    // The seeds' card is still offered where the kiosk has it.
    expect(screen.getByRole('button', { name: 'Swipe or type a card instead' })).toBeTruthy();
  });

  it('says a busy terminal plainly and lets the visitor try again', async () => {
    renderPanel({ 'POST /device/payment/terminal': { status: 409, body: { reason: 'busy' } } });
    await screen.findByText('The terminal is busy with another payment. Please try again in a moment.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('after the event socket comes back, asks for the payment it follows and never starts another', async () => {
    const { socket, starts, onApproved, requests } = renderPanel({
      'GET /device/payment/terminal/tx-1': {
        body: terminalState('tx-1', 'approved', { receipt: terminalReceipt('tx-1') }),
      },
    });
    await waitFor(() => expect(starts()).toHaveLength(1));
    act(() => socket.receive({ type: 'payment-terminal', payment: terminalState('tx-1', 'reading') }));
    // The daemon restarted while the card was read: its approval event was never sent.
    await reconnect(socket);
    await waitFor(() => expect(onApproved).toHaveBeenCalledTimes(1));
    expect(requests.filter((r) => r.path === '/device/payment/terminal/tx-1')).toHaveLength(1);
    expect(starts()).toHaveLength(1);
    expect(screen.getByRole('status').textContent).toBe('Approved. Thank you.');
  });

  it('a transaction the restarted daemon does not know ends at the Facility Manager, not in a new payment', async () => {
    const { socket, starts } = renderPanel({
      'GET /device/payment/terminal/tx-1': { status: 404, body: { reason: 'unknown-transaction' } },
    });
    await waitFor(() => expect(starts()).toHaveLength(1));
    act(() => socket.receive({ type: 'payment-terminal', payment: terminalState('tx-1', 'reading') }));
    await reconnect(socket);
    await screen.findByText('Please see the Facility Manager');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(starts()).toHaveLength(1);
  });

  it('speaks Spanish', async () => {
    await applyLanguage('es');
    const { stage, starts } = renderPanel();
    expect(screen.getByRole('heading', { name: 'Acerque, inserte o deslice su tarjeta en la terminal' })).toBeTruthy();
    await waitFor(() => expect(starts()).toHaveLength(1));
    stage('tx-1', 'reading');
    expect(screen.getByRole('status').textContent).toBe('Leyendo su tarjeta. Espere, por favor…');
    stage('tx-1', 'declined');
    expect(screen.getByRole('status').textContent).toBe('Su tarjeta de crédito NO se procesó.');
    expect(screen.getByRole('button', { name: 'Intentar de nuevo' })).toBeTruthy();
  });
});

import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../i18n';
import { StoresProvider } from '../../shared/stores/StoresProvider';
import { createTestRoot, FakeSocket, type FakeRoutes } from '../../test/fakes';
import { SwipePanel } from './SwipePanel';

afterEach(() => {
  cleanup();
  FakeSocket.instances = [];
});

const CARD = { name: 'DOE/JANE', card_number: '4111111111111111', exp_month: '12', exp_year: '30' };

function renderPanel(routes: FakeRoutes) {
  const test = createTestRoot({
    routes: {
      'POST /device/card/swipe': { status: 202, body: { swipeId: 'sw-1' } },
      'POST /device/card/cancel': { body: { cancelled: true } },
      ...routes,
    },
  });
  test.events.start();
  const socket = FakeSocket.latest();
  socket.open();
  const onCard = vi.fn();
  const onManual = vi.fn();
  const view = render(
    <StoresProvider root={test.root}>
      <SwipePanel onCard={onCard} onManual={onManual} />
    </StoresProvider>,
  );
  return { ...test, socket, onCard, onManual, view };
}

describe('SwipePanel', () => {
  it('warns 30 seconds before the card wait ends and More time gives it back', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    try {
      const { socket, requests } = renderPanel({
        'GET /device/card/health': { body: { status: 'ok' } },
        'POST /device/card/more-time': { body: { extended: true } },
      });
      await screen.findByText('Waiting for your card ...');
      act(() => socket.receive({ type: 'swipe-started', swipeId: 'sw-1', waitSeconds: 45 }));
      expect(screen.queryByRole('button', { name: 'More time' })).toBeNull();
      act(() => vi.advanceTimersByTime(15_000));
      expect(screen.getByRole('timer').textContent).toBe('The card reader stops waiting in 30 seconds.');
      expect(screen.getByRole('status').textContent).toContain(
        'The card reader stops waiting in 30 seconds. To keep waiting, press More time.',
      );
      const more = screen.getByRole('button', { name: 'More time' });
      // The answer has the focus: a keypad's Enter gives it.
      expect(document.activeElement).toBe(more);
      fireEvent.click(more);
      await waitFor(() => expect(screen.queryByRole('button', { name: 'More time' })).toBeNull());
      expect(requests.filter((r) => r.path === '/device/card/more-time')).toHaveLength(1);
      expect(screen.getByText('Waiting for your card ...')).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks for a swipe and hands the card over once', async () => {
    const { socket, onCard, requests } = renderPanel({ 'GET /device/card/health': { body: { status: 'ok' } } });
    expect(screen.getByRole('heading', { name: 'Please swipe your credit card' })).toBeTruthy();
    await screen.findByText('Waiting for your card ...');
    await waitFor(() => expect(requests.some((r) => r.path === '/device/card/swipe')).toBe(true));
    act(() => socket.receive({ type: 'swipe-result', swipeId: 'sw-1', card: CARD }));
    await waitFor(() => expect(onCard).toHaveBeenCalledTimes(1));
    expect(onCard).toHaveBeenCalledWith(CARD);
  });

  it('says at once that the reader is down and offers manual entry', async () => {
    const { root, onManual, view, requests } = renderPanel({ 'GET /device/card/health': { body: { status: 'down' } } });
    await screen.findByText('The card reader is not available. Please enter your card manually.');
    expect(root.device.readerDown).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Enter credit card manually' }));
    // The next screen is built after the tap's frame is painted.
    await waitFor(() => expect(onManual).toHaveBeenCalled());
    expect(requests.some((r) => r.path === '/device/card/swipe')).toBe(false);
    view.unmount();
    expect(root.device.phase).toBe('idle');
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { createTestRoot, FakeSocket, type FakeRoutes } from '../../test/fakes';

const CARD = { name: 'DOE/JANE', card_number: '4111111111111111', exp_month: '12', exp_year: '30' };

function setup(routes: FakeRoutes = {}) {
  const test = createTestRoot({
    routes: {
      'GET /device/card/health': { body: { status: 'ok' } },
      'POST /device/card/swipe': { status: 202, body: { swipeId: 'sw-1' } },
      'POST /device/card/cancel': { body: { cancelled: true } },
      ...routes,
    },
  });
  test.events.start();
  const socket = FakeSocket.latest();
  socket.open();
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { ...test, socket, settle };
}

afterEach(() => {
  FakeSocket.instances = [];
});

describe('DeviceStore', () => {
  it('checks the reader, asks for a swipe and hands the card over once', async () => {
    const { root, socket, requests, settle } = setup();
    const started = root.device.startSwipe();
    expect(root.device.phase).toBe('checking');
    await started;
    expect(root.device.phase).toBe('waiting');
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /device/card/health',
      'POST /device/card/swipe',
    ]);

    socket.receive({ type: 'swipe-started', swipeId: 'sw-1', waitSeconds: 45 });
    socket.receive({ type: 'swipe-result', swipeId: 'sw-1', card: CARD });
    await settle();
    expect(root.device.phase).toBe('read');
    expect(root.device.takeSwipe()).toEqual(CARD);
    expect(root.device.swipe).toBeNull();
    expect(root.device.takeSwipe()).toBeNull();
  });

  it('takes a result that comes over the socket before the swipe request is answered', async () => {
    let socket: FakeSocket | null = null;
    const { root, socket: opened } = setup({
      'POST /device/card/swipe': () => {
        socket?.receive({ type: 'swipe-started', swipeId: 'sw-1', waitSeconds: 45 });
        socket?.receive({ type: 'swipe-result', swipeId: 'sw-1', card: CARD });
        return { status: 202, body: { swipeId: 'sw-1' } };
      },
    });
    socket = opened;
    await root.device.startSwipe();
    expect(root.device.phase).toBe('read');
    expect(root.device.swipe).toEqual(CARD);
  });

  it('says at once when the reader is down and does not ask it for a swipe', async () => {
    const { root, requests } = setup({ 'GET /device/card/health': { body: { status: 'down' } } });
    root.session.setReader('down');
    const started = root.device.startSwipe();
    expect(root.device.phase).toBe('failed');
    expect(root.device.swipeError?.reason).toBe('reader-down');
    await started;
    expect(requests.some((r) => r.path === '/device/card/swipe')).toBe(false);
  });

  it('counts a health check that is not answered as the reader being unavailable, and asks for no swipe', async () => {
    const { root, requests } = setup({ 'GET /device/card/health': { networkError: true } });
    await root.device.startSwipe();
    expect(root.device.phase).toBe('failed');
    expect(root.device.swipeError?.reason).toBe('reader-down');
    expect(root.session.reader).toBe('down');
    expect(requests.some((r) => r.path === '/device/card/swipe')).toBe(false);
  });

  it('reports a swipe error and ignores events of a swipe it no longer waits for', async () => {
    const { root, socket, requests, settle } = setup();
    await root.device.startSwipe();
    socket.receive({
      type: 'swipe-error',
      swipeId: 'sw-1',
      reason: 'reader-timeout',
      message: 'No card was read in time.',
    });
    await settle();
    expect(root.device.phase).toBe('failed');
    expect(root.device.swipeError).toEqual({ reason: 'reader-timeout', message: 'No card was read in time.' });

    await root.device.startSwipe();
    await root.device.cancelSwipe();
    expect(requests.filter((r) => r.path === '/device/card/cancel')).toHaveLength(1);
    socket.receive({ type: 'swipe-result', swipeId: 'sw-1', card: CARD });
    await settle();
    expect(root.device.phase).toBe('idle');
    expect(root.device.swipe).toBeNull();
  });

  it('forgets the card when the session ends', async () => {
    const { root, socket, settle } = setup();
    await root.device.startSwipe();
    socket.receive({ type: 'swipe-result', swipeId: 'sw-1', card: CARD });
    await settle();
    root.device.reset();
    expect(root.device.swipe).toBeNull();
  });
});

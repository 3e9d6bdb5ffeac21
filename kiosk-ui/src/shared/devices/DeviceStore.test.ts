import { runInAction } from 'mobx';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ready } from '../../models/loadable';
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

describe('the wait for a card is a time limit (WCAG 2.2.1)', () => {
  afterEach(() => vi.useRealTimers());

  /** A swipe waiting for its card, the clock in the test's hands (only the store's ticks and Date). */
  async function waiting() {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const test = setup({
      'POST /device/card/more-time': { body: { extended: true } },
      'POST /device/tone': { body: {} },
    });
    runInAction(
      () =>
        (test.root.speech.status = ready({
          available: true,
          muted: false,
          tone: true,
          volume: { levelsDb: [-24, -18, -12, -6, 0], default: 3 },
          privateListening: 'none',
          headphones: false,
        })),
    );
    await test.root.device.startSwipe();
    test.socket.receive({ type: 'swipe-started', swipeId: 'sw-1', waitSeconds: 45 });
    const count = (path: string) => test.requests.filter((request) => request.path === path).length;
    return { ...test, count };
  }

  it('warns 30 seconds before the reader stops waiting, on screen and by the tone', async () => {
    const { root, count } = await waiting();
    expect(root.device.waitSecondsLeft).toBe(45);
    vi.advanceTimersByTime(14_000);
    expect(root.device.waitSecondsLeft).toBe(31);
    expect(root.device.waitWarning).toBe(false);
    expect(count('/device/tone')).toBe(0);
    vi.advanceTimersByTime(1_000);
    expect(root.device.waitSecondsLeft).toBe(30);
    expect(root.device.waitWarning).toBe(true);
    expect(count('/device/tone')).toBe(1);
    // Once per warning, not every second.
    vi.advanceTimersByTime(5_000);
    expect(count('/device/tone')).toBe(1);
  });

  it('takes "More time" ten times: each gives the whole 45 seconds again, and the card is still waited for', async () => {
    const { root, socket, count } = await waiting();
    for (let answer = 1; answer <= 10; answer += 1) {
      vi.advanceTimersByTime(15_000);
      expect(root.device.waitWarning, `warning #${answer}`).toBe(true);
      await root.device.moreTime();
      expect(root.device.waitWarning).toBe(false);
      expect(root.device.waitSecondsLeft).toBe(45);
      expect(root.device.phase).toBe('waiting');
    }
    expect(count('/device/card/more-time')).toBe(10);
    expect(count('/device/tone')).toBe(10);
    // The daemon says so too; the card swiped after all that is taken.
    socket.receive({ type: 'swipe-started', swipeId: 'sw-1', waitSeconds: 45 });
    socket.receive({ type: 'swipe-result', swipeId: 'sw-1', card: CARD });
    expect(root.device.phase).toBe('read');
    expect(root.device.waitSecondsLeft).toBeNull();
  });

  it('a warning nobody answers ends with the reader\'s own "no card in time", and Swipe again waits anew', async () => {
    const { root, socket } = await waiting();
    vi.advanceTimersByTime(45_000);
    expect(root.device.waitSecondsLeft).toBe(0);
    socket.receive({ type: 'swipe-error', swipeId: 'sw-1', reason: 'reader-timeout', message: 'No card' });
    expect(root.device.phase).toBe('failed');
    expect(root.device.waitWarning).toBe(false);
  });
});

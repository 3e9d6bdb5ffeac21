import type { SessionSnapshot } from '@kiosk/shared-types';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket } from '../test/fakes';
import { reconnectDelay, RECONNECT_CAP_MS } from './backoff';
import { EventsClient } from './events-client';

const snapshot: SessionSnapshot = {
  active: true,
  traceId: 't-1',
  secondsLeft: 180,
  warning: false,
  resetSecondsLeft: null,
};

function client() {
  return new EventsClient({
    url: 'ws://kiosk.test/events',
    createSocket: (url) => new FakeSocket(url),
    random: () => 0.5,
  });
}

beforeEach(() => {
  FakeSocket.instances = [];
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('EventsClient', () => {
  it('delivers each server event to the handlers of its type', () => {
    const events = client();
    const states: SessionSnapshot[] = [];
    const ended = vi.fn();
    events.on('session-state', (event) => states.push(event.session));
    events.on('session-ended', ended);
    events.start();
    const socket = FakeSocket.latest();
    socket.open();

    socket.receive({ type: 'session-state', session: snapshot });
    socket.receive('not json');
    socket.receive({ type: 'session-ended', reason: 'idle' });

    expect(states).toEqual([snapshot]);
    expect(ended).toHaveBeenCalledWith({ type: 'session-ended', reason: 'idle' });
  });

  it('drops an event of another shape, as it drops one that is not JSON: its handlers never see it', () => {
    const events = client();
    const states: SessionSnapshot[] = [];
    const ended = vi.fn();
    events.on('session-state', (event) => states.push(event.session));
    events.on('session-ended', ended);
    events.start();
    const socket = FakeSocket.latest();
    socket.open();

    socket.receive(JSON.stringify({ type: 'session-state' }));
    socket.receive(JSON.stringify({ type: 'session-state', session: { ...snapshot, secondsLeft: 'soon' } }));
    socket.receive(JSON.stringify({ type: 'session-ended', reason: 'bored' }));
    socket.receive({ type: 'session-state', session: snapshot });

    expect(states).toEqual([snapshot]);
    expect(ended).not.toHaveBeenCalled();
  });

  it('queues messages while disconnected and keeps only the newest activity', () => {
    const events = client();
    events.start();
    events.send({ type: 'activity', section: 'home', loggedIn: false, dossierPolling: false });
    events.send({ type: 'end-session', reason: 'logout' });
    events.send({ type: 'activity', section: 'rent', loggedIn: false, dossierPolling: false });
    events.send({ type: 'ping' });

    const socket = FakeSocket.latest();
    socket.open();

    expect(socket.sent).toEqual([
      { type: 'end-session', reason: 'logout' },
      { type: 'activity', section: 'rent', loggedIn: false, dossierPolling: false },
    ]);
    events.send({ type: 'continue' });
    expect(socket.sent.at(-1)).toEqual({ type: 'continue' });
  });

  it('reconnects with backoff after the connection drops and tells subscribers to resync', () => {
    const events = client();
    const resync = vi.fn();
    const connection: boolean[] = [];
    events.onReconnect(resync);
    events.onConnectionChange((connected) => connection.push(connected));
    events.start();
    FakeSocket.latest().open();
    expect(resync).not.toHaveBeenCalled();

    FakeSocket.latest().drop();
    expect(FakeSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(reconnectDelay(0, () => 0.5));
    expect(FakeSocket.instances).toHaveLength(2);

    FakeSocket.latest().open();
    expect(resync).toHaveBeenCalledOnce();
    expect(connection).toEqual([true, false, true]);
  });

  it('keeps retrying while the daemon is down, up to the cap', () => {
    const events = client();
    events.start();
    for (let attempt = 0; attempt < 8; attempt += 1) {
      FakeSocket.latest().drop();
      vi.advanceTimersByTime(RECONNECT_CAP_MS);
    }
    expect(FakeSocket.instances).toHaveLength(9);
  });

  it('stops reconnecting once stopped', () => {
    const events = client();
    events.start();
    FakeSocket.latest().open();
    events.stop();
    vi.advanceTimersByTime(RECONNECT_CAP_MS * 2);
    expect(FakeSocket.instances).toHaveLength(1);
  });
});

describe('reconnectDelay', () => {
  it('doubles from 0.5 s with jitter and never exceeds 10 s', () => {
    expect(reconnectDelay(0, () => 0)).toBe(250);
    expect(reconnectDelay(0, () => 1)).toBe(500);
    expect(reconnectDelay(1, () => 1)).toBe(1000);
    expect(reconnectDelay(20, () => 1)).toBe(10_000);
    expect(reconnectDelay(20, () => 0)).toBe(5_000);
  });
});

import { OUT_OF_SERVICE_SECTIONS, UI_HEARTBEAT_SECONDS } from '@kiosk/shared-types';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket, createTestRoot, type FakeReply } from '../../test/fakes';
import { RETRY_DELAY_MS } from './ConfigStore';

beforeEach(() => {
  FakeSocket.instances = [];
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

function started() {
  const { root } = createTestRoot();
  const stop = root.start();
  const socket = FakeSocket.latest();
  socket.open();
  return { root, socket, stop };
}

describe('ScreenHealth', () => {
  it('sends a heartbeat with the section code on connect and every UI_HEARTBEAT_SECONDS', () => {
    const { socket, stop } = started();
    const beats = () => socket.sent.filter((event) => event.type === 'heartbeat');
    expect(beats()).toHaveLength(1);
    expect(beats()[0]).toEqual({ type: 'heartbeat', section: expect.stringMatching(/^[a-z][a-z0-9_]*$/) });
    vi.advanceTimersByTime(UI_HEARTBEAT_SECONDS * 1000 * 2);
    expect(beats()).toHaveLength(3);
    stop();
    vi.advanceTimersByTime(UI_HEARTBEAT_SECONDS * 1000 * 2);
    expect(beats()).toHaveLength(3);
  });

  it('reports the out-of-service screen, and the unavailable page, as soon as they show and with every beat', async () => {
    let reply: FakeReply = { networkError: true };
    const { root } = createTestRoot({ routes: { 'GET /api/facilities/demo/configuration/': () => reply } });
    const stop = root.start();
    const socket = FakeSocket.latest();
    socket.open();
    const sections = () => socket.sent.flatMap((event) => (event.type === 'heartbeat' ? [event.section] : []));
    await vi.waitFor(() => expect(root.config.isOutOfService).toBe(true));
    expect(sections().at(-1)).toBe(OUT_OF_SERVICE_SECTIONS.unreachable);
    vi.advanceTimersByTime(UI_HEARTBEAT_SECONDS * 1000);
    expect(sections().at(-1)).toBe('out_of_service');

    reply = { body: { application_data: { status: 'error', message: 'No kiosk here' } } };
    await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS.unreachable);
    expect(root.shell.route).toEqual({ name: 'unavailable', error: 'not_configured' });
    expect(sections().at(-1)).toBe(OUT_OF_SERVICE_SECTIONS.notConfigured);
    stop();
  });

  it('does not queue heartbeats while the daemon is away (a late one would claim a moment that is gone)', () => {
    const { socket, stop } = started();
    socket.drop();
    vi.advanceTimersByTime(UI_HEARTBEAT_SECONDS * 1000 * 3);
    const next = FakeSocket.latest();
    next.open();
    expect(next.sent.filter((event) => event.type === 'heartbeat')).toHaveLength(1);
    stop();
  });

  it('reports uncaught page errors by kind, masked and cut short', async () => {
    const { socket, stop } = started();
    window.dispatchEvent(
      new ErrorEvent('error', { error: new TypeError(`card 4111111111111111 ${'x'.repeat(500)}`), message: 'x' }),
    );
    const errors = () => socket.sent.filter((event) => event.type === 'ui-error');
    await vi.waitFor(() => expect(errors()).toHaveLength(1));
    const error = errors()[0] as { kind: string; message: string };
    expect(error.kind).toBe('error');
    expect(error.message).toMatch(/^TypeError: card 4111\*{8}1111 x+$/);
    expect(error.message.length).toBeLessThanOrEqual(300);
    stop();
  });

  it('sends journey outcomes as words only, and refuses an outcome the journey does not have', () => {
    const { root, socket, stop } = started();
    root.screenHealth.journey('rental', 'completed');
    root.screenHealth.journey('bill_payment', 'failed');
    // @ts-expect-error: not an outcome of a bill payment
    root.screenHealth.journey('bill_payment', 'completed');
    expect(socket.sent.filter((event) => event.type === 'journey')).toEqual([
      { type: 'journey', journey: 'rental', outcome: 'completed' },
      { type: 'journey', journey: 'bill_payment', outcome: 'failed' },
    ]);
    stop();
  });
});

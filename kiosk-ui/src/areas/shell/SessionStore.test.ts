import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACTIVE_SESSION as active, createTestRoot, FakeSocket } from '../../test/fakes';
import { kioskStorageKey } from '../../shared/stores/storage';

function startedRoot() {
  FakeSocket.instances = [];
  const test = createTestRoot();
  const stop = test.root.start();
  const socket = FakeSocket.latest();
  socket.open();
  return { ...test, stop, socket };
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
  sessionStorage.clear();
});

describe('SessionStore', () => {
  it('counts the session down as mm:ss from the daemon snapshot', () => {
    const { root, socket, stop } = startedRoot();
    expect(root.session.countdown).toBeNull();
    socket.receive({ type: 'session-state', session: active });
    expect(root.session.countdown).toBe('03:00');
    vi.advanceTimersByTime(5000);
    expect(root.session.countdown).toBe('02:55');
    socket.receive({
      type: 'session-warning',
      session: { ...active, secondsLeft: 30, warning: true, resetSecondsLeft: 60 },
    });
    expect(root.session.warning).toBe(true);
    expect(root.session.countdown).toBe('00:30');
    stop();
  });

  it('keeps the reader status from hello and reader-status', () => {
    const { root, socket, stop } = startedRoot();
    socket.receive({
      type: 'hello',
      serverTime: 0,
      session: active,
      reader: 'ok',
      version: '1',
      contentOrigins: [],
      sandbox: false,
    });
    expect(root.session.reader).toBe('ok');
    socket.receive({ type: 'reader-status', status: 'down' });
    expect(root.session.reader).toBe('down');
    stop();
  });

  it('sends at most one activity message per 2 seconds of touches', () => {
    const { root, socket, stop } = startedRoot();
    const stopListening = root.session.installActivityListeners(document);
    document.dispatchEvent(new Event('pointerdown'));
    document.dispatchEvent(new Event('pointerdown'));
    document.dispatchEvent(new Event('keydown'));
    vi.advanceTimersByTime(2000);
    document.dispatchEvent(new Event('pointerdown'));

    const activity = socket.sent.filter((message) => message.type === 'activity');
    expect(activity).toHaveLength(2);
    expect(activity[0]).toEqual({ type: 'activity', section: 'home', loggedIn: false, dossierPolling: false });
    stopListening();
    stop();
  });

  it('tells the daemon when the section or login changes', () => {
    const { root, socket, stop } = startedRoot();
    root.shell.selectSection('pay_bill');
    root.account.setUserSession({ userToken: 't', email: 'tenant@example.com' });
    const context = socket.sent.filter((message) => message.type === 'context');
    expect(context).toEqual([
      { type: 'context', section: 'pay_bill', loggedIn: false, dossierPolling: false },
      { type: 'context', section: 'pay_bill', loggedIn: true, dossierPolling: false },
    ]);
    stop();
  });

  it('sends continue and end-session for the idle dialog', () => {
    const { root, socket, stop } = startedRoot();
    root.session.continueSession();
    root.session.endSession('idle');
    expect(socket.sent.slice(-2)).toEqual([{ type: 'continue' }, { type: 'end-session', reason: 'idle' }]);
    stop();
  });

  it('forgets the visitor and reloads when the daemon ends the session', () => {
    const { root, socket, browser, stop } = startedRoot();
    localStorage.setItem(kioskStorageKey('identity-token'), 'secret');
    localStorage.setItem('not-ours', 'kept');
    sessionStorage.setItem(kioskStorageKey('draft'), 'x');
    root.account.setUserSession({ userToken: 't', email: 'tenant@example.com' });
    root.shell.selectSection('pay_bill');

    socket.receive({ type: 'session-ended', reason: 'idle' });

    expect(root.account.userToken).toBeNull();
    expect(root.account.email).toBeNull();
    expect(root.shell.section).toBe('home');
    expect(localStorage.getItem(kioskStorageKey('identity-token'))).toBeNull();
    expect(localStorage.getItem('not-ours')).toBe('kept');
    expect(sessionStorage.getItem(kioskStorageKey('draft'))).toBeNull();
    expect(browser.reloads).toBe(1);
    // The page's whole browser data is wiped and home replaces the visit's history entry.
    expect(browser.siteDataClears).toBe(1);
    expect(browser.entries).toEqual(['/demo']);
    stop();
  });

  it('reloads on home-reload', () => {
    const { socket, browser, stop } = startedRoot();
    socket.receive({ type: 'home-reload' });
    expect(browser.reloads).toBe(1);
    stop();
  });

  it('resends its context after a reconnect', () => {
    const { root, stop } = startedRoot();
    root.shell.selectSection('size_guide');
    FakeSocket.latest().drop();
    vi.advanceTimersByTime(10_000);
    const next = FakeSocket.latest();
    next.open();
    expect(next.sent).toContainEqual({
      type: 'context',
      section: 'size_guide',
      loggedIn: false,
      dossierPolling: false,
    });
    stop();
  });
  it('reports a section change caused by a tap as activity, so leaving home starts the session', () => {
    const { root, socket, stop } = startedRoot();
    const stopListening = root.session.installActivityListeners(document);
    document.dispatchEvent(new Event('pointerdown'));
    root.shell.selectSection('samples');
    // A section change also sends a heartbeat at once (the screen-alive series names the screen).
    expect(socket.sent.filter((message) => message.type === 'activity').slice(-2)).toEqual([
      { type: 'activity', section: 'home', loggedIn: false, dossierPolling: false },
      { type: 'activity', section: 'samples', loggedIn: false, dossierPolling: false },
    ]);
    // Without a touch just before, a change is only context (it must not keep a session alive).
    vi.advanceTimersByTime(5000);
    root.shell.selectSection('size_guide');
    const sessionMessages = socket.sent.filter((message) => message.type !== 'heartbeat');
    expect(sessionMessages.at(-1)).toEqual({
      type: 'context',
      section: 'size_guide',
      loggedIn: false,
      dossierPolling: false,
    });
    stopListening();
    stop();
  });

  it('ignores a home-reload that arrives while the visitor is away from home', () => {
    const { root, socket, browser, stop } = startedRoot();
    root.shell.selectSection('pay_bill');
    socket.receive({ type: 'home-reload' });
    expect(browser.reloads).toBe(0);
    stop();
  });
});

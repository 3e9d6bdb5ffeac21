import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION, type ServerEvent, type SessionEndReason } from '@kiosk/shared-types';
import { RECENT_SESSIONS_KEPT, SessionMachine } from './session-machine.js';

const S = 1000;

function setup(timeScale = 1) {
  const sent: ServerEvent[] = [];
  const ended: Array<{ reason: SessionEndReason; wasActive: boolean }> = [];
  let ids = 0;
  const machine = new SessionMachine({
    timeScale,
    broadcast: (event) => sent.push(event),
    onEnded: (reason, wasActive) => ended.push({ reason, wasActive }),
    newTraceId: () => `trace-${++ids}`,
  });
  const ofType = <T extends ServerEvent['type']>(type: T) =>
    sent.filter((event) => event.type === type) as Extract<ServerEvent, { type: T }>[];
  const activity = (section: string, loggedIn = false, dossierPolling = false) =>
    machine.handleClientEvent({ type: 'activity', section, loggedIn, dossierPolling });
  const context = (section: string, loggedIn = false, dossierPolling = false) =>
    machine.handleClientEvent({ type: 'context', section, loggedIn, dossierPolling });
  return { machine, sent, ended, ofType, activity, context };
}

describe('SessionMachine', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts on the first activity away from home, with a new trace id', () => {
    const { machine, activity } = setup();
    const before = machine.traceId();
    activity('home');
    expect(machine.snapshot().active).toBe(false);
    activity('rent');
    const snapshot = machine.snapshot();
    expect(snapshot).toMatchObject({ active: true, secondsLeft: 180, warning: false, resetSecondsLeft: null });
    expect(snapshot.traceId).toBe(machine.traceId());
    expect(machine.traceId()).not.toBe(before);
  });

  it('remembers the trace ids of the last sessions, so a late log event can still claim its own', () => {
    const { machine, activity } = setup();
    const homePeriod = machine.traceId();
    const sessions: string[] = [];
    for (let i = 0; i <= RECENT_SESSIONS_KEPT; i += 1) {
      activity('rent');
      sessions.push(machine.traceId());
      machine.end('logout');
    }
    expect(machine.isRecentSession(homePeriod)).toBe(false);
    expect(machine.isRecentSession(sessions[0]!)).toBe(false);
    expect(sessions.slice(1).every((id) => machine.isRecentSession(id))).toBe(true);
    expect(machine.isRecentSession('never-issued')).toBe(false);
  });

  it('pushes the countdown every second while a session runs', () => {
    const { ofType, activity } = setup();
    activity('rent');
    vi.advanceTimersByTime(3 * S);
    const seconds = ofType('session-state').map((event) => event.session.secondsLeft);
    expect(seconds).toEqual([180, 179, 178, 177]);
  });

  it('warns when 30 s remain', () => {
    const { ofType, activity } = setup();
    activity('rent');
    vi.advanceTimersByTime(149 * S);
    expect(ofType('session-warning')).toHaveLength(0);
    vi.advanceTimersByTime(1 * S);
    const [warning] = ofType('session-warning');
    expect(warning?.session).toMatchObject({
      warning: true,
      secondsLeft: SESSION.warningAtSecondsLeft,
      resetSecondsLeft: 60,
    });
  });

  it('resets the expiry on every activity', () => {
    const { machine, ofType, activity } = setup();
    activity('rent');
    vi.advanceTimersByTime(100 * S);
    activity('rent');
    expect(machine.snapshot().secondsLeft).toBe(180);
    vi.advanceTimersByTime(149 * S);
    expect(ofType('session-warning')).toHaveLength(0);
    vi.advanceTimersByTime(1 * S);
    expect(ofType('session-warning')).toHaveLength(1);
  });

  it('does not warn on home when logged out; the session then ends quietly', () => {
    const { machine, ofType, ended, activity } = setup();
    activity('rent');
    activity('home');
    vi.advanceTimersByTime(179 * S);
    expect(ofType('session-warning')).toHaveLength(0);
    expect(machine.snapshot().active).toBe(true);
    vi.advanceTimersByTime(1 * S);
    expect(ofType('session-warning')).toHaveLength(0);
    expect(ofType('session-ended')).toEqual([{ type: 'session-ended', reason: 'expired' }]);
    expect(ended).toEqual([{ reason: 'expired', wasActive: true }]);
  });

  it('warns on home when logged in', () => {
    const { ofType, activity } = setup();
    activity('pay_bill', true);
    activity('home', true);
    vi.advanceTimersByTime(150 * S);
    expect(ofType('session-warning')).toHaveLength(1);
  });

  it('does not warn while dossier polling, and keeps the session alive', () => {
    const { machine, ofType, activity, context } = setup();
    activity('identity_verification');
    context('identity_verification', false, true);
    vi.advanceTimersByTime(400 * S);
    expect(ofType('session-warning')).toHaveLength(0);
    expect(ofType('session-ended')).toHaveLength(0);
    expect(machine.snapshot().active).toBe(true);
  });

  it('warns at once when polling stops after the warning point', () => {
    const { ofType, activity, context } = setup();
    activity('identity_verification', false, true);
    vi.advanceTimersByTime(160 * S);
    expect(ofType('session-warning')).toHaveLength(0);
    context('identity_verification', false, false);
    expect(ofType('session-warning')).toHaveLength(1);
  });

  it('CONTINUE clears the warning and restarts the 180 s', () => {
    const { machine, ofType, activity } = setup();
    activity('rent');
    vi.advanceTimersByTime(150 * S);
    expect(machine.snapshot().warning).toBe(true);
    machine.handleClientEvent({ type: 'continue' });
    expect(machine.snapshot()).toMatchObject({ warning: false, secondsLeft: 180, resetSecondsLeft: null });
    // The old reset deadline (60 s after the warning) passes without ending anything.
    vi.advanceTimersByTime(60 * S);
    expect(ofType('session-ended')).toHaveLength(0);
    expect(ofType('session-warning')).toHaveLength(1);
  });

  it('takes CONTINUE ten times, each answered at the last second of the warning: the same session goes on (WCAG 2.2.1)', () => {
    const { machine, ofType, ended, activity } = setup();
    activity('rent');
    const trace = machine.traceId();
    for (let answer = 1; answer <= 10; answer += 1) {
      vi.advanceTimersByTime(150 * S);
      expect(ofType('session-warning'), `warning #${answer}`).toHaveLength(answer);
      // The visitor has at least 30 s to answer: here, all but the last of the 60.
      expect(machine.snapshot().resetSecondsLeft).toBeGreaterThanOrEqual(30);
      vi.advanceTimersByTime(59 * S);
      expect(machine.snapshot()).toMatchObject({ active: true, warning: true, resetSecondsLeft: 1 });
      machine.handleClientEvent({ type: 'continue' });
      expect(machine.snapshot()).toMatchObject({ active: true, warning: false, secondsLeft: 180, traceId: trace });
    }
    expect(ofType('session-ended')).toEqual([]);
    expect(ended).toEqual([]);
    // The eleventh warning, unanswered, ends it as any other.
    vi.advanceTimersByTime(210 * S);
    expect(ofType('session-ended')).toEqual([{ type: 'session-ended', reason: 'idle' }]);
  });

  it('ends the session 60 s after an unanswered warning, and the next one has a new trace id', () => {
    const { machine, ofType, ended, activity } = setup();
    activity('rent');
    const first = machine.traceId();
    vi.advanceTimersByTime(150 * S);
    vi.advanceTimersByTime(59 * S);
    expect(machine.snapshot().resetSecondsLeft).toBe(1);
    expect(ofType('session-ended')).toHaveLength(0);
    vi.advanceTimersByTime(1 * S);
    expect(ofType('session-ended')).toEqual([{ type: 'session-ended', reason: 'idle' }]);
    expect(ended).toEqual([{ reason: 'idle', wasActive: true }]);
    expect(machine.snapshot()).toMatchObject({ active: false, traceId: null });
    // No more countdown pushes once ended.
    const states = ofType('session-state').length;
    vi.advanceTimersByTime(10 * S);
    expect(ofType('session-state')).toHaveLength(states);
    activity('rent');
    expect(machine.traceId()).not.toBe(first);
  });

  it('end-session ends it now with the reason given', () => {
    const { machine, ofType, ended, activity } = setup();
    activity('pay_bill', true);
    machine.handleClientEvent({ type: 'end-session', reason: 'logout' });
    expect(ofType('session-ended')).toEqual([{ type: 'session-ended', reason: 'logout' }]);
    expect(ended).toEqual([{ reason: 'logout', wasActive: true }]);
    expect(machine.snapshot().active).toBe(false);
  });

  it('tells the page to reload after 30 minutes on home without activity', () => {
    const { ofType, activity } = setup();
    vi.advanceTimersByTime(SESSION.homeReloadMs - 1);
    expect(ofType('home-reload')).toHaveLength(0);
    activity('home');
    vi.advanceTimersByTime(SESSION.homeReloadMs - 1);
    expect(ofType('home-reload')).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(ofType('home-reload')).toHaveLength(1);
  });

  it('never reloads a visitor who is away from home', () => {
    const { ofType, activity, context } = setup();
    activity('rent');
    context('identity_verification', false, true);
    vi.advanceTimersByTime(2 * SESSION.homeReloadMs);
    expect(ofType('home-reload')).toHaveLength(0);
  });

  it('scales every duration by timeScale without changing the constants', () => {
    const { ofType, activity } = setup(0.01);
    activity('rent');
    vi.advanceTimersByTime(150 * S * 0.01);
    expect(ofType('session-warning')).toHaveLength(1);
    expect(ofType('session-warning')[0]?.session.secondsLeft).toBe(30);
    vi.advanceTimersByTime(60 * S * 0.01);
    expect(ofType('session-ended')).toHaveLength(1);
    expect(SESSION.expirySeconds).toBe(180);
  });

  it('stops every timer on dispose', () => {
    const { machine, sent, activity } = setup();
    activity('rent');
    machine.dispose();
    const count = sent.length;
    vi.advanceTimersByTime(2 * SESSION.homeReloadMs);
    expect(sent).toHaveLength(count);
    expect(vi.getTimerCount()).toBe(0);
  });
});

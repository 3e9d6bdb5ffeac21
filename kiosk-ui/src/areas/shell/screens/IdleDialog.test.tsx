import type { SessionSnapshot } from '@kiosk/shared-types';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n';
import { StoresProvider } from '../../../shared/stores/StoresProvider';
import { createTestRoot, FakeSocket } from '../../../test/fakes';
import { IdleDialog } from './IdleDialog';

const warning: SessionSnapshot = {
  active: true,
  traceId: 'trace-1',
  secondsLeft: 30,
  warning: true,
  resetSecondsLeft: 60,
};

function renderIdle() {
  FakeSocket.instances = [];
  const test = createTestRoot();
  const stop = test.root.start();
  const socket = FakeSocket.latest();
  socket.open();
  render(
    <StoresProvider root={test.root}>
      <button type="button">Field</button>
      <IdleDialog />
    </StoresProvider>,
  );
  return { ...test, socket, stop };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('IdleDialog', () => {
  it('stays closed until the daemon warns', () => {
    const { socket, stop } = renderIdle();
    act(() =>
      socket.receive({ type: 'session-state', session: { ...warning, warning: false, resetSecondsLeft: null } }),
    );
    expect(screen.queryByRole('alertdialog')).toBeNull();
    stop();
  });

  it('logged out: ARE YOU STILL HERE? with the seconds, I WANT TO CONTINUE and the return-to-start message', () => {
    const { socket, stop } = renderIdle();
    act(() => socket.receive({ type: 'session-warning', session: warning }));

    const dialog = screen.getByRole('alertdialog', { name: 'ARE YOU STILL HERE?' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.textContent).toContain('60 seconds');
    expect(dialog.textContent).toContain('If you do not answer, the kiosk will return to the start screen.');
    // The message describes the alert, so screen readers read it with the title.
    const described = document.getElementById(dialog.getAttribute('aria-describedby') ?? '');
    expect(described?.textContent).toContain('return to the start screen');
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Field', 'I WANT TO CONTINUE']);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'I WANT TO CONTINUE' }));
    expect(
      screen.getByText(/Are you still here\? The kiosk will return to the start screen in 60 seconds\./),
    ).toBeTruthy();

    act(() => vi.advanceTimersByTime(3000));
    expect(dialog.textContent).toContain('57 seconds');
    stop();
  });

  it('logged in: LOGOUT and CONTINUE with the automatic-logout message; CONTINUE answers the daemon', () => {
    const { root, socket, stop } = renderIdle();
    act(() => root.account.setUserSession({ userToken: 't', email: 'tenant@example.com' }));
    act(() => socket.receive({ type: 'session-warning', session: warning }));

    const dialog = screen.getByRole('alertdialog', { name: 'ARE YOU STILL HERE?' });
    expect(dialog.textContent).toContain('For your security, you will be logged out automatically.');
    expect(screen.getByRole('button', { name: 'LOGOUT' })).toBeTruthy();
    // CONTINUE has the focus: an Enter from a visitor who was typing does not log them out.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'CONTINUE' }));

    fireEvent.click(screen.getByRole('button', { name: 'CONTINUE' }));
    expect(socket.sent).toContainEqual({ type: 'continue' });
    act(() => socket.receive({ type: 'session-state', session: { ...warning, warning: false, secondsLeft: 180 } }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    stop();
  });

  it('asks and is answered ten times, each time with I WANT TO CONTINUE; the visit goes on (WCAG 2.2.1)', () => {
    const { socket, stop } = renderIdle();
    for (let answer = 1; answer <= 10; answer += 1) {
      act(() => socket.receive({ type: 'session-warning', session: warning }));
      fireEvent.click(screen.getByRole('button', { name: 'I WANT TO CONTINUE' }));
      act(() => socket.receive({ type: 'session-state', session: { ...warning, warning: false, secondsLeft: 180 } }));
      expect(screen.queryByRole('alertdialog'), `answer #${answer}`).toBeNull();
    }
    expect(socket.sent.filter((event) => event.type === 'continue')).toHaveLength(10);
    stop();
  });

  it('LOGOUT logs the tenant out and ends the session', () => {
    const { root, socket, stop } = renderIdle();
    act(() => root.account.setUserSession({ userToken: 't', email: 'tenant@example.com' }));
    act(() => socket.receive({ type: 'session-warning', session: warning }));
    fireEvent.click(screen.getByRole('button', { name: 'LOGOUT' }));
    expect(root.account.loggedIn).toBe(false);
    expect(socket.sent).toContainEqual({ type: 'end-session', reason: 'logout' });
    stop();
  });
});

import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import '../../../i18n';
import { StoresProvider } from '../../../shared/stores/StoresProvider';
import { ACTIVE_SESSION as active, createTestRoot, FakeSocket } from '../../../test/fakes';
import { ShellDialogs } from './ShellDialogs';

afterEach(cleanup);

// The idle warning's one-time announcement (IdleDialog: polite, so it follows the alertdialog's own).
const liveRegion = () => document.querySelector('.kiosk-visually-hidden[aria-live="polite"]');

describe('ShellDialogs', () => {
  it('mounts the dialogs once a session is active, so the idle warning has its live region before it speaks', async () => {
    FakeSocket.instances = [];
    const { root } = createTestRoot();
    const stop = root.start();
    const socket = FakeSocket.latest();
    socket.open();
    render(
      <StoresProvider root={root}>
        <ShellDialogs />
      </StoresProvider>,
    );
    expect(liveRegion()).toBeNull();

    act(() => socket.receive({ type: 'session-state', session: active }));
    await waitFor(() => expect(liveRegion()).not.toBeNull());
    expect(liveRegion()?.textContent).toBe('');

    act(() =>
      socket.receive({
        type: 'session-warning',
        session: { ...active, secondsLeft: 30, warning: true, resetSecondsLeft: 60 },
      }),
    );
    expect(screen.getByRole('alertdialog', { name: 'ARE YOU STILL HERE?' })).toBeTruthy();
    expect(liveRegion()?.textContent).toContain('Are you still here?');
    stop();
  });
});

import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import '../../i18n';
import { StoresProvider } from '../../shared/stores/StoresProvider';
import { createTestRoot } from '../../test/fakes';
import { KeyboardSlot } from './KeyboardSlot';

afterEach(cleanup);

const keyboard = () => screen.queryByRole('group', { name: 'On-screen keyboard' });

describe('KeyboardSlot', () => {
  it('has no keyboard until a field first gets focus, then shows it for that field', async () => {
    const { root } = createTestRoot();
    render(
      <StoresProvider root={root}>
        <label>
          Name
          <input type="text" data-keyboard="normal" />
        </label>
        <KeyboardSlot />
      </StoresProvider>,
    );
    expect(keyboard()).toBeNull();

    act(() => screen.getByLabelText('Name').focus());
    // The host's code loads on this first focus, then picks up the field that has the focus.
    expect(await screen.findByRole('group', { name: 'On-screen keyboard' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Shift' })).toBeTruthy();
  });
});

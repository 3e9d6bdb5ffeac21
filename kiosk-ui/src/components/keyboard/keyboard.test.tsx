import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Controller, useForm } from 'react-hook-form';
import { IMaskInput } from 'react-imask';
import { observer } from 'mobx-react-lite';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../i18n';
import { PHONE_MASK } from '../../forms/phone';
import { StoresProvider, useStores } from '../../shared/stores/StoresProvider';
import { createTestRoot } from '../../test/fakes';
import { KeyboardHost } from './KeyboardHost';
import { HOLD_DELAY_MS, HOLD_REPEAT_MS } from './KeyboardController';

afterEach(cleanup);

interface Values {
  name: string;
  email: string;
  phone: string;
  zip: string;
  pin: string;
  search: string;
  password: string;
}

/** A form declared the way product screens declare theirs, and what react-hook-form holds. */
function SampleForm({ onSubmit }: { onSubmit: (values: Values) => void }) {
  const { register, control, handleSubmit, watch } = useForm<Values>({
    defaultValues: { name: '', email: '', phone: '', zip: '', pin: '', search: '', password: '' },
  });
  const values = watch();
  return (
    <form onSubmit={handleSubmit(onSubmit)}>
      <label>
        Name
        <input type="text" data-keyboard="normal" {...register('name')} />
      </label>
      <label>
        Email
        <input type="text" inputMode="email" data-keyboard="email" {...register('email')} />
      </label>
      <label>
        Phone
        <Controller
          name="phone"
          control={control}
          render={({ field }) => (
            <IMaskInput
              mask={PHONE_MASK}
              value={field.value}
              onAccept={(value: string) => field.onChange(value)}
              inputRef={field.ref}
              onBlur={field.onBlur}
              type="text"
              inputMode="tel"
              data-keyboard="phone"
            />
          )}
        />
      </label>
      <label>
        Zip
        <input type="text" inputMode="numeric" maxLength={5} data-keyboard="numeric" {...register('zip')} />
      </label>
      <label>
        Pin
        <input type="text" data-keyboard="compact" {...register('pin')} />
      </label>
      <label>
        Search
        <input type="text" data-keyboard="submit" {...register('search')} />
      </label>
      <label>
        Password
        <input type="password" data-keyboard="normal" {...register('password')} />
      </label>
      <button type="button">Elsewhere</button>
      <output data-testid="form-state">{JSON.stringify(values)}</output>
    </form>
  );
}

function renderWithKeyboard(onSubmit = vi.fn()) {
  const { root } = createTestRoot();
  render(
    <StoresProvider root={root}>
      <SampleForm onSubmit={onSubmit} />
      <KeyboardHost />
    </StoresProvider>,
  );
  return { onSubmit };
}

function formState(): Values {
  return JSON.parse(screen.getByTestId('form-state').textContent ?? '{}') as Values;
}

const keyboard = () => screen.queryByRole('group', { name: 'On-screen keyboard' });

/** A key of the on-screen keyboard, by what it shows (or its name for function keys). */
function key(name: string): HTMLElement {
  const group = keyboard();
  if (!group) throw new Error('The on-screen keyboard is not showing');
  const match = [...group.querySelectorAll<HTMLElement>('[data-key]')].find(
    (button) => button.getAttribute('aria-label') === name || button.dataset.key === name,
  );
  if (!match) throw new Error(`No key ${name}`);
  return match;
}

/** A tap on a key as the browser delivers it (a key types on pointerdown). */
function tap(name: string): void {
  const button = key(name);
  act(() => {
    fireEvent.pointerDown(button);
    fireEvent.pointerUp(button);
    fireEvent.click(button);
  });
}

function typeKeys(keys: string): void {
  for (const character of keys) tap(character);
}

async function focusField(label: string): Promise<HTMLInputElement> {
  const field = screen.getByLabelText(label) as HTMLInputElement;
  act(() => field.focus());
  // The keys are a lazy chunk: the first load may take a while on a busy machine.
  await waitFor(() => expect(keyboard()?.querySelector('[data-key]')).toBeTruthy(), { timeout: 10_000 });
  return field;
}

function keysShown(): string[] {
  return [...(keyboard()?.querySelectorAll<HTMLElement>('[data-key]') ?? [])].map(
    (button) => button.getAttribute('aria-label') ?? button.dataset.key ?? '',
  );
}

// The first test loads the lazy keys chunk (up to 10 s on a busy machine, see focusField).
describe('on-screen keyboard', { timeout: 20_000 }, () => {
  it('shows for a focused field and hides when focus leaves it', async () => {
    renderWithKeyboard();
    expect(keyboard()).toBeNull();
    await focusField('Name');
    expect(keyboard()).toBeTruthy();
    act(() => screen.getByRole('button', { name: 'Elsewhere' }).focus());
    await waitFor(() => expect(keyboard()).toBeNull());
  });

  it('types into a react-hook-form field through native input events', async () => {
    renderWithKeyboard();
    const name = await focusField('Name');
    typeKeys('Jo');
    tap('Space');
    typeKeys('ann');
    expect(name.value).toBe('Jo ann');
    expect(formState().name).toBe('Jo ann');
    expect(name.selectionStart).toBe(6);
    expect(document.activeElement).toBe(name);
  });

  it('types a masked phone through the Controller: (555) 123-4567, caret at the end', async () => {
    renderWithKeyboard();
    const phone = await focusField('Phone');
    typeKeys('5551234567');
    expect(phone.value).toBe('(555) 123-4567');
    expect(formState().phone).toBe('(555) 123-4567');
    expect(phone.selectionStart).toBe('(555) 123-4567'.length);
    // The mask is full: a further digit changes nothing.
    tap('8');
    expect(phone.value).toBe('(555) 123-4567');
  });

  it('deletes with backspace: the character before the caret, masked fields included', async () => {
    renderWithKeyboard();
    const phone = await focusField('Phone');
    typeKeys('5551234567');
    tap('Backspace');
    tap('Backspace');
    expect(phone.value).toBe('(555) 123-45');
    expect(formState().phone).toBe('(555) 123-45');

    const name = await focusField('Name');
    typeKeys('Abc');
    act(() => name.setSelectionRange(1, 1));
    tap('Backspace');
    expect(name.value).toBe('bc');
    expect(name.selectionStart).toBe(0);
    expect(formState().name).toBe('bc');
  });

  it('follows the layout each field asks for with data-keyboard', async () => {
    renderWithKeyboard();
    await focusField('Zip');
    expect(keysShown().sort()).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'Backspace'].sort());

    await focusField('Phone');
    expect(keysShown().sort()).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'Backspace'].sort());

    await focusField('Email');
    expect(keysShown()).toEqual(expect.arrayContaining(['@', '.', '_', '-', '.com', 'q', '0']));
    expect(keysShown()).not.toContain('Shift');
    expect(keysShown()).not.toContain('Submit');

    await focusField('Search');
    expect(keysShown()).toEqual(expect.arrayContaining(['Submit', 'Shift', 'Space']));

    await focusField('Name');
    expect(keysShown()).toEqual(expect.arrayContaining(['Shift', 'Space', '@', '#']));
    expect(keysShown()).not.toContain('Submit');
    const normalKeys = keysShown().length;

    await focusField('Pin');
    expect(keyboard()?.querySelector('[data-layout="compact"]')).toBeTruthy();
    expect(keysShown()).toEqual(expect.arrayContaining(['Shift', 'Space', 'Backspace', 'Q', '1']));
    expect(keysShown().length).toBeLessThan(normalKeys);
  });

  it('capitalises the first letter of text fields, not of email or password fields', async () => {
    renderWithKeyboard();
    const name = await focusField('Name');
    expect(key('Shift').getAttribute('aria-pressed')).toBe('true');
    expect(keysShown()).toContain('Q');
    typeKeys('Jo');
    expect(name.value).toBe('Jo');
    expect(key('Shift').getAttribute('aria-pressed')).toBe('false');

    const email = await focusField('Email');
    typeKeys('jo@example');
    tap('.com');
    expect(email.value).toBe('jo@example.com');
    expect(formState().email).toBe('jo@example.com');

    const password = await focusField('Password');
    expect(key('Shift').getAttribute('aria-pressed')).toBe('false');
    typeKeys('ab');
    expect(password.value).toBe('ab');

    // A field that already holds text continues in lower case.
    await focusField('Name');
    expect(key('Shift').getAttribute('aria-pressed')).toBe('false');
  });

  it('repeats a held Backspace or letter, like a phone keyboard, and not a held Shift', async () => {
    renderWithKeyboard();
    const name = await focusField('Name');
    typeKeys('Abcdef');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const backspace = key('Backspace');
      act(() => {
        fireEvent.pointerDown(backspace);
      });
      expect(name.value).toBe('Abcde');
      act(() => vi.advanceTimersByTime(HOLD_DELAY_MS - 1));
      expect(name.value).toBe('Abcde');
      act(() => vi.advanceTimersByTime(1 + 2 * HOLD_REPEAT_MS));
      expect(name.value).toBe('Ab');
      act(() => {
        fireEvent.pointerUp(backspace);
        vi.advanceTimersByTime(10 * HOLD_REPEAT_MS);
      });
      expect(name.value).toBe('Ab');
      expect(formState().name).toBe('Ab');

      const letter = key('x');
      act(() => {
        fireEvent.pointerDown(letter);
        vi.advanceTimersByTime(HOLD_DELAY_MS + HOLD_REPEAT_MS);
        fireEvent.pointerUp(letter);
        vi.advanceTimersByTime(10 * HOLD_REPEAT_MS);
      });
      expect(name.value).toBe('Abxxx');

      const shift = key('Shift');
      act(() => {
        fireEvent.pointerDown(shift);
        vi.advanceTimersByTime(HOLD_DELAY_MS + 5 * HOLD_REPEAT_MS);
        fireEvent.pointerUp(shift);
      });
      expect(key('Shift').getAttribute('aria-pressed')).toBe('true');
      expect(keysShown()).toContain('X');
    } finally {
      vi.useRealTimers();
    }
  });

  it('submits the form from the submit layout', async () => {
    const { onSubmit } = renderWithKeyboard();
    await focusField('Search');
    typeKeys('Boxes');
    tap('Submit');
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ search: 'Boxes' });
  });

  it('stops at the field maxLength', async () => {
    renderWithKeyboard();
    const zip = await focusField('Zip');
    typeKeys('3030912');
    expect(zip.value).toBe('30309');
  });

  it('keeps the physical keyboard working beside it', async () => {
    renderWithKeyboard();
    const name = await focusField('Name');
    typeKeys('A');
    await userEvent.type(name, 'nn');
    expect(name.value).toBe('Ann');
    expect(formState().name).toBe('Ann');
    const phone = await focusField('Phone');
    await userEvent.type(phone, '555');
    typeKeys('1234567');
    expect(phone.value).toBe('(555) 123-4567');
  });

  it('can be hidden and shown again without losing the field', async () => {
    renderWithKeyboard();
    const name = await focusField('Name');
    fireEvent.click(screen.getByRole('button', { name: 'Hide keyboard' }));
    expect(keyboard()).toBeNull();
    expect(document.activeElement).toBe(name);
    fireEvent.click(screen.getByRole('button', { name: 'Show keyboard' }));
    await waitFor(() => expect(keyboard()?.querySelector('[data-key]')).toBeTruthy(), { timeout: 10_000 });
    typeKeys('Z');
    expect(name.value).toBe('Z');
  });

  it('keeps typing into the field when a key tap moves focus away', async () => {
    renderWithKeyboard();
    const name = await focusField('Name');
    const button = key('Q');
    // A browser that focuses nothing (body) on a tap: the field stays the target and is refocused.
    act(() => {
      fireEvent.pointerDown(button);
      name.blur();
    });
    await act(async () => {
      await new Promise((done) => setTimeout(done, 5));
    });
    expect(name.value).toBe('Q');
    act(() => {
      fireEvent.pointerUp(button);
    });
    tap('x');
    expect(name.value).toBe('Qx');
    expect(document.activeElement).toBe(name);
  });

  it('stays until a tap on a button has landed, so the layout does not move under the finger', async () => {
    renderWithKeyboard();
    await focusField('Name');
    const elsewhere = screen.getByRole('button', { name: 'Elsewhere' });
    // pointerdown on the button moves focus to it; the keyboard must still be there for the click.
    act(() => {
      fireEvent.pointerDown(elsewhere);
      elsewhere.focus();
    });
    await act(async () => {
      await new Promise((done) => setTimeout(done, 20));
    });
    expect(keyboard()).toBeTruthy();
    act(() => {
      fireEvent.pointerUp(elsewhere);
      fireEvent.click(elsewhere);
    });
    await waitFor(() => expect(keyboard()).toBeNull());
  });

  it('lets go of a field that a section change removed', async () => {
    const { root } = createTestRoot();
    const HomeField = observer(function HomeField() {
      const { shell } = useStores();
      return shell.section === 'home' ? (
        <label>
          Name
          <input type="text" data-keyboard="normal" />
        </label>
      ) : null;
    });
    render(
      <StoresProvider root={root}>
        <HomeField />
        <KeyboardHost />
      </StoresProvider>,
    );
    await focusField('Name');
    act(() => root.shell.selectSection('size_guide'));
    await waitFor(() => expect(keyboard()).toBeNull());
    expect(screen.queryByRole('button', { name: 'Show keyboard' })).toBeNull();
  });
});
